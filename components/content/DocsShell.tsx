// The docs layout: a sidebar with the search box and the pages by section (the current one marked),
// and the page's text beside it. On a phone the sidebar is a collapsed "Documentation menu" above the
// article, so the page's own heading and text come first.
import { DocsSearch } from "./DocsSearch";
import { Markdown } from "./Markdown";
import type { DocSection } from "./types";

type Props = { sections: DocSection[]; current: string; title: string; description: string; html: string };

/** The current page's title in the menu's summary, so the closed menu still says where one is. */
const currentTitle = (sections: DocSection[], current: string) => sections.flatMap((s) => s.pages).find((p) => p.url === current)?.title;

export function DocsShell({ sections, current, title, description, html }: Props) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 desk:flex-row desk:gap-10 desk:py-12">
      {/* TRICKY: a <details> hides its content while closed; on a desktop its ::details-content is
          shown anyway and the summary hidden, so the sidebar is always open there without a script. */}
      <details className="group rounded-lg border border-gray-200 desk:w-64 desk:shrink-0 desk:border-0 desk:details-content:[content-visibility:visible] dark:border-gray-800">
        <summary className="flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm font-medium text-gray-900 desk:hidden dark:text-white">
          <span>
            Documentation menu
            {currentTitle(sections, current) && <span className="font-normal text-gray-600 dark:text-gray-400"> · {currentTitle(sections, current)}</span>}
          </span>
          <span aria-hidden="true" className="transition-transform group-open:rotate-180">▾</span>
        </summary>
        <div className="px-3 pb-4 desk:p-0">
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
        </div>
      </details>
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
