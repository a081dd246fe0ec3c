"use client";
// The docs search box: fetches the index the server built at start (/docs/search.json) on first
// use and searches titles, headings and text in the browser; every word typed must match.
import { useRef, useState } from "react";

type Entry = { url: string; title: string; section: string; description: string; headings: { id: string; text: string }[]; text: string };
type Hit = { href: string; title: string; where: string; score: number };

const MAX_HITS = 8;

/** The pages matching every word of `query`, best first: a title counts most, then a heading, then the text. */
export function searchDocs(index: Entry[], query: string): Hit[] {
  const words = query.toLowerCase().split(/\s+/).filter((w) => w.length > 1);
  if (!words.length) return [];
  const hits: Hit[] = [];
  for (const e of index) {
    const title = e.title.toLowerCase();
    const all = `${title} ${e.description} ${e.text}`.toLowerCase();
    if (!words.every((w) => all.includes(w))) continue;
    const heading = e.headings.find((h) => words.some((w) => h.text.toLowerCase().includes(w)));
    const score = words.filter((w) => title.includes(w)).length * 10 + (heading ? 5 : 0);
    hits.push({ href: heading ? `${e.url}#${heading.id}` : e.url, title: e.title, where: heading ? heading.text : e.section, score });
  }
  return hits.sort((a, b) => b.score - a.score).slice(0, MAX_HITS);
}

export function DocsSearch() {
  const index = useRef<Promise<Entry[]> | null>(null);
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<Hit[]>([]);
  const [failed, setFailed] = useState(false);

  const load = () =>
    (index.current ??= fetch("/docs/search.json").then((r) => {
      if (!r.ok) throw new Error(`search index answered ${r.status}`);
      return r.json() as Promise<Entry[]>;
    }));

  const search = async (q: string) => {
    setQuery(q);
    try {
      const found = searchDocs(await load(), q);
      setHits(found);
      setFailed(false);
    } catch (err) {
      console.error(err);
      index.current = null;
      setFailed(true);
    }
  };

  return (
    <div role="search">
      <label htmlFor="docs-search" className="text-sm font-semibold text-gray-900 dark:text-white">Search the docs</label>
      <input
        id="docs-search"
        type="search"
        value={query}
        onFocus={() => void load().catch(() => setFailed(true))}
        onChange={(e) => void search(e.target.value)}
        placeholder="e.g. bounce, Docker"
        className="mt-1 w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm dark:border-gray-700 dark:bg-gray-900"
      />
      <div aria-live="polite" className="text-sm">
        {failed && <p className="mt-2 text-red-600">The search is unavailable; the pages are listed below.</p>}
        {query.trim().length > 1 && !failed && (
          hits.length ? (
            <ul className="mt-2 space-y-1 rounded-md border border-gray-200 p-2 dark:border-gray-700">
              {hits.map((h) => (
                <li key={h.href}>
                  <a href={h.href} className="block rounded px-2 py-1 hover:bg-gray-100 dark:hover:bg-gray-800">
                    <span className="font-medium text-blue-700 dark:text-blue-300">{h.title}</span>
                    <span className="block text-xs text-gray-700 dark:text-gray-300">{h.where}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-gray-700 dark:text-gray-300">No page matches “{query.trim()}”.</p>
          )
        )}
      </div>
    </div>
  );
}
