// "/settings/domains" — the settings home: the user's websites (their own and those shared with
// them) and the form to add one with its time zone (~100 zones with their offsets, default
// Europe/London). Adding goes straight to the new website's install page. With ?invite= (the link
// of a team's invite mail) it accepts the invite first; a signed-out visitor signs in (or signs up)
// and comes back here.
import { CallOnOpen } from "../../../components/account/CallOnOpen";
import { DomainList } from "../../../components/account/DomainList";
import { ApiForm } from "../../../components/forms/ApiForm";
import { ProPromo } from "../../../components/pricing/ProPromo";
import { FREE_DOMAIN_LIMIT, hasProScope } from "../../shared/plans";
import type { PageProps } from "../../web/page";
import { DEFAULT_TZ, timezoneOptions } from "../../shared/timezones";
import type { Meta } from "../meta";

export const meta: Meta = { head: "settingsDomains", layout: "settings", guards: { auth: true, verified: true } };

export default function DomainsPage({ user, beta, searchParams }: PageProps) {
  const zones = timezoneOptions().map((z) => ({ value: z.zone, label: z.text }));
  const invite = searchParams.get("invite");
  return (
    <>
      <h1 className="text-2xl font-bold">Domains</h1>
      {invite && (
        <div className="mt-4">
          <CallOnOpen path="/api/invites/accept" body={{ token: invite }} busy="Accepting the invite…" success="You joined the team." next="/settings/domains" reload />
        </div>
      )}
      <DomainList />
      <section aria-labelledby="add-domain" className="mt-10 max-w-lg">
        <h2 id="add-domain" className="mb-4 text-lg font-semibold">Add a website</h2>
        <ApiForm
          method="POST"
          action="/api/domains"
          submit="Add website"
          fields={[
            { name: "domain", label: "Domain", type: "text", autoComplete: "off", hint: "The address without https://, for example example.com." },
            { name: "tz", label: "Time zone", type: "select", options: zones, defaultValue: DEFAULT_TZ, hint: "Your days and hours follow this zone." },
          ]}
          then={{ navigate: "/dashboard/{domain}/install", flash: "{domain} is added. Install the script to start counting.", event: "bothy:domains" }}
        />
      </section>
      {user && !hasProScope(user, beta) && (
        <section className="mt-10 max-w-2xl">
          <ProPromo message={`The free plan includes ${FREE_DOMAIN_LIMIT} websites; Pro has no limit`} />
        </section>
      )}
    </>
  );
}
