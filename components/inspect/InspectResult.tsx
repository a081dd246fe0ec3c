// One finished inspection: screenshot and title, the cached notice or "Last
// checked: Just now", the rating letter with the percentile sentence, the large figures (the
// Ecoindex grade beside the SWD rating), "what to fix", the history
// charts, the blocked requests and the files by type. Rendered in the browser only, inside InspectView.
import { lazy, Suspense } from "react";
import { formatBytes } from "../../src/shared/units";
import type { CheckAnswer } from "../../src/inspect/client";
import {
  blockedList,
  blockedTotal,
  fileGroups,
  formatGrams,
  formatWhen,
  percentileClass,
  percentileSentence,
} from "./format";
import { CarbonTxtClaims } from "./CarbonTxtClaims";
import { Screenshot } from "./Screenshot";
import { UrlText, WhatToFix } from "./WhatToFix";

export type Answer = Exclude<CheckAnswer, { action: "check_again" }>;

// NOTE: victory is about 100 kB of gzip; only a visitor who gets two or more runs loads it.
const HistoryCharts = lazy(() => import("./HistoryCharts"));

const h2 = "text-2xl font-semibold text-gray-900 dark:text-white";

// NOTE: a function of its own, which keeps the result's component within the complexity limit.
const carbonTxtOf = (detail: Answer["result"]["detail"]) => detail?.carbonTxt;

