// "/public/{id}" — a public dashboard: read-only, a sign-up button, and a password
// prompt when the owner protected it (the API answers 401 until the right password is sent).
import { Dashboard } from "../../components/dashboard/Dashboard";
import type { PageProps } from "../web/page";
import type { Meta } from "./meta";

export const meta: Meta = { head: "publicDashboard", layout: "dashboard", guards: { auth: false } };

export default function PublicDashboardPage({ params }: PageProps) {
  const id = params.id ?? "";
  return <Dashboard target={{ id }} mode="public" name="Public dashboard" pathname={`/public/${encodeURIComponent(id)}`} />;
}
