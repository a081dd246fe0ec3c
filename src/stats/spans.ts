// Stage 2 of a stats read: each period (now, then) cut into pieces by how long their sums stay
// true. Past local days are sealed: once their last hit is written they never change, so their
// sums can be kept (src/stats/cache.ts). Today is read from raw hits in two parts: the 5-second
// steps that closed before the seal lag (sealed, extended step by step) and the rest (always live).
import { SEAL_LAG_MS } from "../hits";
import { addDays, HOUR_MS, localTime } from "../shared/days";
import type { ReadRange } from "./range";

/**
 * Today's sealed part grows in steps of this much: the live part is at most a step and the lag.
 * NOTE: every load reads the live part from raw hits once per grouped query, so a busy site's
 * load costs its last 10–15 s of rows; each step is read once, when it seals.
 */
export const STEP_MS = 5_000;
const QUARTER_MS = 15 * 60_000;

export type Piece =
  /**
   * Local days `from`…`to` from the continuous aggregates; `until` is the instant `to` ends, or null
   * when `to` is today or later (its hits are still coming).
   */
  | { kind: "days"; from: string; to: string; sealed: boolean; until: Date | null }
  /** Today's raw hits from `from` up to `to`: whole steps, all sealed. */
  | { kind: "today"; day: string; from: Date; to: Date }
  /** Raw hits from `from` on with a local day in `day`…`to`: today's open part, and any later day. */
  | { kind: "live"; day: string; to: string; from: Date };

/**
 * The UTC instant a local day starts. NOTE: every UTC offset in use is a multiple of 15 minutes,
 * so the first quarter-hour whose local day is `day` is its start, found by bisection over the
 * 27 hours before `nearMs` (a moment within `day`).
 */
export function dayStart(tz: string, day: string, nearMs: number): number {
  let lo = Math.floor((nearMs - 27 * HOUR_MS) / QUARTER_MS);
  let hi = Math.floor(nearMs / QUARTER_MS);
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (localTime(tz, mid * QUARTER_MS).day < day) lo = mid;
    else hi = mid;
  }
  return hi * QUARTER_MS;
}

/** The UTC instant local day `day` ends (the next one starts). */
export function dayEnd(tz: string, day: string): number {
  const next = addDays(day, 1);
  // NOTE: noon UTC lies within the local day for offsets −12…+11 h; beyond, it is a day off.
  let near = Date.parse(`${next}T12:00:00Z`);
  const at = localTime(tz, near).day;
  if (at > next) near -= 12 * HOUR_MS;
  else if (at < next) near += 12 * HOUR_MS;
  return dayStart(tz, next, near);
}

/** The pieces of local days `from`…`to` for a domain in `tz` at `nowMs`. */
export function piecesOf(from: string, to: string, today: string, tz: string, nowMs: number): Piece[] {
  const sealedUntil = nowMs - SEAL_LAG_MS;
  const todayStart = dayStart(tz, today, nowMs);
  // NOTE: in the first minutes of a day yesterday may still get rows (a batch in flight at
  // midnight), so nothing of the range is sealed yet: all of it is read live, uncached.
  const yesterdaySealed = todayStart <= sealedUntil;
  const yesterday = addDays(today, -1);
  const days = (last: string, sealed: boolean): Piece => ({ kind: "days", from, to: last, sealed, until: last < today ? new Date(dayEnd(tz, last)) : null });
  if (to < today) return [days(to, to < yesterday || yesterdaySealed)];
  if (from > today || !yesterdaySealed) return [days(to, false)];
  const out: Piece[] = [];
  if (from < today) out.push(days(yesterday, true));
  const first = new Date(Math.floor(todayStart / STEP_MS) * STEP_MS);
  const open = new Date(Math.max(first.getTime(), Math.floor(sealedUntil / STEP_MS) * STEP_MS));
  if (open > first) out.push({ kind: "today", day: today, from: first, to: open });
  out.push({ kind: "live", day: today, to, from: open });
  return out;
}

/** How many local days a filtered read's days piece holds at most (weekOfDays). */
export const SLICE_DAYS = 7;

/**
 * Each days piece cut into pieces of at most SLICE_DAYS local days. NOTE: for a filtered read,
 * which groups raw hits: the embedded database runs one statement at a time, so a month of a busy
 * site's raw rows in one statement (about a minute at 10M hits) kept the writer and every other
 * dashboard waiting; a week is a bounded wait with turns for the others between. One piece per day
 * cost 1.7× a month's statement at 1M hits (each statement's fixed cost); a week costs little more.
 * A sealed piece's sums are kept on their own, so a range sharing weeks with an earlier read reads
 * only what it lacks.
 */
export function weekOfDays(pieces: Piece[], tz: string): Piece[] {
  return pieces.flatMap((p) => {
    if (p.kind !== "days") return [p];
    const out: Piece[] = [];
    for (let from = p.from; from <= p.to; from = addDays(from, SLICE_DAYS)) {
      const last = addDays(from, SLICE_DAYS - 1);
      const to = last < p.to ? last : p.to;
      out.push({ kind: "days", from, to, sealed: p.sealed, until: to === p.to ? p.until : new Date(dayEnd(tz, to)) });
    }
    return out;
  });
}

/** Both periods of a range cut into pieces; a filtered read's days by the week (weekOfDays). */
export function rangePieces(r: ReadRange, tz: string, nowMs: number, filtered = false): { now: Piece[]; then: Piece[] } {
  const cut = (pieces: Piece[]) => (filtered ? weekOfDays(pieces, tz) : pieces);
  return {
    now: cut(piecesOf(r.startKey, r.endKey, r.today, tz, nowMs)),
    then: cut(piecesOf(r.thenStart, r.thenEnd, r.today, tz, nowMs)),
  };
}
