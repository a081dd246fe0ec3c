// A filtered read's raw hits (grouped.ts answers its asks here): the window one batch of asks
// covers (a sealed week, today's closed steps, the live minutes), the slice's hits of it read once
// as the CTE `slice`, each aggregate's own SELECT run over them, and the statement run with hashed
// grouping. NOTE: an aggregate holds no slice, so a filtered read groups raw hits; its cost is in
// docs/architecture.md.
import type { Fragment, Sql } from "postgres";
import type { Queryable } from "../db";
import { DAY_MS, dayMs } from "../shared/days";
import type { Piece } from "./spans";

/**
 * The UTC day buckets that hold local days `p.from`…`p.to`. TRICKY: the aggregates are partitioned
 * by UTC `bucket`; a local day lies within the buckets of the day before to the day after, so these
 * bounds let TimescaleDB skip every other chunk.
 */
export const bucketBounds = (p: { from: string; to: string }): [Date, Date] => [new Date(dayMs(p.from)! - DAY_MS), new Date(dayMs(p.to)! + 2 * DAY_MS)];

/** The raw hits an ask of a filtered read covers: [from, until) (null: no end), local days first…last. */
export type Window = { from: Date; until: Date | null; first: string; last: string };

/** The window of a piece (`from`: where the live part's read starts, when it does not start at the piece's). */
export function windowOf(p: Piece, from: Date | undefined): Window {
  if (p.kind === "days") {
    const [t0, bucketTo] = bucketBounds(p);
    return { from: t0, until: p.until && p.until < bucketTo ? p.until : bucketTo, first: p.from, last: p.to };
  }
  return { from: from ?? p.from, until: p.kind === "today" ? p.to : null, first: p.day, last: p.kind === "today" ? p.day : p.to };
}

export const windowKey = (w: Window) => `${w.from.getTime()}|${w.until?.getTime() ?? ""}|${w.first}|${w.last}`;

/**
 * The slice's raw hits of a batch's window, read once: the CTE `slice`, which the batch's
 * aggregates share instead of each scanning the site's hits. Only the window's local days are
 * kept: its UTC bounds hold more (bucketBounds), rows every aggregate would read again to drop them.
 */
export const sliceOf = (sql: Queryable, site: number, w: Window, filter: Fragment): Fragment =>
  sql`WITH slice AS MATERIALIZED (SELECT * FROM hits WHERE site_id = ${site} AND time >= ${w.from}
    ${w.until ? sql`AND time < ${w.until}` : sql``} AND local_day BETWEEN ${w.first}::date AND ${w.last}::date AND ${filter})`;

/**
 * An aggregate's SELECT (its definition cut around `FROM hits`) over the slice's hits, the rows of
 * the window's local days that `wanted` keeps.
 */
export const sliceRelation = (sql: Queryable, def: { head: string; tail: string }, w: Window, wanted: Fragment): Fragment =>
  sql`(${sql.unsafe(def.head)} FROM slice hits ${sql.unsafe(def.tail)}) v
    WHERE local_day BETWEEN ${w.first}::date AND ${w.last}::date ${wanted}`;

/**
 * Runs a statement over a slice with sorting turned off for it alone, in a transaction of its own.
 * TRICKY: a CTE has no statistics, so a server's planner takes every slice row for a group of its
 * own, finds their hash table too big for work_mem and sorts each aggregate's rows by their keys
 * instead: at 1M hits a month a sealed week of a device slice took 315 ms sorted, 220 ms hashed (a
 * hash table outgrowing work_mem spills to disk, as a sort does). The embedded database hashes
 * already; the transaction's round trips cost it ~1 %.
 */
export const hashed = <T>(sql: Sql, statement: (tx: Queryable) => Promise<T>): Promise<T> =>
  sql.begin(async (tx) => {
    await tx`SET LOCAL enable_sort = off`;
    return statement(tx);
  }) as Promise<T>;
