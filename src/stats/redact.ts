// The demo dashboard is public, so its answers carry no address a stranger could follow: referrers
// that are not a known search engine, social network or mail service (src/collect/referrers.ts)
// become one "redacted" row, and social posts are dropped. Synthetic traffic names made-up blogs
// today; the same rule keeps the demo safe if it is ever fed by a real site.
import { classifyHost } from "../collect";
import type { ListRow, RefStats, Stats } from "./contract";

export const REDACTED = "redacted";

/** "direct", "unknown" and well-known hosts stay; anything else could name a private site. */
const shown = (label: string) => label === "direct" || label === "unknown" || classifyHost(label) !== "unknown";

/** Rows with equal labels as one (values and shares summed, no change figure, no children), largest first. */
function mergeRows(rows: ListRow[]): ListRow[] {
  const byLabel = new Map<string, ListRow>();
  for (const row of rows) {
    const seen = byLabel.get(row.label);
    if (!seen) byLabel.set(row.label, row);
    else byLabel.set(row.label, { label: row.label, value: seen.value + row.value, pc: seen.pc + row.pc, c: null });
  }
  return [...byLabel.values()].sort((a, b) => b.value - a.value);
}

/** Shares of a merged list, against its own total. */
const reshare = (rows: ListRow[]): ListRow[] => {
  const total = rows.reduce((sum, r) => sum + r.value, 0);
  return rows.map((r) => ({ ...r, pc: total ? r.value / total : 0 }));
};

function redactRef(stats: RefStats): RefStats {
  const result = mergeRows(
    stats.result.map((r) => (shown(r.label) ? r : { label: REDACTED, value: r.value, pc: r.pc, c: r.c })),
  );
  const path: Record<string, ListRow[]> = {};
  const hidden: ListRow[] = [];
  for (const [label, rows] of Object.entries(stats.path)) {
    if (shown(label)) path[label] = rows;
    else hidden.push(...rows);
  }
  if (hidden.length) path[REDACTED] = reshare(mergeRows(hidden));
  return { ...stats, result, path, tweets: [], count: { ...stats.count, result: result.length } };
}

/** The demo's answer as the public may see it. */
export function redactDemo(stats: Stats): Stats {
  const marked = { ...stats, validated: { ...stats.validated, demo: true } };
  return marked.dataType === "REF" ? redactRef(marked) : marked;
}
