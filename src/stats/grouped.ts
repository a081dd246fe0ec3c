// Stage 3 of a stats read: a grouped query (labels and summed figures over one continuous
// aggregate) answered for each piece of a period (spans.ts) and added up in memory. Past days come
// from the aggregate itself; today's hours from the aggregate's own definition run over a window of
// raw hits, so today never costs a scan of the whole day; sealed pieces are kept in cache.ts.
import type { Fragment } from "postgres";
import { namedQuery, type Queryable } from "../db";
import { statsCache, sumTables, type Entry, type Label, type Sums, type Table } from "./cache";
import { dayMs, DAY_MS } from "./range";
import type { Piece } from "./spans";

export type Grouped = {
  name: string;
  /** The continuous aggregate read (sql/003_hits.sql, sql/060_stats.sql). */
  view: string;
  /** The grouped columns the SELECT names, in order: a group's labels. */
  keys: readonly string[];
  /** The summed columns the SELECT names (float8), in order: a group's figures. */
  sums: readonly string[];
  /** The SELECT list and the GROUP BY over the aggregate's columns. */
  select: (sql: Queryable) => Fragment;
  groupBy: (sql: Queryable) => Fragment;
};

/** A reader of one summed column of `q`'s groups: 0 for a group that is not there. */
export type Figure = (g: Sums | undefined) => number;
export function figure(q: Grouped, name: string): Figure {
  const i = q.sums.indexOf(name);
  if (i < 0) throw new Error(`${q.name} sums no ${name}`);
  return (g) => g?.sums[i] ?? 0;
}

/** What every piece of one read shares. */
export type ReadScope = { sql: Queryable; site: number; epoch: number };

type Definition = { head: string; tail: string };
const definitions = new WeakMap<object, Promise<Map<string, Definition>>>();

/**
 * The aggregates' definitions, cut around their `FROM hits`, so the same SELECT runs over a window
 * of raw hits: one source of truth (the SQL files) for the aggregate and its window.
 */
const loadDefinitions = namedQuery("stats.aggregateDefinitions", async (sql: Queryable) => {
  const rows = await sql<{ name: string; def: string }[]>`
    SELECT view_name AS name, view_definition AS def FROM timescaledb_information.continuous_aggregates`;
  const out = new Map<string, Definition>();
  for (const { name, def } of rows) {
    const parts = def.replace(/;\s*$/, "").split(/\bFROM hits\b/);
    if (parts.length !== 2) throw new Error(`aggregate ${name} does not read FROM hits exactly once`);
    out.set(name, { head: parts[0]!, tail: parts[1]! });
  }
  return out;
});

function definitionOf(sql: Queryable, view: string): Promise<Definition> {
  let defs = definitions.get(sql);
  if (!defs) {
    defs = loadDefinitions(sql);
    definitions.set(sql, defs);
    defs.catch(() => definitions.delete(sql));
  }
  return defs.then((d) => {
    const def = d.get(view);
    if (!def) throw new Error(`no continuous aggregate named ${view}`);
    return def;
  });
}

/**
 * The piece's rows of the aggregate: its table over local days, or its definition (`def`) over raw
 * hits. TRICKY: not async: an async function would run the fragment it returns as a query.
 */
function relation(s: ReadScope, q: Grouped, p: Piece, def: Definition | null, from?: Date): Fragment {
  const { sql, site } = s;
  if (p.kind === "days") {
    // TRICKY: the aggregates are partitioned by UTC `bucket`; a local day lies within the buckets of
    // the day before to the day after, so these bounds let TimescaleDB skip every other chunk.
    const bucketFrom = new Date(dayMs(p.from)! - DAY_MS);
    const bucketTo = new Date(dayMs(p.to)! + 2 * DAY_MS);
    return sql`${sql(q.view)} v WHERE site_id = ${site} AND local_day BETWEEN ${p.from}::date AND ${p.to}::date
      AND bucket >= ${bucketFrom} AND bucket < ${bucketTo}`;
  }
  if (!def) throw new Error(`${q.name}: a window of raw hits needs the aggregate's definition`);
  const start = from ?? p.from;
  const until = p.kind === "hours" ? sql`AND time < ${p.to}` : sql``;
  const lastDay = p.kind === "hours" ? p.day : p.to;
  return sql`(${sql.unsafe(def.head)} FROM (SELECT * FROM hits WHERE site_id = ${site} AND time >= ${start} ${until}) hits
    ${sql.unsafe(def.tail)}) v WHERE local_day BETWEEN ${p.day}::date AND ${lastDay}::date`;
}

/** A group's key: its labels joined, NULL kept apart from every string. */
export const groupKey = (labels: Label[]): string => labels.map((l) => (l === null ? "\u0000" : String(l))).join("\u0001");

const queries = new Map<string, (sql: Queryable, s: ReadScope, q: Grouped, p: Piece, from?: Date) => Promise<Table>>();

/** The named query of `q` (errors name it), built once. */
function queryOf(q: Grouped) {
  let run = queries.get(q.name);
  if (!run) {
    run = namedQuery(q.name, async (sql: Queryable, s: ReadScope, g: Grouped, p: Piece, from?: Date) => {
      const def = p.kind === "days" ? null : await definitionOf(sql, g.view);
      const rows = await sql`SELECT ${g.select(sql)} FROM ${relation(s, g, p, def, from)} GROUP BY ${g.groupBy(sql)}`;
      const table: Table = new Map();
      for (const r of rows) {
        const labels = g.keys.map((k) => r[k] as Label);
        table.set(groupKey(labels), { labels, sums: g.sums.map((k) => r[k] as number) });
      }
      return table;
    });
    queries.set(q.name, run);
  }
  return run;
}

/** One piece's table, from the cache when the piece is sealed. */
function pieceTable(s: ReadScope, q: Grouped, p: Piece): Promise<Table> {
  const run = queryOf(q);
  const cache = statsCache(s.sql);
  const prefix = `${q.name}|${s.site}|${s.epoch}`;
  if (p.kind === "days") {
    if (!p.sealed) return run(s.sql, s, q, p);
    const make = async (): Promise<Entry> => ({ table: await run(s.sql, s, q, p), upTo: 0 });
    return cache.get(`${prefix}|d|${p.from}|${p.to}`, make, () => true).then((e) => e.table);
  }
  if (p.kind === "live") return run(s.sql, s, q, p);
  // NOTE: today's closed hours grow by one every hour: an entry is extended by the hours it lacks,
  // so a busy site's morning is read once, not again every hour.
  const upTo = p.to.getTime();
  const make = async (old: Entry | undefined): Promise<Entry> => {
    const extend = old && old.upTo < upTo;
    const more = await run(s.sql, s, q, p, extend ? new Date(old.upTo) : undefined);
    return { table: extend ? sumTables([old.table, more]) : more, upTo };
  };
  return cache.get(`${prefix}|h|${p.day}|${p.from.toISOString()}`, make, (e) => e.upTo === upTo).then((e) => e.table);
}

/** `q` summed over the pieces of a period. */
export async function readGrouped(s: ReadScope, q: Grouped, pieces: Piece[]): Promise<Table> {
  return sumTables(await Promise.all(pieces.map((p) => pieceTable(s, q, p))));
}
