"use client";
// Events: each event with its count, conversion rate (its count over the range's page views) and
// CO2 per conversion; a row expands into its values. Pro only.
import { LOCKED, type ListRow, type Locked } from "../../../src/shared/stats";
import { formatGrams } from "../../inspect/format";
import { formatPercent } from "../format";
import { NO_DATA_FOR_RANGE } from "./Campaigns";
import { ListWidget } from "./ListWidget";

// NOTE: both chips are facts, not news: neither is coloured as good or bad.
export const CHIP = "rounded bg-gray-100 px-1.5 py-px text-[11px] font-medium text-gray-700 tabular-nums dark:bg-gray-800 dark:text-gray-300";

function EventLabel({ row }: { row: ListRow }) {
  const total = row.totalConversionRate;
  const unique = row.uniqueConversionRate;
  const grams = row.co2PerConversion;
  // NOTE: the chips wrap under the name on a narrow row rather than being cut with it.
  return (
    <span className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 whitespace-normal">
      <span className="min-w-0 wrap-anywhere">{row.label}</span>
      {total && (
        <span
          className={CHIP}
          title={`Conversion rate: ${formatPercent(total.value)} of page views${unique ? `, ${formatPercent(unique.value)} of unique visits` : ""}`}
          data-testid="conversion-rate"
        >
          {formatPercent(total.value)}
        </span>
      )}
      {grams != null && (
        <span
          className={CHIP}
          title="CO₂ per conversion: the CO₂ of the range's page views over this count"
          data-testid="co2-per-conversion"
        >
          {formatGrams(grams)} CO₂ each
        </span>
      )}
    </span>
  );
}

export function Events({ rows, limit, total, onFilter }: { rows: ListRow[] | Locked; limit: number; total?: number; onFilter?: (row: ListRow) => void }) {
  return (
    <ListWidget
      id="events"
      title="Events"
      subtitle="Count, conversion rate over page views, and CO₂ per conversion"
      rows={rows === LOCKED ? [] : rows}
      total={total}
      locked={rows === LOCKED}
      limit={limit}
      columns={["Event", "Count"]}
      labelFor={(row) => <EventLabel row={row} />}
      onFilter={onFilter}
      empty={NO_DATA_FOR_RANGE}
    />
  );
}
