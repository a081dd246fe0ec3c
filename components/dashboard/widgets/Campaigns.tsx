"use client";
// Campaigns (campaign detail with Source, Medium and Path tabs): the
// campaign list; its INSPECT button opens its detail, one list per tab, and a label filters the
// dashboard (by the campaign, or by the tab's UTM source, medium or entry page). The Path tab's entry
// pages are not in the dashboard's answer: the tab asks for its campaign's when it is first shown.
import { useState } from "react";
import type { FilterDimension } from "../../../src/shared/filters";
import type { CampaignRow, ListRow } from "../../../src/shared/stats";
import { ListWidget, LOADING } from "./ListWidget";
import { Popup } from "./Popup";

export const NO_DATA_FOR_RANGE = "No data available for this range.";

const TABS = [
  { key: "source", label: "Source", dim: "utm_source" },
  { key: "medium", label: "Medium", dim: "utm_medium" },
  { key: "path", label: "Path", dim: "entry_page" },
] as const;
type Tab = (typeof TABS)[number]["key"];

/**
 * The entry pages of the campaign whose Path tab is open: `ask` names it (null when the detail
 * closes), `rows` are its pages once they land (undefined while they load; [] when the read failed).
 */
export type CampaignPages = { ask: (campaign: string | null) => void; rows?: ListRow[] };

/** Adds `is value` on `dim` to the dashboard's filters. */
type OnFilter = (dim: FilterDimension, value: string) => void;

function CampaignDetail({ row, limit, pages, onClose, onFilter }: { row: CampaignRow; limit: number; pages: CampaignPages; onClose: () => void; onFilter?: OnFilter }) {
  const [tab, setTab] = useState<Tab>("source");
  const current = TABS.find((t) => t.key === tab)!;
  const show = (next: Tab) => {
    setTab(next);
    if (next === "path") pages.ask(row.label);
  };
  const loading = tab === "path" && !pages.rows;
  return (
    <Popup title={row.label} crumbs={[{ label: "Campaigns", onClick: onClose }]} onClose={onClose}>
      <div role="tablist" aria-label="Campaign detail" className="mb-3 inline-flex rounded-lg bg-gray-100 p-1 dark:bg-gray-800">
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`campaign-tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls="campaign-panel"
            tabIndex={tab === t.key ? 0 : -1}
            onClick={() => show(t.key)}
            onKeyDown={(e) => {
              // WAI-ARIA tabs: the arrow keys move between tabs, Tab moves on to the panel.
              const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
              if (!step) return;
              const next = TABS[(TABS.findIndex((x) => x.key === tab) + step + TABS.length) % TABS.length]!;
              show(next.key);
              document.getElementById(`campaign-tab-${next.key}`)?.focus();
            }}
            className="rounded-md px-3 py-1 text-sm font-medium text-gray-600 aria-selected:bg-white aria-selected:text-gray-900 aria-selected:shadow-sm dark:text-gray-300 dark:aria-selected:bg-gray-950 dark:aria-selected:text-white"
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="campaign-panel" aria-labelledby={`campaign-tab-${tab}`}>
        <ListWidget key={tab} id={`campaign-${tab}`} title={current.label} rows={tab === "path" ? (pages.rows ?? []) : row[tab]} limit={limit} columns={[current.label, "Visits"]} empty={loading ? LOADING : undefined}
          onFilter={onFilter && ((r) => (onClose(), onFilter(current.dim, r.label)))} />
      </div>
    </Popup>
  );
}

export function Campaigns({ rows, limit, pages, onFilter }: { rows: CampaignRow[]; limit: number; pages: CampaignPages; onFilter?: OnFilter }) {
  const [open, setOpen] = useState<CampaignRow | null>(null);
  const byLabel = new Map(rows.map((r) => [r.label, r]));
  return (
    <>
      <ListWidget
        id="campaigns"
        title="Campaigns"
        rows={rows}
        limit={limit}
        columns={["Campaign", "Visits"]}
        magnify
        onRowClick={(r: ListRow) => setOpen(byLabel.get(r.label) ?? null)}
        onFilter={onFilter && ((r) => onFilter("utm_campaign", r.label))}
        empty={NO_DATA_FOR_RANGE}
      />
      {open && (
        <CampaignDetail
          row={open}
          limit={limit}
          pages={pages}
          onFilter={onFilter}
          onClose={() => {
            setOpen(null);
            pages.ask(null);
          }}
        />
      )}
    </>
  );
}
