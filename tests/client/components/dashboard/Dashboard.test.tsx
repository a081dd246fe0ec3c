// The dashboard's time chart: drawn as the numbers land when its code is already there, and once
// per load: the answers of PATH and REF, an empty annotations answer and the filled flag render
// the page again, but hand the chart nothing new (victory lays a chart out again on every render). The chart and the map are stand-ins
// that count their renders; a loopback Bun.serve plays /api/stats and /api/annotations.
import { afterAll, beforeAll, describe, expect, mock, test } from "bun:test";
import { act, fireEvent, render, waitFor } from "@testing-library/react";
import type { PathStats, RefStats, SummaryStats } from "../../../../src/shared/stats";

const charts: unknown[] = [];
void mock.module("../../../../components/dashboard/widgets/TimeChart", () => ({
  TimeChart: (props: unknown) => {
    charts.push(props);
    return <div data-testid="time-chart" />;
  },
}));
void mock.module("../../../../components/dashboard/widgets/WorldMap", () => ({ WorldMap: () => <div data-testid="world-map" /> }));
// NOTE: happy-dom lays nothing out, so its observer never reports; this one finds the map's box
// off-screen, as it is below the fold.
globalThis.IntersectionObserver = class {
  constructor(private report: (entries: Partial<IntersectionObserverEntry>[]) => void) {}
  observe(target: Element) {
    this.report([{ target, isIntersecting: false }]);
  }
  disconnect() {}
} as unknown as typeof IntersectionObserver;
// NOTE: imported after the mocks, so the lazy chart and map load the stand-ins.
const { Dashboard } = await import("../../../../components/dashboard/Dashboard");

