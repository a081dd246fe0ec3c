// "/dashboard/{domain}/realtime" — the domain's last 30 minutes, live. The numbers come in the
// browser from the /api/realtime stream, which decides who may read them as /api/stats does.
import { Realtime } from "../../../components/realtime/Realtime";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

// NOTE: open to all here, as the dashboard: the demo's realtime view is public; the stream refuses others.
export const meta: Meta = { head: "realtime", layout: "dashboard", guards: { auth: false } };

export default function RealtimePage({ params }: PageProps) {
  const domain = (params.domain ?? "").toLowerCase();
  return <Realtime target={{ domain }} title={domain} back={`/dashboard/${encodeURIComponent(domain)}`} />;
}
