"use client";
// The time chart, the world map, the Funnels and Speed sections and the goal form loaded on demand (victory
// ~100 KB, the map ~65 KB gzip, funnels and the form a few), so the dashboard's first script stays
// small; the goal form's code comes when the owner opens it. The
// chart and map wait in a placeholder of exactly their box (widgets/sizes.ts): nothing moves when
// the code arrives. The map, the funnels and the speed section sit below the fold: their code is fetched (and the map's
// countries projected) only once their box comes near the viewport.
//
// TRICKY: not React.lazy and Suspense: React holds back the reveal of a boundary whose fallback
// showed for up to 300 ms (so that several reveals land at once), which kept a chart whose code
// was already there off the page for that long after its numbers came. A module is state here.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import type { ListRow } from "../../../src/shared/stats";
import { CHART_HEIGHT, MAP_ASPECT } from "./sizes";
import type { TimeChartProps } from "./TimeChart";
import type { FunnelsProps } from "./Funnels";
import type { SpeedProps } from "./Speed";
import type { GoalFormProps } from "./GoalForm";

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
const funnels = loader(() => import("./Funnels"));
const speed = loader(() => import("./Speed"));
const goalForm = loader(() => import("./GoalForm"));

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

/** How far outside the viewport a box below the fold starts loading, so a scroll usually finds it drawn. */
const NEAR_MARGIN = "400px 0px";

/**
 * Whether `box` has come near the viewport (then true for good). `mark` is told to useFilled
 * (dashboard-hooks.ts): a box known to be off-screen is not waited for.
 */
function useNear(box: React.RefObject<HTMLElement | null>, mark?: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (near || !el) return;
    // NOTE: old browsers lack IntersectionObserver: draw at once there.
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return void (mark && (el.dataset[mark] = "off-screen"));
        if (mark) delete el.dataset[mark];
        setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [box, mark, near]);
  return near;
}

export function WorldMapLazy(props: { rows: ListRow[] }) {
  const box = useRef<HTMLDivElement>(null);
  const mod = useLoaded(map, useNear(box, "map"));
  if (mod) return <mod.WorldMap {...props} />;
  return (
    <div ref={box} data-testid="world-map-placeholder" className="relative flex w-full items-center justify-center" style={{ aspectRatio: MAP_ASPECT }}>
      {/* NOTE: only the backdrop pulses; fading text would fail contrast half of the time. */}
      <div aria-hidden className="absolute inset-0 animate-pulse rounded-lg bg-gray-100 dark:bg-gray-800/50" />
      <span className="relative text-sm text-gray-600 dark:text-gray-400">Loading the map…</span>
    </div>
  );
}

/** A lazily loaded section's box until its code arrives: watched by `box`, named for the tests. */
function SectionPlaceholder({ box, name }: { box: RefObject<HTMLDivElement | null>; name: string }) {
  return (
    <div ref={box} data-testid={`${name}-placeholder`} className="flex min-h-40 items-center justify-center rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <span className="text-sm text-gray-600 dark:text-gray-400">{`Loading ${name}…`}</span>
    </div>
  );
}

export function FunnelsLazy(props: FunnelsProps) {
  const box = useRef<HTMLDivElement>(null);
  const mod = useLoaded(funnels, useNear(box));
  if (mod) return <mod.Funnels {...props} />;
  return <SectionPlaceholder box={box} name="funnels" />;
}

export function SpeedLazy(props: SpeedProps) {
  const box = useRef<HTMLDivElement>(null);
  const mod = useLoaded(speed, useNear(box));
  if (mod) return <mod.Speed {...props} />;
  return <SectionPlaceholder box={box} name="speed" />;
}

export function GoalFormLazy(props: GoalFormProps) {
  const mod = useLoaded(goalForm, true);
  return mod ? <mod.GoalForm {...props} /> : <p className="py-2 text-sm text-gray-600 dark:text-gray-400">Loading the form…</p>;
}
