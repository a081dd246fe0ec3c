// Grouped figures in memory: a table per piece of a period (labels → summed figures), their sums,
// and the overlay that adds a small live table to a large cached one without copying it.

/** A group's labels (the grouped columns) and its summed figures. */
export type Label = string | number | null;
export type Sums = { labels: Label[]; sums: number[] };
/** Groups by their joined labels. Never mutated once built: merges make new objects. */
export type GroupTable = Map<string, Sums>;

/** What a period's read gives: a table, or an overlay that reads like one. */
export interface Groups extends Iterable<[string, Sums]> {
  readonly size: number;
  get(key: string): Sums | undefined;
  values(): Iterable<Sums>;
}

const add = (a: Sums, b: Sums): Sums => ({ labels: a.labels, sums: a.sums.map((v, i) => v + b.sums[i]!) });

/** The group-wise sum of `tables` as a new table; none of them is changed. */
export function sumTables(tables: GroupTable[]): GroupTable {
  const parts = tables.filter((t) => t.size > 0);
  if (parts.length <= 1) return parts[0] ?? new Map();
  // NOTE: the largest (a cached past) is copied once as the base, the small ones are added to it.
  const largest = parts.reduce((a, b) => (b.size > a.size ? b : a));
  const out = new Map(largest);
  for (const t of parts) {
    if (t === largest) continue;
    for (const [k, s] of t) {
      const o = out.get(k);
      out.set(k, o ? add(o, s) : s);
    }
  }
  return out;
}

/**
 * `base` plus `top`, read in place. NOTE: the base is a cached past of up to a few hundred thousand
 * groups and the top today's groups; copying the base on every read cost more than every other
 * step of it.
 */
class Overlay implements Groups {
  readonly size: number;
  constructor(readonly base: GroupTable, readonly top: GroupTable) {
    let extra = 0;
    for (const k of top.keys()) if (!base.has(k)) extra++;
    this.size = base.size + extra;
  }

  get(key: string): Sums | undefined {
    const b = this.base.get(key);
    const t = this.top.get(key);
    return b && t ? add(b, t) : (b ?? t);
  }

  *[Symbol.iterator](): Generator<[string, Sums]> {
    for (const [k, b] of this.base) {
      const t = this.top.get(k);
      yield [k, t ? add(b, t) : b];
    }
    for (const [k, t] of this.top) if (!this.base.has(k)) yield [k, t];
  }

  *values(): Generator<Sums> {
    for (const [, s] of this) yield s;
  }
}

/** `base` plus `top` as groups: whichever alone when the other is empty. */
export const overlay = (base: GroupTable, top: GroupTable): Groups => (top.size === 0 ? base : base.size === 0 ? top : new Overlay(base, top));

/** The table and the live top of `g` (a plain table has an empty top). */
export const layersOf = (g: Groups): [GroupTable, GroupTable] =>
  g instanceof Overlay ? [g.base, g.top] : g instanceof Map ? [g, EMPTY] : [new Map(g), EMPTY];
const EMPTY: GroupTable = new Map();
