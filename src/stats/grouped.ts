// Stage 3 of a stats read: a grouped query (labels and summed figures over one continuous
// aggregate) answered for each piece of a period (spans.ts) and added up in memory. Past days come
// from the aggregate itself; today from the aggregate's own definition run over windows of raw hits,
// so a read never scans the whole day; sealed pieces are kept in cache.ts. A filtered read runs the
// same definitions over its slice of raw hits (slice.ts).
import type { Fragment, Sql } from "postgres";
import { hourlyTwin, TWIN_READ_DAYS } from "../hits";
import { namedQuery, type Queryable } from "../db";
import { statsCache, type Entry } from "./cache";
import { overlay, sumTables, type Groups, type Label, type Sums, type GroupTable } from "./groups";
import { DAY_MS, HOUR_MS } from "../shared/days";
import type { PeriodGroups } from "./lists";
import { bucketBounds, hashed, sliceOf, sliceRelation, windowKey, windowOf, type Window } from "./slice";
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
  /** A condition on the aggregate's rows, so a read that needs a few of them hashes only those. */
  where?: (sql: Queryable) => Fragment;
  /**
   * The same keys and sums from imported days (`imported_daily`, src/hits): the lists it reads and
   * its SELECT and GROUP BY over their rows. Past days only, and never in a filtered read: an
   * imported day holds each list on its own, no slice of it.
   */
  imported?: { dims: readonly string[]; select: (sql: Queryable) => Fragment; groupBy: (sql: Queryable) => Fragment };
};

/** How the stages read grouped counts: both periods compared, or the asked one only. */
export type Reader = {
  periods(q: Grouped): Promise<PeriodGroups>;
  /** The asked period only. */
  now(q: Grouped): Promise<Groups>;
};

/** A reader of one summed column of `q`'s groups: 0 for a group that is not there. */
export type SumReader = (g: Sums | undefined) => number;
export function sumReader(q: Grouped, name: string): SumReader {
  const i = q.sums.indexOf(name);
  if (i < 0) throw new Error(`${q.name} sums no ${name}`);
  return (g) => g?.sums[i] ?? 0;
}

/**
 * What every piece of one read shares: its database, site and epoch, its batcher, its filters' key
 * (src/shared/filters.ts filtersKey, "" for none), which keeps a slice's sums apart in the cache,
 * and the queries a filtered read answers together for a sealed piece (`companions`, see pieceTable).
 */
type ReadScope = { sql: Queryable; site: number; epoch: number; ask: ReturnType<typeof batcher>; filtersKey: string; companions: readonly Grouped[] };

/** An aggregate's SELECT cut around its `FROM hits`, and whether the view leaves out the unmaterialized tail. */
type Definition = { head: string; tail: string; materializedOnly: boolean };
const definitions = new WeakMap<object, Promise<Map<string, Definition>>>();

/**
 * The aggregates' definitions, cut around their `FROM hits`, so the same SELECT runs over a window
 * of raw hits: one source of truth (the SQL files) for the aggregate and its window.
 */
