"use client";
// Bots & crawlers: what the site's server spent on bots and AI crawlers over the dashboard's range
// (GET /api/domains/:domain/crawlers): a bar of the bytes served by purpose, then each crawler with
// its operator, requests, data and energy. None of it is a visit. Counts come from the server's
// access log (POST /api/ingest/log) and from crawlers that run the tracker; a public dashboard
// does not show them.
import { useEffect, useState } from "react";
import { CRAWLER_PURPOSES, PURPOSE_NAMES, type CrawlerPurpose, type CrawlerRow, type CrawlerStats } from "../../../src/shared/crawlers";
import { api } from "../../forms/api";
import type { Range } from "../date-rules";
import { formatBytes, formatNumber, formatPercent } from "../format";
import { LOADING } from "./ListWidget";

export type CrawlersProps = { domain: string | null; range: Range; limit: number; tick: unknown };

const CARD = "min-w-0 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900";
// NOTE: purposes are kinds, not verdicts: four hues that carry no good or bad (no green, no red).
const PURPOSE_COLOR: Record<CrawlerPurpose, string> = { training: "#7c3aed", search: "#2563eb", assistant: "#0891b2", other: "#9ca3af" };

/** Energy as people read it: watt-hours below a kilowatt-hour. */
export function formatEnergy(kwh: number): string {
  if (kwh >= 1) return `${kwh.toPrecision(3)} kWh`;
  const wh = kwh * 1000;
  return `${wh >= 10 ? Math.round(wh) : wh.toPrecision(2)} Wh`;
}

type Loaded = { stats: CrawlerStats } | { error: string };

function useCrawlers(domain: string | null, range: Range, tick: unknown): Loaded | undefined {
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    if (!domain) return;
    let current = true;
    const query = new URLSearchParams(range).toString();
    void api<CrawlerStats>("GET", `/api/domains/${encodeURIComponent(domain)}/crawlers?${query}`).then(
      (r) => current && setLoaded(r.ok ? { stats: r.data } : { error: r.message }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the tick changes with every load of the dashboard's range
  }, [domain, tick]);
  return loaded;
}

/** The bytes served by purpose, as one bar and its legend. */
function PurposeBar({ rows, total }: { rows: CrawlerRow[]; total: number }) {
  const by = CRAWLER_PURPOSES.map((p) => ({ purpose: p, bytes: rows.filter((r) => r.purpose === p).reduce((s, r) => s + r.bytes, 0) })).filter((p) => p.bytes > 0);
  return (
    <figure className="mb-4">
      <div className="flex h-3 overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800" role="img" aria-label={by.map((p) => `${PURPOSE_NAMES[p.purpose]} ${formatPercent(p.bytes / total)}`).join(", ")}>
        {by.map((p) => (
          <span key={p.purpose} data-purpose={p.purpose} style={{ width: `${(p.bytes / total) * 100}%`, background: PURPOSE_COLOR[p.purpose] }} />
        ))}
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-600 dark:text-gray-400">
        {by.map((p) => (
          <span key={p.purpose} className="inline-flex items-center gap-1.5">
            <span aria-hidden className="inline-block size-2.5 rounded-full" style={{ background: PURPOSE_COLOR[p.purpose] }} />
            {PURPOSE_NAMES[p.purpose]} <span className="tabular-nums">{formatPercent(p.bytes / total)}</span>
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

function Body({ loaded, domain, limit }: { loaded: Loaded | undefined; domain: string | null; limit: number }) {
  const note = "text-sm text-gray-600 dark:text-gray-400";
  if (!domain) return <p className={note}>Bots and crawlers are shown to the website&apos;s team only.</p>;
  if (!loaded) return <p className={note}>{LOADING}</p>;
  if ("error" in loaded) return <p className="text-sm text-red-700 dark:text-red-300" role="alert">{loaded.error}</p>;
  const { rows, total } = loaded.stats;
  if (!rows.length) {
    return (
      <p className={note}>
        No bots or crawlers counted in this range. Crawlers rarely run JavaScript, so most reach only your server&apos;s log:{" "}
        <a className="text-blue-700 underline dark:text-blue-300" href="/docs/crawlers">send its lines to Bothy</a>.
      </p>
    );
  }
  const num = "whitespace-nowrap px-2 py-1.5 text-right tabular-nums";
  return (
    <>
      <PurposeBar rows={rows} total={total.bytes} />
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-xs text-gray-600 dark:text-gray-400">
            <tr className="border-b border-gray-200 dark:border-gray-800">
              <th className="px-2 py-1.5 text-left font-medium">Crawler</th>
              <th className="px-2 py-1.5 text-right font-medium">Requests</th>
              <th className="px-2 py-1.5 text-right font-medium">Data</th>
              <th className="px-2 py-1.5 text-right font-medium">Energy</th>
            </tr>
          </thead>
          <tbody className="text-gray-900 dark:text-gray-100">
            {rows.slice(0, limit).map((r) => (
              <tr key={r.crawler} data-crawler={r.crawler} className="border-b border-gray-100 last:border-0 dark:border-gray-800">
                <td className="px-2 py-1.5">
                  <span className="font-medium">{r.crawler}</span>
                  <span className="block text-xs text-gray-600 dark:text-gray-400">
                    <span aria-hidden className="mr-1 inline-block size-2 rounded-full" style={{ background: PURPOSE_COLOR[r.purpose] }} />
                    {r.operator === r.crawler ? PURPOSE_NAMES[r.purpose] : `${r.operator} · ${PURPOSE_NAMES[r.purpose]}`}
                  </span>
                </td>
                <td className={num}>{formatNumber(r.requests)}</td>
                <td className={num}>{formatBytes(r.bytes)}</td>
                <td className={num}>{formatEnergy(r.kwh)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="font-medium text-gray-900 dark:text-gray-100">
            <tr className="border-t border-gray-200 dark:border-gray-800">
              <td className="px-2 py-1.5">All {rows.length} crawlers</td>
              <td className={num} data-total="requests">{formatNumber(total.requests)}</td>
              <td className={num} data-total="bytes">{formatBytes(total.bytes)}</td>
              <td className={num} data-total="energy">{formatEnergy(total.kwh)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

export function Crawlers({ domain, range, limit, tick }: CrawlersProps) {
  const loaded = useCrawlers(domain, range, tick);
  return (
    <div className={CARD}>
      <h3 className="text-base font-semibold text-gray-900 dark:text-white">Bots &amp; crawlers</h3>
      <p className="mb-3 text-xs text-gray-600 dark:text-gray-400">What your server sent to bots and AI crawlers. Never counted as visits.</p>
      <Body loaded={loaded} domain={domain} limit={limit} />
    </div>
  );
}
