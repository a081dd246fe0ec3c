// The docs layout: a sidebar with the search box and the pages by section (the current one marked),
// and the page's text beside it.
import { DocsSearch } from "./DocsSearch";
import { Markdown } from "./Markdown";
import type { DocSection } from "./types";

type Props = { sections: DocSection[]; current: string; title: string; description: string; html: string };

export function DocsShell({ sections, current, title, description, html }: Props) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-12 desk:flex-row">
      <aside className="desk:w-64 desk:shrink-0">
        <DocsSearch />
        <nav aria-label="Documentation" className="mt-8 space-y-6">
          {sections.map((s) => (
            <div key={s.title}>
              <h2 className="text-xs font-semibold tracking-wide text-gray-700 uppercase dark:text-gray-300">{s.title}</h2>
              <ul className="mt-2 space-y-1">
                {s.pages.map((p) => (
                  <li key={p.url}>
                    <a
                      href={p.url}
                      aria-current={p.url === current ? "page" : undefined}
                      className={`block rounded px-2 py-1 text-sm ${p.url === current ? "bg-blue-50 font-semibold text-blue-800 dark:bg-blue-950 dark:text-blue-200" : "text-gray-800 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"}`}
                    >
                      {p.title}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
      <article className="min-w-0 flex-1">
        <h1 className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white">{title}</h1>
        <p className="mt-3 text-lg text-gray-700 dark:text-gray-300">{description}</p>
        <div className="mt-6">
          <Markdown html={html} />
        </div>
      </article>
    </div>
  );
}