const loadDefinitions = namedQuery("stats.aggregateDefinitions", async (sql: Queryable) => {
  const rows = await sql<{ name: string; def: string; materializedOnly: boolean }[]>`
    SELECT view_name AS name, view_definition AS def, materialized_only AS "materializedOnly"
    FROM timescaledb_information.continuous_aggregates`;
  const out = new Map<string, Definition>();
  for (const { name, def, materializedOnly } of rows) {
    const parts = def.replace(/;\s*$/, "").split(/\bFROM hits\b/);
    if (parts.length !== 2) throw new Error(`aggregate ${name} does not read FROM hits exactly once`);
    out.set(name, { head: parts[0]!, tail: parts[1]!, materializedOnly });
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

/** What a read knows of an aggregate beyond its SELECT: where its materialized buckets end, and its hourly twin's. */
type Marks = { watermark?: Date; twin?: { view: string; watermark: Date } };

/**
 * The piece's rows of the aggregate. Past days: its materialized buckets and, from its watermark to
 * the piece's end, its tail (its view leaves that out). Today and the live part: a window of hits.
 * TRICKY: not async: an async function would run the fragment it returns as a query.
 */
function relation(sql: Queryable, site: number, { q, p, from }: Ask, def: Definition, marks: Marks): Fragment {
  if (p.kind === "days") {
    const [bucketFrom, bucketTo] = bucketBounds(p);
    const stored = sql`SELECT * FROM ${sql(q.view)} WHERE site_id = ${site} AND bucket >= ${bucketFrom} AND bucket < ${bucketTo}`;
    // NOTE: a view with real-time aggregation unions its tail itself, over every raw hit after the
    // watermark, today's included; the tail read here ends where the piece's last day does.
    const w = marks.watermark;
    const tail = w && (!p.until || p.until > w) ? sql`UNION ALL ${hitsWindow(sql, site, def, marks, w, p.until)}` : sql``;
    return sql`(${stored} ${tail}) v WHERE local_day BETWEEN ${p.from}::date AND ${p.to}::date ${rowsWanted(sql, q)}`;
  }
  const lastDay = p.kind === "today" ? p.day : p.to;
  return sql`(${hitsWindow(sql, site, def, marks, from ?? p.from, p.kind === "today" ? p.to : null)}) v
    WHERE local_day BETWEEN ${p.day}::date AND ${lastDay}::date ${rowsWanted(sql, q)}`;
}

const hourStart = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

/**
 * The aggregate's rows for the site's hits in [from, until) (null: no end): the whole hours its
 * hourly twin has materialized (none older than TWIN_READ_DAYS, which it may have dropped), and
 * the aggregate's SELECT over raw hits before and after them.
 */
function hitsWindow(sql: Queryable, site: number, def: Definition, { twin }: Marks, from: Date, until: Date | null): Fragment {
  const first = Math.max(hourStart(from.getTime() + HOUR_MS - 1), hourStart(Date.now() - TWIN_READ_DAYS * DAY_MS));
  const end = Math.min(until ? hourStart(until.getTime()) : Infinity, twin?.watermark.getTime() ?? -Infinity);
  if (!twin || end <= first) return rawRows(sql, site, def, from, until);
  const [h0, h1] = [new Date(first), new Date(end)];
  const before = from < h0 ? sql`UNION ALL ${rawRows(sql, site, def, from, h0)}` : sql``;
  const after = !until || until > h1 ? sql`UNION ALL ${rawRows(sql, site, def, h1, until)}` : sql``;
  return sql`SELECT * FROM ${sql(twin.view)} WHERE site_id = ${site} AND bucket >= ${h0} AND bucket < ${h1} ${before} ${after}`;
}

/** The aggregate's SELECT over the site's raw hits from `from` until `until` (null: no end). */
const rawRows = (sql: Queryable, site: number, def: Definition, from: Date, until: Date | null): Fragment =>
  sql`${sql.unsafe(def.head)} FROM (SELECT * FROM hits WHERE site_id = ${site} AND time >= ${from} ${until ? sql`AND time < ${until}` : sql``}) hits
    ${sql.unsafe(def.tail)}`;

/**
 * Where each aggregate's materialized buckets end. NOTE: an aggregate with nothing materialized
 * yet reports the earliest time PostgreSQL knows; no hit is older than the epoch.
 */
const loadWatermarks = namedQuery("stats.watermarks", async (sql: Queryable) => {
  const rows = await sql<{ view: string; watermark: Date }[]>`
    SELECT user_view_name AS view,
      greatest(_timescaledb_functions.to_timestamp(_timescaledb_functions.cagg_watermark(mat_hypertable_id)), 'epoch'::timestamptz) AS watermark
    FROM _timescaledb_catalog.continuous_agg`;
  return new Map(rows.map((r) => [r.view, r.watermark]));
});

/** A window of hits long enough to hold a whole hour: only then can an hourly twin answer part of it. */
function spansAnHour(a: Ask): boolean {
  if (a.p.kind === "days") return false;
  const from = (a.from ?? a.p.from).getTime();
  const until = a.p.kind === "today" ? a.p.to.getTime() : Date.now();
  return until - from >= HOUR_MS;
}

function marksOf(watermarks: Map<string, Date>, view: string, def: Definition): Marks {
  const mark = (v: string) => {
    const w = watermarks.get(v);
    if (!w) throw new Error(`no watermark for ${v}`);
    return w;
  };
  const twin = hourlyTwin(view);
  return { watermark: def.materializedOnly ? mark(view) : undefined, twin: twin ? { view: twin, watermark: mark(twin) } : undefined };
}

/** The imported days' groups of a past-days piece, to follow its own groups in the UNION. */
function importedRows(sql: Queryable, site: number, q: Grouped, p: { from: string; to: string }): Fragment {
  const imp = q.imported;
  if (!imp) return sql``;
  return sql`UNION ALL SELECT ${imp.select(sql)} FROM imported_daily WHERE site_id = ${site}
    AND day BETWEEN ${p.from}::date AND ${p.to}::date AND dim IN ${sql(imp.dims as string[])} GROUP BY ${imp.groupBy(sql)}`;
}

const rowsWanted = (sql: Queryable, q: Grouped): Fragment => (q.where ? sql`AND (${q.where(sql)})` : sql``);

/** A group's key: its labels joined, NULL kept apart from every string. */
const groupKey = (labels: Label[]): string => labels.map((l) => (l === null ? "\u0000" : String(l))).join("\u0001");

type Ask = { q: Grouped; p: Piece; from?: Date; resolve: (t: GroupTable) => void; reject: (e: unknown) => void };

/** A filtered batch's slice: the window all its asks cover (batcher) and the filter's condition. */
type Slice = { window: Window; filter: Fragment };

/**
 * Every ask of one tick as one statement: a UNION ALL of the grouped queries, each ask's groups
 * as one JSON array. NOTE: a round trip to the embedded database costs ~2 ms whatever the query,
 * and a dashboard read asks for a dozen small live pieces at once. TRICKY: one row per ask, not per
 * group: the embedded database's cost is per row sent (64,000 referrer × page groups of a
 * 90-day read took +101 MB and 1.45 s as rows, +20 MB and 0.94 s as one array).
 */
const runBatch = namedQuery("stats.batch", async (sql: Sql, site: number, asks: Ask[], slice: Slice | null) => {
  const defs = await Promise.all(asks.map((a) => definitionOf(sql, a.q.view)));
  const needed = asks.map((a, i) => !slice && (a.p.kind === "days" ? defs[i]!.materializedOnly : spansAnHour(a)));
  const watermarks = needed.some(Boolean) ? await loadWatermarks(sql) : new Map<string, Date>();
  const parts = asks.map((a, i) => {
    const marks = needed[i] ? marksOf(watermarks, a.q.view, defs[i]!) : {};
    const rel = slice ? sliceRelation(sql, defs[i]!, slice.window, rowsWanted(sql, a.q)) : relation(sql, site, a, defs[i]!, marks);
    const imported = !slice && a.p.kind === "days" ? importedRows(sql, site, a.q, a.p) : sql``;
    return sql`SELECT ${i}::int AS i, coalesce(json_agg(x), '[]'::json) AS r FROM (
      SELECT ${a.q.select(sql)} FROM ${rel} GROUP BY ${a.q.groupBy(sql)} ${imported}) x`;
  });
  const all = parts.reduce((union, part) => sql`${union} UNION ALL ${part}`);
  type Row = { i: number; r: Record<string, Label>[] };
  const rows = slice ? await hashed(sql, (tx) => tx<Row[]>`${sliceOf(sql, site, slice.window, slice.filter)} ${all}`) : await sql<Row[]>`${all}`;
  const tables: GroupTable[] = asks.map(() => new Map());
  for (const { i, r: groups } of rows) {
    const { q } = asks[i]!;
    const table = tables[i]!;
    for (const r of groups) {
      const labels = q.keys.map((k) => r[k] as Label);
      const key = groupKey(labels);
      const sums = q.sums.map((k) => r[k] as number);
      // NOTE: an imported day's group can meet the same group of the site's own days in one piece.
      const had = table.get(key);
      table.set(key, had ? { labels, sums: had.sums.map((v, j) => v + sums[j]!) } : { labels, sums });
    }
  }
  return tables;
});

/**
 * A function that queues asks and sends the queue as one batch once the current tick is done; with
 * a `filter` (filter.ts) every ask reads the slice's raw hits.
 */
export function batcher(sql: Sql, site: number, filter: Fragment | null = null) {
  let queue: Ask[] = [];
  const run = (asks: Ask[], slice: Slice | null) =>
    runBatch(sql, site, asks, slice).then(
      (tables) => asks.forEach((a, i) => a.resolve(tables[i]!)),
      (err) => asks.forEach((a) => a.reject(err)),
    );
  const flush = () => {
    const asks = queue;
    queue = [];
    if (!filter) return void run(asks, null);
    // NOTE: a filtered batch is one statement per window (a week of days, today's steps, the live part):
    // each scans only its window's raw hits, and others get the database between them.
    const byWindow = new Map<string, { window: Window; asks: Ask[] }>();
    for (const a of asks) {
      const window = windowOf(a.p, a.from);
      const key = windowKey(window);
      const group = byWindow.get(key);
      if (group) group.asks.push(a);
      else byWindow.set(key, { window, asks: [a] });
    }
    for (const { window, asks: group } of byWindow.values()) void run(group, { window, filter });
  };
  return (q: Grouped, p: Piece, from?: Date) =>
    new Promise<GroupTable>((resolve, reject) => {
      if (!queue.length) queueMicrotask(flush);
      queue.push({ q, p, from, resolve, reject });
    });
}

/** One piece's table, from the cache when the piece is sealed. */
function pieceTable(s: ReadScope, q: Grouped, p: Piece): Promise<GroupTable> {
  const run = s.ask;
  const cache = statsCache(s.sql);
  const prefixOf = (x: Grouped) => `${x.name}|${s.site}|${s.epoch}|${s.filtersKey}`;
  /**
   * NOTE: a filtered piece's cost is its slice of raw hits (materialized once per statement, ~70 ms
   * a week of 1M hits a month) more than any one query's grouping (2–45 ms): the companions of `q`
   * ride in the same statement (the batcher joins the asks of one tick and window) and are kept
   * for the reads that follow, instead of each read materializing the slice again.
   */
  const withCompanions = (key: (x: Grouped) => string, upTo: number) => {
    if (!s.companions.includes(q)) return;
    for (const c of s.companions) if (c !== q) cache.offer(key(c), async () => ({ table: await run(c, p), upTo }));
  };
  if (p.kind === "days") {
    if (!p.sealed) return run(q, p);
    const key = (x: Grouped) => `${prefixOf(x)}|d|${p.from}|${p.to}`;
    const make = async (): Promise<Entry> => {
      withCompanions(key, 0);
      return { table: await run(q, p), upTo: 0 };
    };
    return cache.get(key(q), make, () => true).then((e) => e.table);
  }
  if (p.kind === "live") return run(q, p);
  // NOTE: today's sealed part grows by a step every STEP_MS: an entry is extended by the steps it
  // lacks, so a busy site's morning is read once, not again at every step.
  const upTo = p.to.getTime();
  const key = (x: Grouped) => `${prefixOf(x)}|t|${p.day}|${p.from.toISOString()}`;
  const make = async (old: Entry | undefined): Promise<Entry> => {
    const extend = old && old.upTo < upTo;
    if (!old) withCompanions(key, upTo);
    const more = await run(q, p, extend ? new Date(old.upTo) : undefined);
    return { table: extend ? sumTables([old.table, more]) : more, upTo };
  };
  return cache.get(key(q), make, (e) => e.upTo === upTo).then((e) => e.table);
}

/**
 * `q` summed over the pieces of a period: the largest sealed table (the past days, else today's
 * closed steps) as the base, the rest laid over it. NOTE: the base stays the same object all day,
 * so what is derived from it (ref.ts ranks entry pages once per table) is not made again at every
 * step; the rest is a day's rows at most.
 */
export async function readGrouped(s: ReadScope, q: Grouped, pieces: Piece[]): Promise<Groups> {
  const tables = await Promise.all(pieces.map((p) => pieceTable(s, q, p)));
  let base = pieces.findIndex((p) => p.kind === "days" && p.sealed);
  if (base < 0) base = pieces.findIndex((p) => p.kind === "today");
  if (base < 0) return sumTables(tables);
  return overlay(tables[base]!, sumTables(tables.filter((_, i) => i !== base)));
}
