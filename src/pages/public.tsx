// "/public/{id}" — a public dashboard: read-only, a sign-up button, and a password
// prompt when the owner protected it (the API answers 401 until the right password is sent). The
// view comes from the URL's query, as on the owner's dashboard. With ?embed=true it is the framed
// view for other sites (no side navigation or account links; &theme=light|dark; its height told to
// the parent), which only the sites its owner allows may frame (src/domains/embed.ts).
import { Dashboard } from "../../components/dashboard/Dashboard";
import { EmbedFrame } from "../../components/dashboard/EmbedFrame";
import { parseView } from "../../components/dashboard/view-url";
import { HttpError } from "../http/errors";
import { dayKey } from "../shared/days";
import type { PageProps } from "../web/page";
import type { Meta } from "./meta";

export const meta: Meta = { head: "publicDashboard", layout: "dashboard", guards: { auth: false } };

export default async function PublicDashboardPage({ params, searchParams, services }: PageProps) {
  const id = params.id ?? "";
  if (!(await services.publicDashboardExists(id))) throw new HttpError(404, "No such public dashboard");
  const framed = searchParams.get("embed") === "true";
  const dashboard = <Dashboard key={searchParams.toString()} target={{ id }} mode="public" name="Public dashboard" pathname={`/public/${encodeURIComponent(id)}`} initialView={parseView(searchParams)} today={dayKey(Date.now())} framed={framed} />;
  return framed ? <EmbedFrame dark={searchParams.get("theme") === "dark"}>{dashboard}</EmbedFrame> : dashboard;
}
