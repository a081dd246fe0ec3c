// "/public/{id}/realtime" — a public dashboard's realtime view, when its owner shares it there (the
// stream answers 403 otherwise, and the page says so). The domain's name stays unsaid, as on the
// public dashboard.
import { Realtime } from "../../components/realtime/Realtime";
import { HttpError } from "../http/errors";
import type { PageProps } from "../web/page";
import type { Meta } from "./meta";

export const meta: Meta = { head: "realtime", layout: "dashboard", guards: { auth: false } };

export default async function PublicRealtimePage({ params, services }: PageProps) {
  const id = params.id ?? "";
  if (!(await services.publicDashboardExists(id))) throw new HttpError(404, "No such public dashboard");
  return <Realtime target={{ id }} title="Public dashboard" back={`/public/${encodeURIComponent(id)}`} />;
}
