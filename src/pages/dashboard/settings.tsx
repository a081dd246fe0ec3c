// "/dashboard/{domain}/settings" — one website's time zone, public dashboard switch and (Pro)
// dashboard password, and its team; the form loads the current values from the API. Its owner and
// its team's editors and admins also choose which sites may embed the public dashboard.
import { DomainSettings } from "../../../components/account/DomainSettings";
import { EmbedSettings } from "../../../components/account/EmbedSettings";
import { timezoneOptions } from "../../shared/timezones";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "domainSettings", layout: "settings", guards: { auth: true } };

export default function DomainSettingsPage({ params, user, origin }: PageProps) {
  const domain = (params.domain ?? "").toLowerCase();
  const zones = timezoneOptions().map((z) => ({ value: z.zone, label: z.text }));
  return (
    <>
      <h1 className="text-2xl font-bold">Settings of {domain}</h1>
      <DomainSettings domain={domain} zones={zones} origin={origin} me={user?.email ?? ""} />
      <EmbedSettings domain={domain} />
    </>
  );
}
