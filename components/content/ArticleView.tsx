// The blog layout of one article: the article's width, its title, date, author, reading time and
// tags, the cover image with its size, then the text.
import { ArticleMeta } from "./ArticleMeta";
import { Markdown } from "./Markdown";
import type { ArticleData } from "./types";

export function ArticleView({ article, section }: { article: ArticleData; section: string }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <p className="text-sm font-medium">
        <a href={`/${article.type}`} className="text-blue-700 hover:underline dark:text-blue-300">← {section}</a>
      </p>
      <h1 className="mt-4 text-4xl font-bold tracking-tight text-gray-900 dark:text-white">{article.title}</h1>
      <ArticleMeta article={article} />
      {article.cover && (
        <img className="mt-8 h-auto w-full rounded-lg" src={article.cover.src} alt={article.cover.alt} width={article.cover.width} height={article.cover.height} />
      )}
      <div className="mt-8">
        <Markdown html={article.html} />
      </div>
    </article>
  );
}
