// One domain's realtime window, read so its cost does not grow with the window: its parts
// (PART_MS of rows each) are summed once, when they seal, and kept in memory; each read then reads
// only the raw rows no part holds (./queries.ts readLive: the last 10–20 s, and "on now"'s first
// few seconds), so a busy site's tick reads ~20 s of its rows, not 30 minutes, and adds the kept
// sums. The counts equal one SQL statement over the raw rows of the window.
// TRICKY: a part seals as the stats read's spans do (SEAL_LAG_MS after its end): a row written
// later than that moves the domain's stats epoch (src/collect/writer.ts), as does anything else that
// changes stored hits, and a new epoch drops every kept part. The epoch is read (with the live
// rows) before the parts, so a row a part missed moves it after, and the next read starts again.
import type { Queryable } from "../db";
import { SEAL_LAG_MS } from "../hits";
import { NOW_MINUTES, TOP_ROWS, WINDOW_MINUTES, type RealtimeRow, type RealtimeSnapshot } from "../shared/realtime";
import { PART_MS, readLive, readSealed, type Dim } from "./queries";

const MINUTE_MS = 60_000;
const DIMS: Dim[] = ["pages", "sources", "countries", "devices"];

type Counts = Map<string, number>;
type Lists = Record<Dim, Counts>;
/** A sealed part's sums: views per label, and per page its leaves by start second. */
type Part = { views: number; lists: Lists; leaves: Map<string, Map<number, number>> };

const lists = (): Lists => ({ pages: new Map(), sources: new Map(), countries: new Map(), devices: new Map() });
const add = (counts: Counts, key: string, n: number) => {
  const sum = (counts.get(key) ?? 0) + n;
  if (sum) counts.set(key, sum);
  else counts.delete(key);
};

/** The TOP_ROWS largest of `a` + `b`, most views first, ties by label (code unit order). */
function top(a: Counts, b: Counts): RealtimeRow[] {
  const rows: RealtimeRow[] = [];
  const offer = (label: string, views: number) => {
    const before = (r: RealtimeRow) => views > r.views || (views === r.views && label < r.label);
    if (rows.length === TOP_ROWS && !before(rows[TOP_ROWS - 1]!)) return;
    const i = rows.findIndex(before);
    rows.splice(i < 0 ? rows.length : i, 0, { label, views });
    if (rows.length > TOP_ROWS) rows.pop();
  };
  for (const [label, n] of a) offer(label, n + (b.get(label) ?? 0));
  for (const [label, n] of b) if (!a.has(label)) offer(label, n);
  return rows;
}

/** Parts from their sealed sums (./queries.ts readSealed). */
function partsOf(sealed: Awaited<ReturnType<typeof readSealed>>): Map<number, Part> {
  const parts = new Map<number, Part>();
  const partAt = (p: number) => parts.get(p) ?? parts.set(p, { views: 0, lists: lists(), leaves: new Map() }).get(p)!;
  for (const [p, dim, label, n] of sealed.views) {
    const part = partAt(p);
    part.lists[dim].set(label, n);
    // NOTE: every view has a device label ('unknown' at worst), so a part's views are its devices' sum.
    if (dim === "devices") part.views += n;
  }
  for (const [p, page, s, n] of sealed.leaves) {
    const leaves = partAt(p).leaves;
    (leaves.get(page) ?? leaves.set(page, new Map()).get(page)!).set(s, n);
  }
  return parts;
}

/**
 * "On now" (./queries.ts START): per page, views less answering leaves, never below 0, from the
 * raw rows (`raw`: per page, views and answering leaves) and the parts inside its 5 minutes.
 */
function onNowOf(raw: [string, number, number][], inside: Part[], since: number): number {
  const views: Counts = new Map();
  const leaves: Counts = new Map();
  for (const [page, v, l] of raw) {
    add(views, page, v);
    add(leaves, page, l);
  }
  for (const part of inside) {
    for (const [page, n] of part.lists.pages) add(views, page, n);
    for (const [page, starts] of part.leaves) for (const [s, n] of starts) if (s * 1000 >= since) add(leaves, page, n);
  }
  let onNow = 0;
  for (const [page, n] of views) onNow += Math.max(0, n - (leaves.get(page) ?? 0));
  return onNow;
}

/** The window ending at `now` floored to a whole second: its first minute's start and where "now" starts. */
const windowAt = (now: number) => {
  const at = Math.floor(now / 1000) * 1000;
  const from = Math.floor(at / MINUTE_MS) * MINUTE_MS - (WINDOW_MINUTES - 1) * MINUTE_MS;
  const since = at - NOW_MINUTES * MINUTE_MS;
  return { at, from, since, sealedTo: Math.floor((at - SEAL_LAG_MS) / PART_MS) * PART_MS, headEnd: Math.ceil(since / PART_MS) * PART_MS };
};

/** A reader of one domain's window, keeping its sealed parts between calls. */
export function windowReader(sql: Queryable, siteId: number) {
  let epoch = -1;
  let last = -Infinity;
  /** Parts by their start, all of them in [from, upTo) of the last read; `totals` their sums. */
  const parts = new Map<number, Part>();
  let upTo = -Infinity;
  const totals = lists();

  const keep = (p: number, part: Part, sign: 1 | -1) => {
    for (const dim of DIMS) for (const [label, n] of part.lists[dim]) add(totals[dim], label, sign * n);
    if (sign > 0) parts.set(p, part);
    else parts.delete(p);
  };

  return async (now: number): Promise<RealtimeSnapshot> => {
    const w = windowAt(now);
    // NOTE: one statement a tick (the parts' reads come once per part): the epoch comes with the live rows.
    const live = await readLive(sql, siteId, w);
    // NOTE: a clock set back would read rows twice (or leaves answered too early); start again.
    if (live.epoch !== epoch || w.at < last) {
      for (const [p, part] of parts) keep(p, part, -1);
      epoch = live.epoch;
      upTo = -Infinity;
    }
    last = w.at;
    for (const [p, part] of parts) if (p < w.from) keep(p, part, -1);
    // NOTE: a minute per statement, so a first read of a busy window lets the collector's writes in between.
    for (let start = Math.max(upTo, w.from); start < w.sealedTo; start += MINUTE_MS) {
      const to = Math.min(start + MINUTE_MS, w.sealedTo);
      for (const [p, part] of partsOf(await readSealed(sql, siteId, start, to, w.since))) keep(p, part, 1);
      upTo = to;
    }

    const minutes = new Array<number>(WINDOW_MINUTES).fill(0);
    for (const [p, part] of parts) minutes[Math.floor((p - w.from) / MINUTE_MS)]! += part.views;
    for (const [m, n] of live.minutes) if (m >= 0 && m < WINDOW_MINUTES) minutes[m]! += n;

    const liveLists = lists();
    for (const [dim, label, n] of live.top) liveLists[dim].set(label, n);

    const onNow = onNowOf(live.now, [...parts].filter(([p]) => p >= w.headEnd).map(([, part]) => part), w.since);
    const [pages, sources, countries, devices] = DIMS.map((dim) => top(totals[dim], liveLists[dim]));
    return { at: w.at, from: w.from, minutes, onNow, pages: pages!, sources: sources!, countries: countries!, devices: devices! };
  };
}
