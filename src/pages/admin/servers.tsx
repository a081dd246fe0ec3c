// "/admin/servers" — the processes sharing the database (app nodes, `worker:inspect`, `db:serve`'s
// maintenance) with their version, start and last heartbeat; silent for 60 s means stale.
import { Badge, H1, Table, when } from "../../../components/admin/ui";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "adminServers", layout: "admin", guards: { auth: true, admin: true } };

export default async function AdminServersPage({ services }: PageProps) {
  const { processes } = await services.admin.servers();
  return (
    <>
      <H1>Servers</H1>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Each process writes a heartbeat every 15 s; one silent for 60 s is stale.</p>
      <Table
        label="Processes"
        empty="No process has written a heartbeat."
        head={["Kind", "Host", "PID", "Version", "Started", "Last heartbeat", "State"]}
        rows={processes.map((p) => [
          p.kind, p.host, String(p.pid), p.version, when(p.started), when(p.lastSeen),
          p.stale ? <Badge key="s" tone="red">stale</Badge> : <Badge key="s" tone="green">live</Badge>,
        ])}
      />
    </>
  );
}
