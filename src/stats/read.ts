// TEMPORARY PLACEHOLDER (branch stats-access). The real `readStats` — SUMMARY, PATH and REF over the
// aggregates — is written on branch stats-core and replaces this whole file at merge. It keeps the
// agreed signature and answers a contract-shaped, all-zero result, so the access rules, statuses
// and envelopes of src/stats/index.ts can be built and tested first. No access logic lives here.
import type { Queryable } from "../db";
import type { DataType, Stats, Validated } from "./contract";
import { LOCKED } from "./contract";

export type StatsTarget = {
  id: number;
  name: string;
  tz: string;
  created: Date;
  publicId: string;
  /** Energy & Carbon and Events unlocked: domain scope has "pro", or the owner is Pro (beta or scope "pro"). */
  pro: boolean;
  /** FREE_HISTORY_DAYS when the owner is not Pro, else null. */
  historyDays: number | null;
  demo: boolean;
  /** greenCheck from src/carbon (cached client, GREENCHECK_API_BASE). */
  green: boolean | "unknown";
};

export type ReadResult = { ok: true; stats: Stats } | { ok: false; status: 400 | 403; message: string };

export async function readStats(
  sql: Queryable,
  target: StatsTarget,
  q: { startKey: string; endKey: string; dataType: DataType },
  opts: { admin: boolean; now?: Date },
): Promise<ReadResult> {
  const [startKey, endKey] = q.startKey <= q.endKey ? [q.startKey, q.endKey] : [q.endKey, q.startKey];
  // NOTE: the placeholder still asks the (read) database for today, so reads are observable.
  const [row] = await sql<{ today: string }[]>`
    SELECT to_char((${opts.now ?? new Date()}::timestamptz AT TIME ZONE ${target.tz})::date, 'YYYY-MM-DD') AS today`;
  const validated: Validated = {
    SK: target.name, tz: target.tz, created: target.created.toISOString(), publicID: target.publicId,
    startKey, endKey, today: row!.today, pro: target.pro, historyDays: target.historyDays, demo: target.demo,
  };
  const envelope = { validated, admin: opts.admin, periods: { now: { startKey, endKey }, then: { startKey, endKey } }, error: null };
  const zeroVisits = { hits: 0, unique: 0, bounceNew: 0, bounceCount: 0 };
  if (q.dataType === "SUMMARY") {
    return {
      ok: true,
      stats: {
        ...envelope, dataType: "SUMMARY", visits: zeroVisits, previous: zeroVisits, days: [], unit: startKey === endKey ? "hour" : "day",
        source: { direct: 0, social: 0, search: 0, email: 0, unknown: 0 }, device: { mobile: 0, tablet: 0, desktop: 0 },
        size: { s: 0, m: 0, l: 0 }, country: [], language: [], browser: [], os: [], perf: [],
      },
    };
  }
  if (q.dataType === "PATH") {
    const carbonTotals = {
      transferredBytes: 0, co2Grams: 0, avgCo2Grams: 0, totalKM: 0, streamingHours: 0, green: target.green,
      durationTotal: 0, avgTimeSpent: 0, visits: 0,
    };
    return {
      ok: true,
      stats: {
        ...envelope, dataType: "PATH", path: [],
        energy: target.pro ? [] : LOCKED, events: target.pro ? [] : LOCKED, carbonTotals: target.pro ? carbonTotals : LOCKED,
      },
    };
  }
  return { ok: true, stats: { ...envelope, dataType: "REF", result: [], path: {}, campaign: [], tweets: [] } };
}
