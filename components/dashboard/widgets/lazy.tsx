"use client";
// The time chart and the world map loaded on demand (victory ~100 KB, the map ~70 KB gzip), so
// the dashboard's first script stays small. Each waits in a placeholder of exactly its box
// (widgets/sizes.ts): nothing moves when the code arrives.
import { lazy, Suspense } from "react";
import type { ListRow } from "../../../src/shared/stats";
import { CHART_HEIGHT, MAP_ASPECT } from "./sizes";
import type { TimeChartProps } from "./TimeChart";

const LazyChart = lazy(() => import("./TimeChart").then((m) => ({ default: m.TimeChart })));
const LazyMap = lazy(() => import("./WorldMap").then((m) => ({ default: m.WorldMap })));

export function TimeChartLazy(props: TimeChartProps) {
  return (
    <Suspense
      fallback={
        <div className="w-full animate-pulse rounded-lg bg-gray-50 dark:bg-gray-800/50" style={{ height: props.height ?? CHART_HEIGHT }}>
          <span className="sr-only">Loading the chart…</span>
        </div>
      }
    >
      <LazyChart {...props} />
    </Suspense>
  );
}

export function WorldMapLazy(props: { rows: ListRow[] }) {
  return (
    <Suspense
      fallback={
        <div className="w-full animate-pulse rounded-lg bg-gray-50 dark:bg-gray-800/50" style={{ aspectRatio: MAP_ASPECT }}>
          <span className="sr-only">Loading the map…</span>
        </div>
      }
    >
      <LazyMap {...props} />
    </Suspense>
  );
}
