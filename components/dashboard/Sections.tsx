"use client";
// Every dashboard section below the summary, in the side navigation's order,
// composed from the widgets with the API's answers. The row popups ("Referrals for
// a page", "Top entry pages for a referrer") are built here from REF's entry-page map; a
// campaign's entry pages come in from the dashboard when its Path tab opens. A row's label filters
// the dashboard by its stored value (the Sources list shows "Search" for "search").
import { memo, useMemo, type ReactNode } from "react";
import type { FilterDimension } from "../../src/shared/filters";
import type { GoalsLoaded } from "./load";
import { LOCKED, shownBounceRate, type ListRow, type PathStats, type RefStats, type SummaryStats } from "../../src/shared/stats";
import { valueName } from "./filter-values";
import { formatDuration, formatPercent } from "./format";
import { anchor, sectionLocked, type SectionId } from "./section-list";
import { CarbonSection } from "./widgets/CarbonSection";
import { Campaigns, type CampaignPages } from "./widgets/Campaigns";
import { Crawlers } from "./widgets/Crawlers";
import { Events } from "./widgets/Events";
import type { FunnelSource } from "./funnel-load";
import { Goals, type GoalFilter, type GoalsManage } from "./widgets/Goals";
import { ListWidget, LOADING } from "./widgets/ListWidget";
import { ScreenSizes } from "./widgets/ScreenSizes";
import { TweetWall } from "./widgets/TweetWall";
import { FunnelsLazy, SpeedLazy, WorldMapLazy } from "./widgets/lazy";

export type RowPopup = { kind: "page"; row: ListRow } | { kind: "referrer"; row: ListRow };

type Props = {
  summary: SummaryStats;
  path?: PathStats;
  refStats?: RefStats;
  goals?: GoalsLoaded;
  /** Adding, editing and deleting goals: the owner's page only. */
  manageGoals?: GoalsManage;
  /** The Funnels section's FUNNEL reads and the Speed section's SPEED reads: the dashboard's source, range and filters. */
  funnels: FunnelSource;
  limit: number;
  pro: boolean;
  /** The site's name, null on a public dashboard (its answers do not reveal it). */
  domain: string | null;
  onPopup: (p: RowPopup) => void;
  /** Adds `is value` on `dim` to the filters. */
  onFilter: (dim: FilterDimension, value: string) => void;
  goalFilter: GoalFilter;
  /** The open campaign's entry pages, asked for when its Path tab opens. */
  campaignPages: CampaignPages;
};

/** A map of counts as list rows, biggest first, with each one's share of the total. */
export function mapRows(map: Record<string, number>): ListRow[] {
  const total = Object.values(map).reduce((a, b) => a + b, 0);
  return Object.entries(map)
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => ({ label: k, value: v, pc: total ? v / total : 0, c: null }));
}


/** Referrer labels as people read them: "direct" and "unknown" as words, the demo's redactions muted. */
export function referrerLabel(row: ListRow): ReactNode {
  if (row.label === "redacted") return <span className="italic text-gray-500 dark:text-gray-400">redacted</span>;
  return valueName("referrer", row.label);
}

/** A list's label click: `is <label>` on `dim`. */
export const filterBy = (onFilter: Props["onFilter"], dim: FilterDimension) => (row: ListRow) => onFilter(dim, row.label);

export function Section({ id, title, pro, children, wide }: { id: SectionId; title: string; pro: boolean; children: ReactNode; wide?: boolean }) {
  const locked = sectionLocked(id, pro);
  return (
    <section id={anchor(id)} data-section={id} aria-label={title} tabIndex={-1} data-locked={locked || undefined} className={`min-w-0 scroll-mt-40 rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-blue-600 ${wide ? "desk:col-span-2" : ""}`}>
      {children}
    </section>
  );
}

