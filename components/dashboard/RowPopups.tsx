"use client";
// The popups a list row opens: "Referrals for a page" and "Top entry pages for a referrer", both
// from REF's `path` map (referrer → entry pages) as asked for the row when the popup opens. A row's
// label filters the dashboard (by the referrer, or by the entry page) and closes the popup.
import type { FilterDimension } from "../../src/shared/filters";
import type { ListRow, RefStats } from "../../src/shared/stats";
import { formatNumber, isSiteLink } from "./format";
import { referrerLabel, type RowPopup } from "./Sections";
import { followLink, socialSearch } from "./social-search";
import { ListWidget, LOADING } from "./widgets/ListWidget";
import { Popup } from "./widgets/Popup";

/** The referrers that sent visitors who entered on `page`, with the views that entered there. */
export function referrersOf(page: string, entries: RefStats["path"]): ListRow[] {
  const found = Object.entries(entries).flatMap(([label, pages]) => {
    const hit = pages.find((p) => p.label === page);
    return hit ? [{ label, value: hit.value, c: hit.c }] : [];
  });
  const total = found.reduce((n, r) => n + r.value, 0);
  return found.sort((a, b) => b.value - a.value).map((r) => ({ ...r, pc: total ? r.value / total : 0 }));
}

type Props = {
  popup: RowPopup;
  /** REF's `path` as asked for this row (useEntryPages); undefined while it loads. */
  entries?: RefStats["path"];
  limit: number;
  onClose: () => void;
  /** The site's name; null on a public dashboard. */
  site?: string | null;
  /** Adds `is value` on `dim` to the filters (the popup closes with it: the filters change the rows). */
  onFilter?: (dim: FilterDimension, value: string) => void;
};

export function RowPopupView({ popup, entries, limit, onClose, site, onFilter }: Props) {
  const crumbs = [{ label: "Dashboard", onClick: onClose }];
  const filterBy = (dim: FilterDimension) => onFilter && ((row: ListRow) => onFilter(dim, row.label));
  if (popup.kind === "page") {
    const rows = entries ? referrersOf(popup.row.label, entries) : [];
    return (
      <Popup title={`Referrals for ${popup.row.label}`} crumbs={crumbs} onClose={onClose}>
        <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">
          {formatNumber(popup.row.value)} page views in this range. Referrers below sent visitors who entered the site on this page.
        </p>
        <ListWidget id="page-referrals" title="Referrals for a page" rows={rows} limit={limit} columns={["Referrer", "Entries"]} labelFor={referrerLabel} onFilter={filterBy("referrer")} empty={entries ? "No referrer sent visitors to this page in this range." : LOADING} />
      </Popup>
    );
  }
  const host = popup.row.label;
  const search = site ? socialSearch(host, site) : null;
  return (
    <Popup title={`Top entry pages from ${host}`} crumbs={crumbs} onClose={onClose}>
      {/* A referrer is a link only when it passes the site-link check. */}
      {isSiteLink(host) && (
        <p className="mb-4 text-sm">
          <a href={followLink(`//${host}`)} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-blue-700 underline dark:text-blue-300">
            Visit {host} ↗
          </a>
          {search && (
            <a href={search} target="_blank" rel="noopener noreferrer nofollow" className="ml-4 font-medium text-blue-700 underline dark:text-blue-300">
              Search {host} for {site} ↗
            </a>
          )}
        </p>
      )}
      <ListWidget id="referrer-pages" title="Top entry pages for a referrer" rows={entries?.[popup.row.label] ?? []} limit={limit} columns={["Page", "Entries"]} onFilter={filterBy("entry_page")} empty={entries ? undefined : LOADING} />
    </Popup>
  );
}
