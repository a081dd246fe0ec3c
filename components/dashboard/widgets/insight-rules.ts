// The insight sentences: a few facts worth a glance, computed from the
// three stats answers. Each rule says nothing when its data is missing or too thin to mean
// anything, so an empty list means "No insights yet".
import { LOCKED, type PathStats, type RefStats, type SummaryStats } from "../../../src/shared/stats";
import { percentChange } from "../../../src/shared/change";
import { formatBytes, formatChange, formatNumber, formatPercent } from "../format";

/** Referrer rows that name no site. */
const NOT_SITES = new Set(["direct", "unknown", "redacted"]);

/** Below this many page views a share or a rise is noise, not an insight. */
const MIN_VIEWS = 10;

export function insights(summary?: SummaryStats, path?: PathStats, ref?: RefStats): string[] {
  const out: string[] = [];
  if (summary && summary.visits.hits > 0) {
    const { hits } = summary.visits;
    const before = summary.previous.hits;
    if (before >= MIN_VIEWS) {
      const change = percentChange(hits, before)!;
      if (Math.abs(change) >= 1) out.push(`Page views ${change > 0 ? "rose" : "fell"} ${formatChange(Math.abs(change)).replace("+", "")} against the previous period.`);
    }
    const devices = Object.values(summary.device).reduce((a, b) => a + b, 0);
    if (devices >= MIN_VIEWS) out.push(`${formatPercent(summary.device.mobile / devices)} of page views came from mobile devices.`);
    const arrivals = Object.values(summary.source).reduce((a, b) => a + b, 0);
    if (arrivals >= MIN_VIEWS && summary.source.ai > 0) out.push(`${formatPercent(summary.source.ai / arrivals)} of visits came from AI assistants.`);
  }
  const pages = path?.path ?? [];
  const top = pages[0];
  if (top && top.value >= MIN_VIEWS) out.push(`Your top page, ${top.label}, brought ${formatPercent(top.pc)} of all page views.`);
  const riser = pages.filter((p) => p.c !== null && p.c > 0 && p.value >= MIN_VIEWS).sort((a, b) => b.c! - a.c!)[0];
  if (riser) out.push(`${riser.label} is the biggest riser, up ${formatChange(riser.c).replace("+", "")}.`);
  // NOTE: "redacted" is the demo's merge of hidden referrers, not a site that sent anyone.
  const referrer = ref?.result.find((r) => !NOT_SITES.has(r.label));
  if (referrer && referrer.value >= MIN_VIEWS) out.push(`${referrer.label} sent the most visitors from other sites (${formatNumber(referrer.value)}).`);
  if (path && path.energy !== LOCKED && path.energy.length > 1) {
    const heaviest = [...path.energy].sort((a, b) => b.bytesAvg - a.bytesAvg)[0]!;
    out.push(`${heaviest.label} is the heaviest page at ${formatBytes(heaviest.bytesAvg)} per visit.`);
  }
  return out;
}