export function InspectResult({ answer, checkAgain }: { answer: Answer; checkAgain: () => void }) {
  const { result, history, averages } = answer;
  const detail = result.detail;
  const blocked = detail?.blocked ?? {};
  const cookies = Object.values(detail?.cookies ?? {});
  const refusedCookies = cookies.filter((c) => !c.stored).length;
  const title = detail?.title || result.url;

  return (
    <article aria-labelledby="inspect-title" className="grid gap-12">
      <div className="grid items-start gap-8 desk:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <Screenshot src={result.screenshot} title={title} />
        <div>
          <h2 id="inspect-title" className="text-3xl font-bold break-words text-gray-900 dark:text-white">{title}</h2>
          <p className="mt-1 break-words text-gray-700 dark:text-gray-300"><UrlText url={result.url} /></p>
          {result.cached ? (
            <p className="mt-4 text-gray-700 dark:text-gray-300" data-testid="inspect-cached">
              Cached result from {formatWhen(result.timestamp)}.{" "}
              <button type="button" onClick={checkAgain} className="font-medium text-blue-700 underline hover:text-blue-900 dark:text-blue-300">
                Check again
              </button>
            </p>
          ) : (
            <p className="mt-4 text-gray-700 dark:text-gray-300">Last checked: Just now</p>
          )}
          <Rating rating={detail?.rating} co2={result.co2} />
          {averages.percentile !== null && <Percentile p={averages.percentile} source={averages.source} rating={detail?.rating} />}
        </div>
      </div>

      <div>
        <dl className="grid grid-cols-2 gap-4 desk:grid-cols-3">
          <ResultStat
            label="Emissions per visit"
            value={`${formatGrams(result.co2)} CO2`}
            note={detail?.rating ? `Rating ${detail.rating} on the Sustainable Web Design v4 scale: grams per visit from bytes transferred` : undefined}
          />
          <EcoindexFigure ecoindex={detail?.ecoindex} />
          <ResultStat label="Green energy" value={detail && detail.green !== "unknown" ? "Yes" : "Not known"} note={greenNote(detail?.green)} />
          <ResultStat label="Requests" value={String(result.filecount)} note={requestsNote(detail)} />
          <ResultStat label="Total size" value={formatBytes(result.bytes)} />
          <ResultStat label="Blocked requests" value={String(blockedTotal(blocked))} note="Ads and trackers a blocker would stop" />
          <ResultStat
            label="Cookies set"
            value={String(cookies.length)}
            note={refusedCookies ? `${refusedCookies} refused by the browser as third-party cookies` : undefined}
          />
        </dl>
        <CarbonTxtClaims claims={carbonTxtOf(detail)} />
        {detail?.ecoindex && <TwoModels />}
      </div>

      <WhatToFix fixes={detail?.fixes} />

      <section aria-labelledby="history-title">
        <h2 id="history-title" className={h2}>Over time</h2>
        {history.length < 2 ? (
          <p className="mt-4 rounded-xl bg-gray-100 p-8 text-center text-gray-700 dark:bg-gray-900 dark:text-gray-300">No historic data</p>
        ) : (
          <Suspense fallback={<p className="mt-4 text-gray-700 dark:text-gray-300">Loading the charts…</p>}>
            <HistoryCharts history={history} />
          </Suspense>
        )}
      </section>

      <section aria-labelledby="blocked-title">
        <h2 id="blocked-title" className={h2}>Blocked requests</h2>
        {blockedList(blocked).length === 0 ? (
          <p className="mt-4 text-gray-700 dark:text-gray-300">No request to a known ad or tracking service.</p>
        ) : (
          <ul className="mt-4 divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800" data-testid="blocked-list">
            {blockedList(blocked).map((b) => (
              <li key={b.host} className="flex justify-between gap-4 px-4 py-2">
                <span className="min-w-0 font-mono text-sm break-words"><UrlText url={b.host} /></span>
                <span className="text-gray-700 dark:text-gray-300">{b.count === 1 ? "1 request" : `${b.count} requests`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="files-title">
        <h2 id="files-title" className={h2}>Files</h2>
        <div className="mt-4 divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {fileGroups(detail?.files ?? {}).map((g) => (
            <details key={g.name} data-group={g.name}>
              <summary className="flex cursor-pointer justify-between gap-4 px-4 py-3 font-medium text-gray-900 dark:text-white">
                <span>{g.label}</span>
                <span className="text-gray-700 dark:text-gray-300">
                  {g.count === 1 ? "1 file" : `${g.count} files`}, {formatBytes(g.bytes)}
                </span>
              </summary>
              {g.count > 0 && (
                <ul className="px-4 pb-3 text-sm">
                  {g.entries.map((f, i) => (
                    <li key={`${f.url}#${i}`} className="flex justify-between gap-4 py-1">
                      <span className="min-w-0 font-mono break-words text-gray-800 dark:text-gray-200" title={f.url}><UrlText url={f.url} /></span>
                      <span className="shrink-0 text-gray-700 dark:text-gray-300">{formatBytes(f.bytes)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </details>
          ))}
        </div>
      </section>
    </article>
  );
}

function Rating({ rating, co2 }: { rating: string | undefined; co2: number }) {
  if (!rating) return null;
  return (
    <p className="mt-6 flex items-baseline gap-3" data-testid="inspect-rating">
      <span className="text-5xl font-bold text-gray-900 dark:text-white">{rating}</span>
      <span className="text-xl text-gray-800 dark:text-gray-200">{formatGrams(co2)} CO2 per visit</span>
    </p>
  );
}

function EcoindexFigure({ ecoindex }: { ecoindex: NonNullable<Answer["result"]["detail"]>["ecoindex"] }) {
  if (!ecoindex) return null;
  return (
    <ResultStat
      label="Ecoindex"
      value={`${ecoindex.grade} · ${ecoindex.score}/100`}
      note={`From ${ecoindex.domSize} page elements, the requests and the size, against the HTTP Archive; ${ecoindex.ghg} g CO2e and ${ecoindex.water} cl water per visit`}
    />
  );
}

/** Why the SWD grams and Ecoindex's grams of one page differ, often many times over. */
const TwoModels = () => (
  <p className="mt-3 max-w-4xl text-sm text-gray-700 dark:text-gray-300" data-testid="co2-models">
    <span className="font-medium text-gray-900 dark:text-white">Why two CO2 figures?</span> They come from two models that measure
    different things. Sustainable Web Design turns the bytes transferred on a visit into energy and CO2. Ecoindex derives its
    figure from its score (page elements, requests and bytes) with its own life-cycle scope, and never goes below 1 g, so it reads
    higher on a light page. Compare each figure with its own earlier runs, not with the other.
  </p>
);

const requestsNote = (detail: Answer["result"]["detail"]) => {
  const failed = detail?.failed ?? 0;
  const dataUrls = detail?.dataUrls ?? 0;
  const parts = [
    failed ? `${failed} failed` : "",
    dataUrls ? `${dataUrls} data: URL${dataUrls === 1 ? "" : "s"} (no transfer)` : "",
  ].filter(Boolean);
  return parts.length ? `Not counted: ${parts.join(", ")}` : undefined;
};

const greenNote = (green: string | undefined) =>
  !green || green === "unknown"
    ? "The Green Web Foundation does not list this host as green"
    : green === "yes"
      ? "Listed by the Green Web Foundation"
      : `Hosted by ${green}, listed by the Green Web Foundation`;

function Percentile({ p, source, rating }: { p: number; source: string; rating: string | undefined }) {
  const s = percentileSentence(p, rating);
  return (
    <p className="mt-6">
      <span className={`${percentileClass(p)} text-2xl font-bold`} data-testid="inspect-percentile" data-figure={s.figure}>
        {s.text}
      </span>
      <span className="mt-1 block text-sm text-gray-700 dark:text-gray-300">By page weight, compared with the {source}.</span>
    </p>
  );
}

function ResultStat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl bg-gray-100 p-5 dark:bg-gray-900">
      <dt className="text-sm font-medium text-gray-700 dark:text-gray-300">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-gray-900 dark:text-white">{value}</dd>
      {note && <dd className="mt-1 text-sm text-gray-700 dark:text-gray-300">{note}</dd>}
    </div>
  );
}
