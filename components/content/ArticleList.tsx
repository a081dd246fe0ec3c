// A list of articles (blog or news), newest first, with its tag filter and the pager.
import { ArticleMeta } from "./ArticleMeta";
import type { ArticleData } from "./types";

type Props = {
  title: string;
  intro: string;
  type: "blog" | "news";
  entries: ArticleData[];
  page: number;
  pages: number;
  tag: string | null;
};

const pageHref = (type: string, page: number, tag: string | null) => {
  const q = new URLSearchParams();
  if (tag) q.set("tag", tag);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return `/${type}${s ? `?${s}` : ""}`;
};

export function ArticleList({ title, intro, type, entries, page, pages, tag }: Props) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white">{title}</h1>
      <p className="mt-3 text-lg text-gray-700 dark:text-gray-300">{intro}</p>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        Follow with <a className="text-blue-700 underline dark:text-blue-300" href={`/${type}/rss.xml`}>RSS</a> or{" "}
        <a className="text-blue-700 underline dark:text-blue-300" href={`/${type}/atom.xml`}>Atom</a>.
      </p>
      {tag && (
        <p className="mt-6 text-sm">
          Tagged <strong>{tag}</strong> · <a className="text-blue-700 underline dark:text-blue-300" href={`/${type}`}>show all</a>
        </p>
      )}
      <ol className="mt-8 space-y-10">
        {entries.map((a) => (
          <li key={a.slug}>
            <article>
              <h2 className="text-2xl font-semibold text-gray-900 dark:text-white">
                <a href={a.url} className="hover:underline">{a.title}</a>
              </h2>
              <ArticleMeta article={a} withAuthor={false} />
              <p className="mt-3 text-gray-800 dark:text-gray-200">{a.summary}</p>
            </article>
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav aria-label="Pages" className="mt-12 flex justify-between text-sm font-medium">
          {page > 1 ? <a className="text-blue-700 underline dark:text-blue-300" href={pageHref(type, page - 1, tag)}>← Newer</a> : <span />}
          <span>Page {page} of {pages}</span>
          {page < pages ? <a className="text-blue-700 underline dark:text-blue-300" href={pageHref(type, page + 1, tag)}>Older →</a> : <span />}
        </nav>
      )}
    </div>
  );
}
