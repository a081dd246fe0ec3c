// The stats read every caller shares (dashboard API, public dashboards, Pro API, exports): the range
// is parsed and checked (range.ts) and cut into pieces (spans.ts), the dataType's grouped queries
// (queries.ts) run per piece and are added up (grouped.ts, sealed pieces from cache.ts), and the
// answer is shaped to src/stats/contract.ts (summary.ts, path.ts, ref.ts, goals.ts, funnel.ts); SPEED's
// percentiles come from the range's raw rows (speed.ts). Errors are values.
import type { Sql } from "postgres";
import { statsEpoch } from "../domains";
import { LOCKED, type DataType, type EntriesWanted, type Stats } from "./contract";
import { filtersKey, type Filter } from "../shared/filters";
import { filterCondition } from "./filter";
import { chartData } from "./chart";
import type { Goal } from "../shared/goals";
import type { Funnel } from "../shared/funnels";
import { goalStats } from "./goals";
import { funnelStats } from "./funnel";
import { batcher, readGrouped, type Reader } from "./grouped";
import { LIST_LIMIT } from "./lists";
import { pathStats } from "./path";
import { DASHBOARD } from "./queries";
import { parseRange, type ReadRange } from "./range";
import { refStats } from "./ref";
import { speedStats } from "./speed";
import { rangePieces } from "./spans";
import { summary } from "./summary";

export type StatsTarget = {
  id: number;
  name: string;
  tz: string;
  created: Date;
  publicId: string;
  /** Energy & Carbon and Events unlocked. */
  pro: boolean;
  /** Free window (FREE_HISTORY_DAYS) or null for unlimited. */
  historyDays: number | null;
  demo: boolean;
  /** The domain's green hosting, looked up by the caller. */
  green: boolean | "unknown";
};

/** The fields every answer shares, whatever its dataType. */
type Envelope = Pick<Stats, "validated" | "admin" | "periods" | "error">;

/** A dataType's access to the grouped queries over the range's periods. */
type ReadResult = { ok: true; stats: Stats } | { ok: false; status: 400 | 403; message: string };

function envelope(target: StatsTarget, r: ReadRange, admin: boolean, filters: Filter[]): Envelope {
  return {
    validated: {
      SK: target.name,
      tz: target.tz,
      created: target.created.toISOString(),
      publicID: target.publicId,
      startKey: r.startKey,
      endKey: r.endKey,
      today: r.today,
      pro: target.pro,
      historyDays: target.historyDays,
      demo: target.demo,
      filters,
    },
    admin,
    periods: { now: { startKey: r.startKey, endKey: r.endKey }, then: { startKey: r.thenStart, endKey: r.thenEnd } },
    error: null,
  };
}

export async function readStats(
  // NOTE: a pool, not a transaction: a filtered read runs each statement in a transaction of its own (slice.ts hashed).
  sql: Sql,
  target: StatsTarget,
  q: {
    startKey: string; endKey: string; dataType: DataType; entries?: EntriesWanted; filters?: Filter[]; goals?: Goal[]; funnels?: Funnel[];
    /** The goals the goal filters name (src/stats/filter.ts goalsNamed), read by the caller. */
    filterGoals?: Goal[];
    /** FUNNEL's funnel with its steps' goals, read by the caller (unlocked only). */
    funnel?: { id: number; name: string; steps: Goal[] };
  },
  opts: { admin: boolean; now?: Date; limit?: number },
): Promise<ReadResult> {
  const now = opts.now ?? new Date();
  const parsed = parseRange(q, target, now);
  if (!parsed.ok) return parsed;
  const r = parsed.range;
  const base = envelope(target, r, opts.admin, q.filters ?? []);
  const read = await reader(sql, target, r, now.getTime(), q.filters ?? [], q.filterGoals ?? []);
  // NOTE: exports read every row (limit Infinity); the API caps its lists at LIST_LIMIT.
  const limit = opts.limit ?? LIST_LIMIT;
  switch (q.dataType) {
    case "SUMMARY": {
      const s = await summary(read, r, limit);
      return { ok: true, stats: { ...base, dataType: "SUMMARY", ...s, chart: chartData(s.days, s.unit, target.tz) } };
    }
    case "PATH":
      return { ok: true, stats: { ...base, dataType: "PATH", ...(await pathStats(read, target, limit)) } };
    case "REF":
      return { ok: true, stats: { ...base, dataType: "REF", ...(await refStats(read, limit, q.entries)) } };
    case "GOALS":
      // NOTE: unlocked with Events, like PATH's events: without them no query runs.
      return {
        ok: true,
        stats: { ...base, dataType: "GOALS", goals: target.pro ? await goalStats(read, target, q.goals ?? []) : LOCKED, funnels: target.pro ? q.funnels ?? [] : LOCKED },
      };
    case "FUNNEL":
      return { ok: true, stats: { ...base, dataType: "FUNNEL", funnel: target.pro && q.funnel ? await funnelStats(read, target, q.funnel) : LOCKED } };
    case "SPEED": {
      const scope = { site: target.id, range: r, slice: filterCondition(sql, q.filters ?? [], q.filterGoals ?? []) };
      return { ok: true, stats: { ...base, dataType: "SPEED", ...(await speedStats(sql, read, scope, target, limit)) } };
    }
  }
}

async function reader(sql: Sql, target: StatsTarget, r: ReadRange, nowMs: number, filters: Filter[], goals: Goal[]): Promise<Reader> {
  const ask = batcher(sql, target.id, filterCondition(sql, filters, goals));
  // NOTE: keyed by what each filtered goal matches, so a changed goal's slice is never a cached one.
  const companions = filters.length > 0 ? DASHBOARD : [];
  const scope = { sql, site: target.id, epoch: await statsEpoch(sql, target.id), ask, filtersKey: filtersKey(filters, goals), companions };
  const pieces = rangePieces(r, target.tz, nowMs, filters.length > 0);
  return {
    now: (q) => readGrouped(scope, q, pieces.now),
    periods: async (q) => {
      const [now, then] = await Promise.all([readGrouped(scope, q, pieces.now), readGrouped(scope, q, pieces.then)]);
      return { now, then };
    },
  };
}
