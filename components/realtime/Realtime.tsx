"use client";
// The realtime view (/dashboard/{domain}/realtime, /public/{id}/realtime): the last 30 minutes by
// minute, "on the site now" and the top pages, sources, countries and devices, redrawn from each
// snapshot of the stream (use-realtime.ts) without a reload. Counts only: no visit is listed.
import { valueName } from "../dashboard/filter-values";
import { formatNumber } from "../dashboard/format";
import type { FilterDimension } from "../../src/shared/filters";
import { NOW_MINUTES, type RealtimeRow, type RealtimeSnapshot } from "../../src/shared/realtime";
import { MinuteChart } from "./MinuteChart";
import { useRealtime } from "./use-realtime";

const LISTS: { key: keyof Pick<RealtimeSnapshot, "pages" | "sources" | "countries" | "devices">; title: string; dim: FilterDimension | null }[] = [
  { key: "pages", title: "Top pages", dim: null },
  { key: "sources", title: "Top sources", dim: "referrer" },
  { key: "countries", title: "Countries", dim: "country" },
  { key: "devices", title: "Devices", dim: "device" },
];

const card = "min-w-0 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900";

export function Realtime({ target, title, back }: { target: { domain: string } | { id: string }; title: string; back: string }) {
  const state = useRealtime(target);
  const snapshot = state.status === "refused" ? null : state.snapshot;
  const total = snapshot ? snapshot.minutes.reduce((a, b) => a + b, 0) : 0;
  return (
    <div className="min-h-screen bg-gray-50 dark:bg-gray-950">
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-6 desk:px-8" data-testid="realtime" data-live={state.status === "live" || undefined}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <h1 className="text-xl font-bold wrap-anywhere text-gray-900 dark:text-white">{title}</h1>
          <p className="text-sm text-gray-600 dark:text-gray-400">Realtime · the last 30 minutes</p>
        </div>
        <div className="flex items-center gap-3 text-sm">
          <span role="status" className="inline-flex items-center gap-1.5 text-gray-700 dark:text-gray-300">
            <span aria-hidden="true" className={`size-2 rounded-full ${state.status === "live" ? "bg-green-600 motion-safe:animate-pulse" : "bg-gray-400"}`} />
            {state.status === "live" ? "Live" : state.status === "refused" ? "Not available" : state.status === "reconnecting" ? "Reconnecting…" : "Connecting…"}
          </span>
          <a href={back} className="text-blue-700 underline dark:text-blue-400">Back to the dashboard</a>
        </div>
      </div>
      {state.status === "refused" ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-white p-6 dark:border-red-900 dark:bg-gray-900">
          <p className="text-gray-800 dark:text-gray-200">{state.message}</p>
        </div>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 desk:grid-cols-[16rem_1fr]">
            <div className={`${card} flex flex-col justify-center gap-4`}>
              <div>
                <p className="text-4xl font-bold tabular-nums text-gray-900 dark:text-white" data-testid="on-now">{snapshot ? formatNumber(snapshot.onNow) : "–"}</p>
                <p className="text-sm text-gray-700 dark:text-gray-300">on the site now</p>
                <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">Page views of the last {NOW_MINUTES} minutes whose visitor has not left yet</p>
              </div>
              <div>
                <p className="text-2xl font-semibold tabular-nums text-gray-900 dark:text-white" data-testid="realtime-views">{snapshot ? formatNumber(total) : "–"}</p>
                <p className="text-sm text-gray-700 dark:text-gray-300">page views in 30 minutes</p>
              </div>
            </div>
            <div className={card}>
              <h2 className="mb-2 text-sm font-semibold text-gray-900 dark:text-white">Page views per minute</h2>
              {snapshot ? <MinuteChart from={snapshot.from} minutes={snapshot.minutes} /> : <div className="h-[220px] animate-pulse rounded-lg bg-gray-50 dark:bg-gray-800/50" />}
            </div>
          </div>
          <div className="grid grid-cols-1 gap-4 desk:grid-cols-2">
            {LISTS.map((l) => (
              <TopList key={l.key} id={l.key} title={l.title} rows={snapshot?.[l.key] ?? null} name={(label) => (l.dim ? valueName(l.dim, label) : label)} />
            ))}
          </div>
        </>
      )}
    </div>
    </div>
  );
}

function TopList({ id, title, rows, name }: { id: string; title: string; rows: RealtimeRow[] | null; name: (label: string) => string }) {
  const most = Math.max(1, ...(rows ?? []).map((r) => r.views));
  return (
    <section className={card} aria-label={title}>
      <div className="mb-2 flex justify-between text-sm font-semibold text-gray-900 dark:text-white">
        <h2>{title}</h2>
        <span className="text-gray-600 dark:text-gray-400">Views</span>
      </div>
      {rows && rows.length === 0 && <p className="py-4 text-sm text-gray-600 dark:text-gray-400">Nothing in the last 30 minutes.</p>}
      <ul data-testid={`realtime-${id}`} className="space-y-1">
        {(rows ?? []).map((r) => (
          <li key={r.label} className="relative flex items-center justify-between gap-3 rounded px-2 py-1 text-sm">
            <span aria-hidden="true" className="absolute inset-y-0 left-0 rounded bg-blue-50 dark:bg-blue-950" style={{ width: `${(r.views / most) * 100}%` }} />
            <span className="relative min-w-0 truncate text-gray-800 dark:text-gray-200" title={name(r.label)}>{name(r.label)}</span>
            <span className="relative tabular-nums text-gray-900 dark:text-white">{formatNumber(r.views)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
