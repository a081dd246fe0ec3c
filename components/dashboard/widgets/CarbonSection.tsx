"use client";
// The Energy & Carbon section: the totals of the range
// with their everyday equivalents and the SWD rating letter (with its scale as a legend), the same
// CO2 on the visitors' own grids, the green-hosting message with the site's carbon.txt claims, and the per-page energy list, each page's grams with its letter,
// whose rows open the energy inspector popup (a link to the page inspector for that URL), a page
// over its carbon budget marked (the site's budgets, read for a member of the site only).
// A plan without it gets the Pro notice instead.
import { useEffect, useState } from "react";
import { budgetFor, overBudget, type Budget } from "../../../src/shared/budgets";
import { NO_VISITS, visitRating } from "../../../src/shared/rating";
import { LOCKED, type CarbonTotals, type EnergyRow, type ListRow, type Locked } from "../../../src/shared/stats";
import { formatGrams } from "../../inspect/format";
import { formatBytes, formatDuration, formatMass, formatNumber, formatPercent, formatRough } from "../format";
import { CarbonTxtLine } from "./CarbonTxtLine";
import { ListWidget } from "./ListWidget";
import { Popup } from "./Popup";
import { ProLock } from "./ProLock";

export type CarbonSectionProps = {
  totals: CarbonTotals | Locked;
  energy: EnergyRow[] | Locked;
  limit: number;
  onInspect?: (path: string) => void;
  /** null on a public dashboard, whose answers do not name the site. */
  domain: string | null;
  /** The site whose budgets mark its pages: set for a member of the site only, whom alone the
   * budgets API answers (anyone else's read would be a refused request in the console). */
  budgetsOf?: string | null;
};

// NOTE: the texts wrap rather than truncate: a tile is narrow on a phone and beside another section.
function CarbonStat({ label, value, note, stat }: { label: string; value: string; note?: string; stat?: string }) {
  return (
    <div className="min-w-0 rounded-lg bg-gray-50 px-3 py-2.5 wrap-break-word dark:bg-gray-800/60" data-stat={stat}>
      <dt className="text-xs text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-gray-900 tabular-nums dark:text-white">{value}</dd>
      {note && <dd className="text-xs text-gray-500 dark:text-gray-400">{note}</dd>}
    </div>
  );
}

/** "A+ ≤ 0.04 g · A ≤ 0.079 g · … · F above 0.359 g": the scale the letters are read on. */
export function ratingLegend(scale: CarbonTotals["ratingScale"]): string {
  const bounded = scale.filter((s) => s.upTo !== null);
  const last = bounded[bounded.length - 1];
  return scale.map((s) => (s.upTo !== null ? `${s.rating} ≤ ${s.upTo} g` : `${s.rating} above ${last?.upTo ?? 0} g`)).join(" · ");
}

/** The letter of `grams` on the scale the API sent: the API's own letter for a row (both are CO2.js's). */
export const letterOn = (scale: CarbonTotals["ratingScale"], grams: number): string =>
  scale.find((s) => s.upTo === null || grams <= s.upTo)?.rating ?? "F";

/** Unknown, uses renewable energy, or does not use it. */
export function greenMessage(green: CarbonTotals["green"], domain: string | null): string {
  const site = domain ?? "this site";
  if (green === "unknown") return `Whether ${site} runs on renewable energy is unknown.`;
  const subject = domain ?? "This site";
  return green ? `${subject} uses renewable energy.` : `${subject} does not use renewable energy.`;
}

