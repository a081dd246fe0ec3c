// Loading the dashboard's numbers: SUMMARY first, then PATH, REF and GOALS in
// parallel, from /api/stats (owner, admin, demo) or /api/stats-public (a public id, with the
// dashboard password when protected). Every load carries a sequence number; an answer that
// arrives after a newer load started is dropped, so a slow old range never paints over a new one.
// REF comes without its entry pages per referrer and per campaign, the costliest part of a read: a
// row's popup asks for its own (useEntryPages), and a campaign's Path tab for its (useCampaignPages).
// Every read asks for the view's filters (src/shared/filters.ts): the whole page shows one slice.
// GOALS failing fails its section only, and a change of goals reads GOALS again alone (loadGoals).
// Each answer kept remembers the slice it was asked for, so the page can tell stale numbers (staleOf).
import { useCallback, useEffect, useRef, useState } from "react";
import { filtersKey, type Filter } from "../../src/shared/filters";
import { LOCKED, type DataType, type GoalsStats, type ListRow, type PathStats, type RefStats, type SummaryStats } from "../../src/shared/stats";
import type { Funnel } from "../../src/shared/funnels";
import type { Range } from "./date-rules";

/** Where the dashboard reads from: an owner's domain, or a public dashboard by its id (and password). */
export type StatsSource = { domain: string } | { id: string; password?: string };

/** How a request names its source to the API (stats and export alike): the domain, or the public id with the dashboard's password. */
export const sourceOf = (target: StatsSource): { query: Record<string, string>; headers: Record<string, string> } => ({
  query: "domain" in target ? { domain: target.domain } : { id: target.id },
  headers: "id" in target && target.password ? { "x-dashboard-password": target.password } : {},
});
export type StatsFailure = { status: number; message: string };
export type Loaded = {
  summary?: SummaryStats;
  path?: PathStats;
  ref?: RefStats;
  /** The Goals section's answer, or why it has none. */
  goals?: GoalsLoaded;
  error?: StatsFailure;
  /** A load is under way (the numbers shown are the previous range's until it lands). */
  busy: boolean;
  /** The slices (sliceKey) `summary`, and `path` with `ref`, answer. */
  summaryOf?: string;
  listsOf?: string;
};

/** A range and its filters as one key: what a load asks and what an answer kept is of. */
const sliceKey = (range: Range, filters: Filter[]) => `${range.startKey}|${range.endKey}|${filtersKey(filters)}`;

/** Which numbers shown answer another range or slice than the one asked: SUMMARY's, and PATH's with REF's. */
export type Stale = { summary: boolean; lists: boolean };

/**
 * What is stale while a load runs. NOTE: a reload of the same slice (the refresh button, auto-refresh)
 * marks nothing: its numbers are the slice asked, only a minute older.
 */
export function staleOf(data: Loaded, range: Range, filters: Filter[]): Stale {
  const asked = sliceKey(range, filters);
  return { summary: !!data.summary && data.summaryOf !== asked, lists: !!(data.path || data.ref) && data.listsOf !== asked };
}

/** The GOALS answer: the goals' rows and the domain's funnels, which every viewer may pick from. */
export type GoalsLoaded = { rows: GoalsStats["goals"]; funnels?: Funnel[] } | { error: StatsFailure };

/** Tries of one answer while the server says it is busy (503), and the longest pause between them. */
const BUSY_TRIES = 4;
const MAX_PAUSE_S = 5;

type Answer<T> = { ok: true; data: T } | ({ ok: false } & StatsFailure);

/** What REF's `path` should hold, or which funnel FUNNEL reads, as query parameters (src/stats/contract.ts). */
type EntriesQuery = { entries: "none" } | { referrer: string } | { page: string } | { campaign: string } | { funnel: string };

/** The query of a stats read or an export: the source, the range and the filters (left out when none). */
export function sliceQuery(target: StatsSource, range: Range, filters: Filter[], more: Record<string, string>): URLSearchParams {
  const q = new URLSearchParams({ ...sourceOf(target).query, startKey: range.startKey, endKey: range.endKey, ...more });
  if (filters.length) q.set("filters", JSON.stringify(filters));
  return q;
}

export async function fetchStats<T>(target: StatsSource, range: Range, filters: Filter[], dataType: DataType, entries?: EntriesQuery): Promise<Answer<T>> {
  const source = sourceOf(target);
  const q = sliceQuery(target, range, filters, { dataType, ...entries });
  const headers: Record<string, string> = { accept: "application/json", ...source.headers };
  let res: Response;
  for (let tries = 1; ; tries++) {
    try {
      res = await fetch(`/api/${"domain" in target ? "stats" : "stats-public"}?${q}`, { headers });
    } catch {
      return { ok: false, status: 0, message: "We could not reach Bothy. Check your connection and try again." };
    }
    // NOTE: a 503 is a busy server turning reads away for a moment: wait as long as it asks, then ask again.
    if (res.status !== 503 || tries === BUSY_TRIES) break;
    const pause = Math.min(Number(res.headers.get("retry-after")) || 1, MAX_PAUSE_S);
    await new Promise((resolve) => setTimeout(resolve, pause * 1000));
  }
  const json: unknown = await res.json().catch(() => null);
  if (res.ok) return { ok: true, data: json as T };
  const message = (json as { error?: { message?: unknown } } | null)?.error?.message;
  // On failure the error body is used and its error field is logged.
  console.warn("stats", dataType, res.status, message);
  return { ok: false, status: res.status, message: typeof message === "string" ? message : `Something went wrong (HTTP ${res.status}).` };
}

