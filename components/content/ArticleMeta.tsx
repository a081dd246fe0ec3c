// An article's byline: date, author, reading time, and its tags as links to the filtered list.
import type { ArticleData } from "./types";

/** "2026-11-23" → "23 November 2026", the same on every server whatever its time zone. */
export const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export function ArticleMeta({ article, withAuthor = true }: { article: ArticleData; withAuthor?: boolean }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-gray-700 dark:text-gray-300">
      <time dateTime={article.date}>{longDate(article.date)}</time>
      {withAuthor && <span>by {article.author}</span>}
      <span>{article.readingMinutes} min read</span>
      {article.tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {article.tags.map((tag) => (
            <li key={tag}>
              <a href={`/${article.type}?tag=${tag}`} className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-200">
                {tag}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