const BunResponse = (globalThis as unknown as { BunResponse: typeof Response }).BunResponse;
const DAY = "2026-03-10";
const envelope = {
  validated: { SK: "example.com", tz: "UTC", created: "2026-01-01T00:00:00Z", publicID: "p", startKey: DAY, endKey: DAY, today: DAY, pro: true, historyDays: null, demo: false },
  admin: false,
  periods: { now: { startKey: DAY, endKey: DAY }, then: { startKey: "2026-03-09", endKey: "2026-03-09" } },
  error: null,
};
const row = (label: string, value: number) => ({ label, value, pc: 1, c: null });
const summary: SummaryStats = {
  ...envelope,
  dataType: "SUMMARY",
  count: { country: 1, language: 1, browser: 1, os: 1, perf: 0 },
  type: { country: "country", language: "language", browser: "browser", os: "os", perf: "page" },
  visits: { hits: 12, unique: 9, bounceNew: 9, bounceCount: 4 },
  previous: { hits: 10, unique: 8, bounceNew: 8, bounceCount: 4 },
  days: [{ stamp: DAY, visits: 12, unique: 9, hours: Array.from({ length: 24 }, (_, h) => (h === 9 ? 12 : 0)) }],
  unit: "hour",
  chart: { unit: "hour", datasets: [] },
  source: { direct: 12, search: 0, social: 0, email: 0, ai: 0, jobs: 0, unknown: 0 },
  device: { mobile: 3, tablet: 0, desktop: 9, smarttv: 0, console: 0 },
  size: { s: 3, m: 9, l: 0 },
  country: [row("de", 12)],
  language: [row("de-DE", 12)],
  browser: [row("Firefox", 12)],
  os: [row("Linux", 12)],
  perf: [],
  imported: null,
};
const path: PathStats = {
  ...envelope,
  dataType: "PATH",
  count: { path: 1, energy: 0, events: 0 },
  type: { path: "page", energy: "page", events: "event" },
  path: [{ ...row("/", 12), visits: { hits: 12, unique: 9 }, durationAvg: 30_000, bounceRate: 0.4, scrollAvg: 60 }],
  energy: "locked",
  events: "locked",
  carbonTotals: "locked",
};
const ref: RefStats = {
  ...envelope,
  dataType: "REF",
  count: { result: 1, campaign: 0 },
  type: { result: "referrer", campaign: "campaign" },
  result: [row("direct", 12)],
  path: {},
  campaign: [],
  tweets: [],
};
const answers: Record<string, unknown> = { SUMMARY: summary, PATH: path, REF: ref, GOALS: { ...envelope, dataType: "GOALS", goals: [] } };
/** Held SUMMARY answers wait for this. */
let summaryGate: Promise<void> = Promise.resolve();

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === "/api/annotations") return BunResponse.json({ annotations: [] });
    if (url.pathname === "/api/domains/example.com/funnels") return BunResponse.json({ funnels: [] });
    if (url.pathname === "/api/domains/example.com/crawlers") return BunResponse.json({ rows: [], total: { requests: 0, bytes: 0, kwh: 0 } });
    if (url.searchParams.get("dataType") === "SUMMARY") await summaryGate;
    return BunResponse.json(answers[url.searchParams.get("dataType") ?? ""] ?? {});
  },
});
beforeAll(() => (globalThis as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(`http://127.0.0.1:${server.port}/dashboard/example.com`));
afterAll(() => server.stop(true));

const owner = () => <Dashboard target={{ domain: "example.com" }} mode="owner" name="example.com" pathname="/dashboard/example.com" user={{ name: "Ada", pro: true, admin: false }} today={DAY} />;

describe("Dashboard", () => {
  test("the chart is drawn as the numbers land when its code came first, with no loading box between", async () => {
    let release = () => {};
    summaryGate = new Promise<void>((resolve) => (release = resolve));
    const { container } = render(owner());
    // NOTE: the dashboard asks for the chart's code as it mounts; this waits for the same import.
    await import("../../../../components/dashboard/widgets/TimeChart");
    release();
    await waitFor(() => expect(container.querySelector('[data-figure="visits"]')).not.toBeNull());
    expect(container.querySelector('[data-testid="time-chart"]')).not.toBeNull();
    expect(container.textContent).not.toContain("Loading the chart");
  });

  test("one load draws the chart once, though PATH, REF, the annotations and the filled flag render the page again", async () => {
    charts.length = 0;
    // NOTE: resolved once the annotations answer was read, a task after: by then the dashboard has
    // handed it to React, and act() below flushes what it scheduled.
    let read = () => {};
    const annotationsRead = new Promise<void>((resolve) => (read = resolve));
    const fetch = globalThis.fetch;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      const res = await fetch(...args);
      if (!String(args[0]).startsWith("/api/annotations")) return res;
      const json = res.json.bind(res);
      res.json = async () => {
        const body: unknown = await json();
        setTimeout(read);
        return body;
      };
      return res;
    }) as typeof fetch;
    try {
      const { container } = render(owner());
      await waitFor(() => expect(container.querySelector('[data-testid="dashboard"][data-loaded]')).not.toBeNull());
      await act(() => annotationsRead);
      expect(container.textContent).toContain("Firefox");
      // NOTE: counted by props object: React may call a component twice for one element it got.
      expect(charts.length).toBeGreaterThan(0);
      expect(new Set(charts).size).toBe(1);
    } finally {
      globalThis.fetch = fetch;
    }
  });

  test("while a slice's answers are on their way the numbers shown are marked stale and a bar sweeps; a reload of the same slice marks nothing", async () => {
    const { container } = render(owner());
    await waitFor(() => expect(container.querySelector('[data-testid="dashboard"][data-loaded]')).not.toBeNull());
    const stale = () => [...container.querySelectorAll('[aria-busy="true"]')].map((e) => e.getAttribute("aria-label") ?? e.getAttribute("data-testid"));
    const bar = () => container.querySelector('[role="progressbar"]');
    expect(stale()).toEqual([]);
    let release = () => {};
    summaryGate = new Promise<void>((resolve) => (release = resolve));
    try {
      fireEvent.click(container.querySelector('button[title="Filter by Firefox"]')!);
      await waitFor(() => expect(stale()).toEqual(["Summary", "sections"]));
      expect(bar()?.getAttribute("aria-label")).toBe("Loading the numbers for this range and filters");
      // NOTE: the unfiltered numbers stay in view meanwhile, marked, never blanked.
      expect(container.textContent).toContain("Firefox");
      release();
      await waitFor(() => expect(stale()).toEqual([]));
      expect(bar()).toBeNull();
      summaryGate = new Promise<void>((resolve) => (release = resolve));
      fireEvent.click(container.querySelector('button[aria-label="Reload the numbers"]')!);
      await waitFor(() => expect(container.querySelector('[data-testid="dashboard"][data-busy]')).not.toBeNull());
      expect(stale()).toEqual([]);
      expect(bar()).toBeNull();
      release();
      await waitFor(() => expect(container.querySelector('[data-testid="dashboard"][data-loaded]:not([data-busy])')).not.toBeNull());
    } finally {
      release();
      summaryGate = Promise.resolve();
    }
  });

  test("a range with imported days says how many and which lists they fill; one without says nothing", async () => {
    const { container, unmount } = render(owner());
    await waitFor(() => expect(container.querySelector('[data-testid="dashboard"][data-loaded]')).not.toBeNull());
    expect(container.querySelector('[data-testid="imported"]')).toBeNull();
    unmount();
    answers.SUMMARY = { ...summary, imported: { days: 3, lists: ["country", "page", "utm_source"] } };
    try {
      const again = render(owner());
      await waitFor(() => expect(again.container.querySelector('[data-testid="imported"]')).not.toBeNull());
      expect(again.container.querySelector('[data-testid="imported"]')!.textContent).toBe(
        "3 days of this range are imported history: totals and countries, pages, UTM sources. Other lists are not in the imported data.",
      );
    } finally {
      answers.SUMMARY = summary;
    }
  });
});
