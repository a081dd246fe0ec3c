// "/admin/monitoring" — this process's health: ingest rate and buffer depth over the last hour
// (charts), flush latency, hits dropped by reason, the stats cache's hit rate, the inspector's queue
// and failures, database and WAL size, the last run of every maintenance job, and errors logged in
// the last hour.
import { LineChart } from "../../../components/admin/Charts";
import { H1, H2, Table, when } from "../../../components/admin/ui";
import { formatNumber } from "../../shared/numbers";
import { formatBytes } from "../../shared/units";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "adminMonitoring", layout: "admin", guards: { auth: true, admin: true } };

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-gray-200 p-3 dark:border-gray-800">
      <dt className="text-xs text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="text-lg font-semibold text-gray-900 dark:text-white">{value}</dd>
    </div>
  );
}

export default async function AdminMonitoringPage({ services }: PageProps) {
  const m = await services.admin.monitoring();
  const lookups = m.statsCache.hits + m.statsCache.misses;
  const drops = Object.entries(m.counts?.drops ?? {});
  return (
    <>
      <H1>Monitoring</H1>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">This process, since it started; the charts sample every 15 s.</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Hits accepted" value={formatNumber(m.counts?.accepted ?? 0)} />
        <Stat label="Buffered now" value={formatNumber(m.buffered)} />
        <Stat label="Mean flush" value={m.flush.meanMs === null ? "—" : `${m.flush.meanMs.toFixed(1)} ms (${formatNumber(m.flush.count)})`} />
        <Stat label="Stats cache hit rate" value={lookups ? `${Math.round((m.statsCache.hits / lookups) * 100)} % of ${formatNumber(lookups)}` : "—"} />
        <Stat label="Inspections queued / running" value={`${m.inspect.queued} / ${m.inspect.running}`} />
        <Stat label="Inspections failed, last hour" value={formatNumber(m.inspect.failedLastHour)} />
        <Stat label="Database / WAL" value={`${formatBytes(m.database.databaseBytes)} / ${m.database.walBytes === null ? "—" : formatBytes(m.database.walBytes)}`} />
        <Stat label="Errors logged, last hour" value={formatNumber(m.errorsLastHour)} />
      </dl>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <LineChart title="Hits accepted per second" points={m.samples.map((s) => ({ x: s.t, y: s.acceptedPerS }))} />
        <LineChart title="Write buffer depth" points={m.samples.map((s) => ({ x: s.t, y: s.buffered }))} />
      </div>
      <H2>Dropped hits</H2>
      <Table label="Dropped hits" empty="Collection is not running in this process." head={["Reason", "Hits"]} rows={drops.map(([r, n]) => [r, formatNumber(n)])} />
      <H2>Maintenance jobs</H2>
      <Table
        label="Maintenance jobs"
        empty="No maintenance job has run yet."
        head={["Job", "Last run", "Duration", "Outcome"]}
        rows={m.maintenance.map((j) => [j.job, when(j.started), j.durationMs === null ? "—" : `${formatNumber(j.durationMs)} ms`, j.started ? (j.error ?? "ok") : "not run yet"])}
      />
    </>
  );
}
