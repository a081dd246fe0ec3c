"use client";
// The time chart and the world map loaded on demand (victory ~100 KB, the map ~65 KB gzip), so
// the dashboard's first script stays small. Each waits in a placeholder of exactly its box
// (widgets/sizes.ts): nothing moves when the code arrives. The map sits below the fold: its code
// is fetched, and its countries projected, only once its box comes near the viewport.
//
// TRICKY: not React.lazy and Suspense: React holds back the reveal of a boundary whose fallback
// showed for up to 300 ms (so that several reveals land at once), which kept a chart whose code
// was already there off the page for that long after its numbers came. A module is state here.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ListRow } from "../../../src/shared/stats";
import { CHART_HEIGHT, MAP_ASPECT } from "./sizes";
import type { TimeChartProps } from "./TimeChart";

/** A module imported once, on first need, and known synchronously once it arrived. */
function loader<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    now: () => loaded,
    load: () =>
      (pending ??= load().then(
        (m) => (loaded = m),
        (err: unknown) => {
          pending = undefined; // NOTE: the next mount tries again
          throw err;
        },
      )),
  };
}
const chart = loader(() => import("./TimeChart"));
const map = loader(() => import("./WorldMap"));

/** Starts fetching the chart's code (the dashboard does while its first answers are on their way). */
// NOTE: a failure here is told when the chart itself asks for the code.
export const preloadChart = () => void chart.load().catch(() => undefined);

/** The module once `wanted` and loaded. NOTE: undefined in the first render, on the server too,
 * so hydration matches; a module already here arrives before the browser paints. */
function useLoaded<M>(l: ReturnType<typeof loader<M>>, wanted: boolean): M | undefined {
  const [mod, setMod] = useState<M>();
  useLayoutEffect(() => {
    if (!wanted || mod) return;
    const now = l.now();
    if (now) return setMod(() => now);
    let live = true;
    l.load().then(
      (m) => live && setMod(() => m),
      (err: unknown) => console.warn("a dashboard drawing's code did not load", err),
    );
    return () => {
      live = false;
    };
  }, [l, wanted, mod]);
  return mod;
}

export function TimeChartLazy(props: TimeChartProps) {
  const mod = useLoaded(chart, true);
  return mod ? (
    <mod.TimeChart {...props} />
  ) : (
    <div className="w-full animate-pulse rounded-lg bg-gray-50 dark:bg-gray-800/50" style={{ height: props.height ?? CHART_HEIGHT }}>
      <span className="sr-only">Loading the chart…</span>
    </div>
  );
}

/** How far outside the viewport the map's box starts loading, so a scroll usually finds it drawn. */
const MAP_MARGIN = "400px 0px";

export function WorldMapLazy(props: { rows: ListRow[] }) {
  const [near, setNear] = useState(false);
  const mod = useLoaded(map, near);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (near || !el) return;
    // NOTE: old browsers lack IntersectionObserver: draw at once there.
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const io = new IntersectionObserver(
      (entries) => {
        // NOTE: told to useFilled (dashboard-hooks.ts): a map known to be off-screen is not waited for.
        if (!entries.some((e) => e.isIntersecting)) return void (el.dataset.map = "off-screen");
        delete el.dataset.map;
        setNear(true);
      },
      { rootMargin: MAP_MARGIN },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  if (mod) return <mod.WorldMap {...props} />;
  return (
    <div ref={box} data-testid="world-map-placeholder" className="relative flex w-full items-center justify-center" style={{ aspectRatio: MAP_ASPECT }}>
      {/* NOTE: only the backdrop pulses; fading text would fail contrast half of the time. */}
      <div aria-hidden className="absolute inset-0 animate-pulse rounded-lg bg-gray-100 dark:bg-gray-800/50" />
      <span className="relative text-sm text-gray-600 dark:text-gray-400">Loading the map…</span>
    </div>
  );
}