// NOTE: memoised: the dashboard renders again for flags that change no section (busy, filled).
export const Sections = memo(function Sections({ summary, path, refStats: ref, goals, manageGoals, funnels, limit, pro, domain, onPopup, onFilter, goalFilter, campaignPages }: Props) {
  const byPage = filterBy(onFilter, "page");
  const rows = path?.path ?? [];
  const attention = rows
    .filter((r) => r.durationAvg !== null)
    .sort((a, b) => b.durationAvg! - a.durationAvg!)
    .map((r) => ({ label: r.label, value: r.durationAvg!, pc: 0, c: null }));
  const scroll = rows
    .filter((r) => r.scrollAvg !== null)
    .map((r) => ({ label: r.label, value: r.scrollAvg!, pc: 0, c: null }))
    .sort((a, b) => b.value - a.value);
  const bounce = rows
    .filter((r) => r.bounceRate !== null)
    .map((r) => ({ label: r.label, value: shownBounceRate(r.bounceRate)! * 100, pc: 0, c: null }))
    .sort((a, b) => b.value - a.value);
  const pending = LOADING;
  // NOTE: the map projects every country's outline on render (d3-geo, the costliest part of the
  // page); PATH and REF landing must not redraw it, only a new SUMMARY.
  const map = useMemo(() => <WorldMapLazy rows={summary.country} />, [summary.country]);
  return (
    <div className="grid gap-6 desk:grid-cols-2">
      <Section id="pages" title="Top pages" pro={pro}>
        <ListWidget id="pages" title="Top pages" rows={rows} total={path?.count.path} limit={limit} columns={["Page", "Views"]} magnify onRowClick={(row) => onPopup({ kind: "page", row })} onFilter={byPage} empty={path ? undefined : pending} />
      </Section>
      <Section id="referrals" title="Referrals" pro={pro}>
        <ListWidget id="referrals" title="Referrals" rows={ref?.result ?? []} total={ref?.count.result} limit={limit} columns={["Referrer", "Views"]} labelFor={referrerLabel} magnify onRowClick={(row) => onPopup({ kind: "referrer", row })} onFilter={filterBy(onFilter, "referrer")} empty={ref ? undefined : pending} />
      </Section>
      <Section id="sources" title="Sources" pro={pro}>
        <ListWidget id="sources" title="Sources" rows={mapRows(summary.source)} limit={limit} columns={["Source", "Views"]} labelFor={(r) => valueName("source", r.label)} onFilter={filterBy(onFilter, "source")} />
      </Section>
      <Section id="carbon" title="Carbon & Energy" pro={pro}>
        {path ? <CarbonSection totals={path.carbonTotals} energy={path.energy} limit={limit} domain={domain} budgetsOf={summary.validated.role ? domain : null} /> : <Placeholder title="Carbon & Energy" />}
      </Section>
      <Section id="speed" title="Speed" pro={pro} wide>
        {/* NOTE: read again with each PATH answer, which every load (range, filters, refresh) brings anew. */}
        <SpeedLazy source={funnels} tick={path} />
      </Section>
      <Section id="attention" title="Attention Economy" pro={pro}>
        <div className="grid gap-6">
          <ListWidget id="attention" title="Attention Economy" rows={attention} limit={limit} columns={["Page", "Avg. visible time"]} format={formatDuration} onFilter={byPage} empty={path ? undefined : pending} />
          <ListWidget id="scroll" title="Scroll depth" subtitle="How far down the page visitors scrolled, on average" rows={scroll} limit={limit} columns={["Page", "Avg. scroll depth"]} format={(v) => formatPercent(v / 100)} onFilter={byPage} empty={path ? undefined : pending} />
        </div>
      </Section>
      <Section id="bounce" title="Bounce Rate" pro={pro}>
        <ListWidget id="bounce" title="Bounce Rate" rows={bounce} limit={limit} columns={["Page", "Bounce rate"]} format={(v) => formatPercent(v / 100)} onFilter={byPage} empty={path ? undefined : pending} />
      </Section>
      <Section id="countries" title="Countries" pro={pro} wide>
        <div className="grid gap-6 rounded-xl desk:grid-cols-[3fr_2fr]">
          <div className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
            {map}
          </div>
          <ListWidget id="countries" title="Countries" rows={summary.country} total={summary.count.country} limit={limit} columns={["Country", "Views"]} labelFor={(r) => valueName("country", r.label)} onFilter={filterBy(onFilter, "country")} />
        </div>
      </Section>
      <Section id="languages" title="Languages" pro={pro}>
        <ListWidget id="languages" title="Languages" rows={summary.language} total={summary.count.language} limit={limit} columns={["Language", "Views"]} labelFor={(r) => valueName("language", r.label)} onFilter={filterBy(onFilter, "language")} />
      </Section>
      <Section id="devices" title="Devices" pro={pro}>
        <ListWidget id="devices" title="Devices" rows={mapRows(summary.device)} limit={limit} columns={["Device", "Views"]} labelFor={(r) => valueName("device", r.label)} onFilter={filterBy(onFilter, "device")} />
      </Section>
      <Section id="sizes" title="Desktop Sizes" pro={pro}>
        <div className="h-full rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
          <h3 className="mb-3 text-base font-semibold text-gray-900 dark:text-white">Desktop Sizes</h3>
          <ScreenSizes size={summary.size} device={summary.device} onFilter={onFilter} />
        </div>
      </Section>
      <Section id="browsers" title="Browsers" pro={pro}>
        <ListWidget id="browsers" title="Browsers" rows={summary.browser} total={summary.count.browser} limit={limit} columns={["Browser", "Views"]} onFilter={filterBy(onFilter, "browser")} />
      </Section>
      <Section id="os" title="OS" pro={pro}>
        <ListWidget id="os" title="OS" rows={summary.os} total={summary.count.os} limit={limit} columns={["Operating system", "Views"]} onFilter={filterBy(onFilter, "os")} />
      </Section>
      <Section id="events" title="Events" pro={pro}>
        {path ? <Events rows={path.events} total={path.count.events} limit={limit} onFilter={filterBy(onFilter, "event")} /> : <Placeholder title="Events" />}
      </Section>
      <Section id="goals" title="Goals" pro={pro} wide>
        <Goals goals={goals} events={path && path.events !== LOCKED ? path.events.map((e) => e.label) : []} manage={manageGoals} filter={goalFilter} />
      </Section>
      <Section id="funnels" title="Funnels" pro={pro} wide>
        <FunnelsLazy goals={goals} source={funnels} manage={manageGoals && { domain: manageGoals.domain }} />
      </Section>
      <Section id="campaigns" title="Campaigns" pro={pro} wide>
        {ref ? <Campaigns rows={ref.campaign} limit={limit} pages={campaignPages} onFilter={onFilter} /> : <Placeholder title="Campaigns" />}
      </Section>
      <Section id="crawlers" title="Bots & crawlers" pro={pro} wide>
        <Crawlers domain={domain} range={funnels.range} limit={limit} tick={path} />
      </Section>
      {ref && ref.tweets.length > 0 && (
        <section aria-label="Social posts" className="min-w-0 desk:col-span-2">
          <TweetWall tweets={ref.tweets} />
        </section>
      )}
    </div>
  );
});

function Placeholder({ title }: { title: string }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <h3 className="text-base font-semibold text-gray-900 dark:text-white">{title}</h3>
      <p className="mt-6 text-sm text-gray-500">{LOADING}</p>
    </div>
  );
}
