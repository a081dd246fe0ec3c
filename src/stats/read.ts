// The stats read every caller shares (dashboard API, public dashboards, Pro API, exports): the range
// is parsed and checked (range.ts), the dataType's queries run over the continuous aggregates
// (summary.ts, path.ts, ref.ts), and the answer is shaped to src/stats/contract.ts. Errors are values.
import type { Queryable } from "../db";
import type { DataType, Stats } from "./contract";
import { pathStats } from "./path";
import { parseRange, type Range } from "./range";
import { refStats } from "./ref";
import { summary } from "./summary";

export { parseRange, type Range } from "./range";

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

export type ReadResult = { ok: true; stats: Stats } | { ok: false; status: 400 | 403; message: string };

function envelope(target: StatsTarget, r: Range, admin: boolean): Envelope {
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
    },
    admin,
    periods: { now: { startKey: r.startKey, endKey: r.endKey }, then: { startKey: r.thenStart, endKey: r.thenEnd } },
    error: null,
  };
}

export async function readStats(
  sql: Queryable,
  target: StatsTarget,
  q: { startKey: string; endKey: string; dataType: DataType },
  opts: { admin: boolean; now?: Date },
): Promise<ReadResult> {
  const parsed = parseRange(q, target, opts.now ?? new Date());
  if (!parsed.ok) return parsed;
  const r = parsed.range;
  const base = envelope(target, r, opts.admin);
  switch (q.dataType) {
    case "SUMMARY":
      return { ok: true, stats: { ...base, dataType: "SUMMARY", ...(await summary(sql, target.id, r)) } };
    case "PATH":
      return { ok: true, stats: { ...base, dataType: "PATH", ...(await pathStats(sql, target.id, r, target)) } };
    case "REF":
      return { ok: true, stats: { ...base, dataType: "REF", ...(await refStats(sql, target.id, r)) } };
  }
}
