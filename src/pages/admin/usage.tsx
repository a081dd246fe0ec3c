// "/admin/usage" — page views per day across the instance (a chart), the busiest domains, storage
// (raw and compressed, TimescaleDB's size functions; per domain by its share of rows) and how far
// each continuous aggregate's materialized part lags behind now.
import { BarChart } from "../../../components/admin/Charts";
import { H1, H2, Table } from "../../../components/admin/ui";
import { formatNumber } from "../../shared/numbers";
import { formatBytes } from "../../shared/units";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "adminUsage", layout: "admin", guards: { auth: true, admin: true } };

const lag = (s: number | null) => (s === null ? "nothing materialized yet" : s < 120 ? `${s} s` : s < 7200 ? `${Math.round(s / 60)} min` : `${Math.round(s / 3600)} h`);

export default async function AdminUsagePage({ services }: PageProps) {
  const u = await services.admin.usage();
  return (
    <>
      <H1>Usage</H1>
      <div className="mt-4">
        <BarChart title="Page views per day, all domains (UTC)" points={u.perDay.map((d) => ({ x: d.day, y: d.views }))} />
      </div>
      <H2>Top domains, last 30 days</H2>
      <Table label="Top domains" empty="No page views yet." head={["Domain", "Page views"]} rows={u.top.map((t) => [t.domain, formatNumber(t.views)])} />
      <H2>Storage</H2>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Hits take {formatBytes(u.storage.totalBytes)} ({formatBytes(u.storage.uncompressedBytes)} before compression;
        compressed chunks {formatBytes(u.storage.compressedBytes)}). Per domain, by its share of rows.
      </p>
      <Table
        label="Storage per domain"
        empty="No hits stored."
        head={["Domain", "Rows", "Stored", "Raw"]}
        rows={u.storage.perDomain.map((d) => [d.domain, formatNumber(d.rows), formatBytes(d.bytes), formatBytes(d.uncompressedBytes)])}
      />
      <H2>Aggregate refresh lag</H2>
      <Table label="Aggregates" empty="No aggregates." head={["Aggregate", "Materialized up to"]} rows={u.aggregates.map((a) => [a.view, lag(a.lagS)])} />
    </>
  );
}