function GreenHosting({ green, domain }: { green: CarbonTotals["green"]; domain: string | null }) {
  const tone =
    green === true
      ? "bg-green-50 text-green-800 ring-green-200 dark:bg-green-500/10 dark:text-green-300 dark:ring-green-500/30"
      : green === false
        ? "bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/30"
        : "bg-gray-50 text-gray-700 ring-gray-200 dark:bg-gray-800 dark:text-gray-300 dark:ring-gray-700";
  return (
    <p className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm ring-1 ${tone}`} data-testid="green-hosting">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor">
        <path d="M17 3c-7 0-12 3-12 9 0 1.3.3 2.4.8 3.3L3.5 17.6l1 1 2.2-2.3c.9.5 2 .7 3.3.7 6 0 7-6 7-14z" />
      </svg>
      {greenMessage(green, domain)}
    </p>
  );
}

/** The same CO2 on the visitors' own grids, beside the global-average figure it replaces. */
function VisitorGrid({ totals }: { totals: CarbonTotals }) {
  const local = totals.visitorGrid;
  const rated = visitRating(totals.visits, local.rating);
  return (
    <p className="mt-3 text-sm text-gray-700 dark:text-gray-300" data-testid="visitor-grid">
      On your visitors' own electricity grids: <strong className="tabular-nums">{formatMass(local.co2Grams)}</strong>,{" "}
      {formatGrams(local.avgCo2Grams)} per visit{rated && ` (rated ${rated})`}, against {formatMass(totals.co2Grams)} on the world average grid.
      <span className="block text-xs text-gray-500 dark:text-gray-400">
        {formatPercent(local.knownShare)} of the bytes came from visits whose country is known from their time zone; the rest use the world average.
      </span>
    </p>
  );
}

/** The energy inspector popup of one page: its averages and the way to inspect it live. */
function EnergyInspector({ row, domain, onClose }: { row: EnergyRow; domain: string | null; onClose: () => void }) {
  const url = domain === null ? null : `https://${domain}${row.label.startsWith("/") ? row.label : `/${row.label}`}`;
  return (
    <Popup title={row.label} crumbs={[{ label: "Energy per page", onClick: onClose }]} onClose={onClose}>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <CarbonStat label="Average page weight" value={formatBytes(row.bytesAvg)} />
        <CarbonStat label="CO₂ per visit" value={formatGrams(row.value)} note={`Rated ${row.rating}`} />
        <CarbonStat label="CO₂ in this range" value={formatGrams(row.co2Grams)} />
        <CarbonStat label="Visits" value={formatNumber(row.visits)} note={`${row.kwh.toPrecision(2)} kWh in all`} />
      </dl>
      <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">
        These averages come from what your visitors' browsers downloaded. Inspect the page to see which files weigh the most and what it would save.
      </p>
      {url && (
        <a
          href={`/how-green-is-your-website?url=${encodeURIComponent(url)}`}
          className="mt-4 inline-flex items-center gap-1 rounded-lg bg-blue-600 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-700"
        >
          Inspect {url} →
        </a>
      )}
    </Popup>
  );
}

/** The site's budgets (none without a site to read them of, or when its read is refused). */
function useBudgets(domain: string | null): Budget[] {
  const [budgets, setBudgets] = useState<Budget[]>([]);
  useEffect(() => {
    if (!domain) return;
    let current = true;
    void fetch(`/api/domains/${encodeURIComponent(domain)}/budgets`)
      .then(async (res) => (res.ok ? ((await res.json()) as { budgets: Budget[] }).budgets : []))
      .catch(() => [])
      .then((b) => current && setBudgets(b));
    return () => {
      current = false;
    };
  }, [domain]);
  return budgets;
}

/** A page's label, with "over budget" when its grams or bytes per visit exceed its budget's. */
function BudgetLabel({ label, row, budgets }: { label: string; row: EnergyRow | undefined; budgets: Budget[] }) {
  const budget = budgetFor(budgets, label);
  const over = row ? overBudget(budget, { grams: row.value, bytes: row.bytesAvg }) : [];
  if (!row || !budget || !over.length) return <>{label}</>;
  const what = over.map((k) => (k === "grams" ? `${formatGrams(row.value)} CO₂ per visit, budget ${formatGrams(budget.grams!)}` : `${formatBytes(row.bytesAvg)} per visit, budget ${formatBytes(budget.bytes!)}`));
  // NOTE: the path gives way to the mark on a narrow row: the mark is what the row is read for.
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <span className="min-w-0 truncate">{row.label}</span>
      <span className="shrink-0 rounded bg-red-100 px-1.5 py-px text-[11px] font-medium text-red-900 dark:bg-red-500/20 dark:text-red-200" title={what.join("; ")} data-testid="over-budget">
        over budget
      </span>
    </span>
  );
}

export function CarbonSection({ totals, energy, limit, onInspect, domain, budgetsOf = null }: CarbonSectionProps) {
  const [open, setOpen] = useState<EnergyRow | null>(null);
  const budgets = useBudgets(energy === LOCKED ? null : budgetsOf);
  if (totals === LOCKED || energy === LOCKED) return <ProLock feature="Energy & Carbon" />;
  const byLabel = new Map(energy.map((r) => [r.label, r]));
  const inspect = (row: ListRow) => {
    const full = byLabel.get(row.label);
    if (!full) return;
    setOpen(full);
    onInspect?.(full.label);
  };
  const hours = totals.streamingHours;
  const rating = visitRating(totals.visits, totals.rating);
  return (
    <div className="flex flex-col gap-4" data-testid="carbon">
      <div className="rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
        <h3 className="mb-3 text-base font-semibold text-gray-900 dark:text-white">Carbon &amp; Energy</h3>
        <dl className="grid grid-cols-2 gap-2">
          <CarbonStat label="Data transferred" value={formatBytes(totals.transferredBytes)} note={`≈ ${formatRough(hours)} ${hours === 1 ? "hour" : "hours"} of video streaming`} />
          <CarbonStat label="CO₂ emitted" value={formatMass(totals.co2Grams)} note={`≈ ${formatRough(totals.totalKM)} km by car`} />
          <CarbonStat
            stat="per-visit"
            label="CO₂ per visit"
            value={rating ? formatGrams(totals.avgCo2Grams) : "—"}
            note={rating ? `Rated ${rating} · ${formatNumber(totals.visits)} visits` : NO_VISITS}
          />
          <CarbonStat label="Average time spent" value={formatDuration(totals.avgTimeSpent)} note={`${formatDuration(totals.durationTotal)} in all`} />
        </dl>
        <VisitorGrid totals={totals} />
        {totals.estimatedBytes > 0 && (
          <p className="mt-2 text-xs text-amber-900 dark:text-amber-200" data-testid="estimated">
            Estimated: {formatPercent(totals.estimatedBytes / totals.transferredBytes)} of these bytes are imported days' page views, weighed as this site's own pages weigh.
          </p>
        )}
        <div className="mt-3">
          <GreenHosting green={totals.green} domain={domain} />
          {domain && <CarbonTxtLine domain={domain} />}
        </div>
        <p className="mt-2 text-xs text-gray-500 dark:text-gray-400" data-testid="rating-legend">
          Rating of CO₂ per visit (Sustainable Web Design v4, as CO2.js grades it): {ratingLegend(totals.ratingScale)}
        </p>
      </div>
      <ListWidget
        id="energy"
        title="Energy per page"
        subtitle="Average CO₂ per visit (Sustainable Web Design v4)"
        rows={energy}
        limit={limit}
        metric="co2"
        columns={["Page", "CO₂ / visit"]}
        format={(grams) => `${formatGrams(grams)} · ${letterOn(totals.ratingScale, grams)}`}
        labelFor={budgets.length ? (row) => <BudgetLabel label={row.label} row={byLabel.get(row.label)} budgets={budgets} /> : undefined}
        magnify
        onRowClick={inspect}
      />
      {open && <EnergyInspector row={open} domain={domain} onClose={() => setOpen(null)} />}
    </div>
  );
}