/** The dashboard's data and `load(range, filters)`; only the newest load's answers are kept. */
export function useStats(target: StatsSource) {
  const [data, setData] = useState<Loaded>({ busy: true });
  const seq = useRef(0);
  const goalsSeq = useRef(0);
  const key = JSON.stringify(target);

  /** GOALS for the slice, into data.goals unless a newer load or GOALS read started meanwhile. */
  const loadGoals = useCallback(
    async (range: Range, filters: Filter[] = []) => {
      const mine = ++goalsSeq.current;
      const goals = await fetchStats<GoalsStats>(target, range, filters, "GOALS");
      if (mine !== goalsSeq.current) return;
      setData((d) => ({ ...d, goals: goals.ok ? { rows: goals.data.goals, funnels: goals.data.funnels === LOCKED ? [] : goals.data.funnels } : { error: { status: goals.status, message: goals.message } } }));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the target's identity is its JSON
    [key],
  );

  const load = useCallback(
    async (range: Range, filters: Filter[] = []): Promise<SummaryStats | null> => {
      const mine = ++seq.current;
      const current = () => mine === seq.current;
      const slice = sliceKey(range, filters);
      // NOTE: a GOALS read of the previous load is dropped too, not painted over the new slice.
      goalsSeq.current++;
      setData((d) => ({ ...d, busy: true }));
      const fail = (e: StatsFailure) => current() && setData({ error: { status: e.status, message: e.message }, busy: false });
      const summary = await fetchStats<SummaryStats>(target, range, filters, "SUMMARY");
      if (!current()) return null;
      if (!summary.ok) return fail(summary), null;
      // NOTE: PATH and REF of the previous range stay visible until the new ones land: no flash of empty lists.
      setData((d) => ({ ...d, summary: summary.data, summaryOf: slice, error: undefined }));
      // NOTE: PATH and REF land in one render: every section redraws on each update, and the two
      // answers arrive within milliseconds of each other.
      const [path, ref] = await Promise.all([
        fetchStats<PathStats>(target, range, filters, "PATH"),
        fetchStats<RefStats>(target, range, filters, "REF", { entries: "none" }),
        loadGoals(range, filters),
      ]);
      if (!current()) return null;
      if (!path.ok) fail(path);
      else if (!ref.ok) fail(ref);
      else setData((d) => ({ ...d, path: path.data, ref: ref.data, listsOf: slice, busy: false }));
      return summary.data;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the target's identity is its JSON
    [key, loadGoals],
  );
  return { data, load, loadGoals };
}

/** A row popup's entry pages: a referrer's top ones, or a page's arrivals per referrer. */
export type EntriesAsked = { referrer: string } | { page: string };

/**
 * What `pick` takes from REF asked for `asked` (undefined while it loads, or when nothing is
 * asked); a failure is picked from no answer, so the popup says it found nothing rather than spinning.
 */
function useAskedRef<T>(target: StatsSource, range: Range, filters: Filter[], asked: EntriesQuery | null, pick: (ref: RefStats | null) => T): T | undefined {
  const [found, setFound] = useState<{ key: string; value: T } | null>(null);
  const key = asked ? JSON.stringify([target, range.startKey, range.endKey, filtersKey(filters), asked]) : "";
  useEffect(() => {
    if (!asked) return;
    let current = true;
    void fetchStats<RefStats>(target, range, filters, "REF", asked).then((a) => current && setFound({ key, value: pick(a.ok ? a.data : null) }));
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key holds everything asked
  }, [key]);
  return found && found.key === key ? found.value : undefined;
}

/** REF's `path` for the open popup's row (undefined while it loads, or with no popup; {} on failure). */
export function useEntryPages(target: StatsSource, range: Range, asked: EntriesAsked | null, filters: Filter[] = []): RefStats["path"] | undefined {
  return useAskedRef(target, range, filters, asked, (ref) => ref?.path ?? {});
}

/** The entry pages of the campaign whose Path tab is open (undefined while they load, or with none open; [] on failure). */
export function useCampaignPages(target: StatsSource, range: Range, campaign: string | null, filters: Filter[] = []): ListRow[] | undefined {
  return useAskedRef(target, range, filters, campaign === null ? null : { campaign }, (ref) => ref?.campaign.find((c) => c.label === campaign)?.path ?? []);
}
