"use client";
// The time chart and the world map loaded on demand (victory ~100 KB, the map ~65 KB gzip), so
// the dashboard's first script stays small. Each waits in a placeholder of exactly its box
// (widgets/sizes.ts): nothing moves when the code arrives. The map sits below the fold: its code
// is fetched, and its countries projected, only once its box comes near the viewport.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
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

/** How far outside the viewport the map's box starts loading, so a scroll usually finds it drawn. */
const MAP_MARGIN = "400px 0px";

export function WorldMapLazy(props: { rows: ListRow[] }) {
  const [near, setNear] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (near || !el) return;
    // NOTE: happy-dom and old browsers lack IntersectionObserver: draw at once there.
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
        // NOTE: told to useFilled (dashboard-hooks.ts): a map known to be off-screen is not waited for.
        else el.dataset.map = "off-screen";
      },
      { rootMargin: MAP_MARGIN },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  const placeholder = (
    <div ref={box} data-testid="world-map-placeholder" className="relative flex w-full items-center justify-center" style={{ aspectRatio: MAP_ASPECT }}>
      {/* NOTE: only the backdrop pulses; fading text would fail contrast half of the time. */}
      <div aria-hidden className="absolute inset-0 animate-pulse rounded-lg bg-gray-100 dark:bg-gray-800/50" />
      <span className="relative text-sm text-gray-600 dark:text-gray-400">Loading the map…</span>
    </div>
  );
  return near ? (
    <Suspense fallback={placeholder}>
      <LazyMap {...props} />
    </Suspense>
  ) : (
    placeholder
  );
}
