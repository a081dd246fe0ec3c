"use client";
// One website's settings form: loads its current values from GET /api/domains (another owner's or
// an unknown website shows "No such domain."), then PATCHes time zone, public switch and, for Pro,
// the public dashboard's password and downloads switch, the carbon badge switch (BadgeEmbed), the public realtime switch and the privacy notice switch; sharing and the notice wait for the
// ownership proof (DomainVerify). The public link can be replaced by a new one. A verified website
// also has its weekly email reports (ReportSettings) and webhooks for its alerts (WebhookSettings); its editors keep its carbon budgets (BudgetSettings). Links to install, import history and delete.
// A website shared with the user shows what their role may change (src/shared/roles.ts): the team
// (TeamSettings) for its owner and admins, and a button to leave it for members.
import { useEffect, useState } from "react";
import { allows, type Role } from "../../src/shared/roles";
import { CopyButton } from "../CopyButton";
import { ApiForm, type FieldSpec } from "../forms/ApiForm";
import { api } from "../forms/api";
import { DomainVerify } from "./DomainVerify";
import { ReportSettings } from "./ReportSettings";
import { TeamSettings } from "./TeamSettings";
import { BudgetSettings } from "./BudgetSettings";
import { WebhookSettings } from "./WebhookSettings";
import { ProPromo } from "../pricing/ProPromo";
import { BadgeEmbed } from "./BadgeEmbed";

type Row = {
  domain: string; tz: string; public: boolean; publicID: string; passwordProtected: boolean; verified: boolean; verifyTag: string; privacyPage: boolean;
  publicExport: boolean; publicRealtime: boolean; carbonBadge: boolean; role: Role;
  /** The plan the website is on (its owner's) has Pro. */
  pro: boolean;
};
type Props = { domain: string; zones: { value: string; label: string }[]; origin: string; me: string };

const link = "text-blue-700 underline dark:text-blue-400";

export function DomainSettings({ domain, zones, origin, me }: Props) {
  const [row, setRow] = useState<Row | null | undefined>(undefined);
  useEffect(() => {
    const load = () => void api<Row[]>("GET", "/api/domains").then((r) => setRow(r.ok ? (r.data.find((d) => d.domain === domain) ?? null) : null));
    load();
    addEventListener("bothy:domains", load);
    return () => removeEventListener("bothy:domains", load);
  }, [domain]);

  if (row === undefined) return <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">Loading…</p>;
  if (row === null) return <p role="alert" className="mt-4 text-gray-700 dark:text-gray-300">No such domain. <a href="/settings/domains" className={link}>Your websites</a></p>;

  const base = `/dashboard/${encodeURIComponent(domain)}`;
  const pro = row.pro;
  const fields: FieldSpec[] = [{ name: "tz", label: "Time zone", type: "select", options: zones, defaultValue: row.tz }];
  if (row.verified) {
    fields.push({ name: "public", label: "Public dashboard: anyone with the link can see the numbers", type: "checkbox", defaultValue: row.public });
    fields.push({ name: "publicRealtime", label: "Realtime on the public dashboard: its visitors see who is on the site now", type: "checkbox", defaultValue: row.publicRealtime });
    fields.push({ name: "privacyPage", label: "Privacy notice: a page for your visitors saying what Bothy records on this website", type: "checkbox", defaultValue: row.privacyPage });
  }
  if (pro && row.verified) {
    fields.push({
      name: "password",
      label: "Password for the public dashboard",
      type: "password",
      autoComplete: "new-password",
      optional: true,
      hint: row.passwordProtected ? "A password is set. Type a new one to change it." : "Leave empty for no password.",
    });
    fields.push({
      name: "publicExport",
      label: "Downloads: visitors of the public dashboard may export its stats (XLSX, CSV)",
      type: "checkbox",
      defaultValue: row.publicExport,
    });
    fields.push({
      name: "carbonBadge",
      label: "Carbon badge: publish last month's rating from real visits, with its figures, as a badge for your website",
      type: "checkbox",
      defaultValue: row.carbonBadge,
    });
  }
  const leave = row.role !== "owner" && (
    <div className="mt-8 max-w-xs">
      <p className="mb-2 text-sm text-gray-700 dark:text-gray-300">Shared with you as {row.role}.</p>
      <ApiForm
        method="DELETE"
        action={`/api/domains/${encodeURIComponent(domain)}/members/${encodeURIComponent(me)}`}
        fields={[]}
        submit="Leave this website"
        danger
        then={{ navigate: "/settings/domains", flash: `You left ${domain}.` }}
      />
    </div>
  );
  if (!allows(row.role, "editor")) return leave;
  return (
    <div className="mt-6 max-w-lg">
      {row.role === "owner" && <DomainVerify domain={domain} verified={row.verified} verifyTag={row.verifyTag} />}
      {/* NOTE: keyed by the proof, so the sharing fields appear with their values once it is verified. */}
      <div className="mt-6">
        <ApiForm
          key={String(row.verified)}
          method="PATCH"
          action={`/api/domains/${encodeURIComponent(domain)}`}
          submit="Save settings"
          fields={fields}
          then={{ message: "Settings saved.", event: "bothy:domains" }}
        />
      </div>
      {!pro && row.verified && (
        <div className="mt-6">
          <ProPromo message="Password-protected public dashboards are a Pro feature" />
        </div>
      )}
      {row.public && (
        // NOTE: shown as text to copy, since the owner shares it elsewhere.
        <div className="mt-4 space-y-3 text-sm text-gray-700 dark:text-gray-300">
          <div className="flex items-center gap-3">
            <span>
              Public link: <code data-testid="public-link" className="break-all">{`${origin}/public/${row.publicID}`}</code>
            </span>
            <CopyButton text={`${origin}/public/${row.publicID}`} label="Copy link" />
          </div>
          <p>A new link makes the old one stop working, for everyone you gave it to.</p>
          <div className="max-w-xs">
            <ApiForm method="POST" action={`/api/domains/${encodeURIComponent(domain)}/public-id`} submit="Make a new public link" fields={[]} then={{ event: "bothy:domains" }} />
          </div>
        </div>
      )}
      {row.privacyPage && (
        <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">
          Privacy notice, to link to from your own privacy policy:{" "}
          <a data-testid="privacy-link" href={`/privacy/${encodeURIComponent(domain)}`} className={link}>{`${origin}/privacy/${domain}`}</a>
        </p>
      )}
      {row.carbonBadge && <BadgeEmbed domain={domain} origin={origin} />}
      {row.verified && <ReportSettings domain={domain} pro={pro} />}
      {row.verified && <WebhookSettings domain={domain} />}
      {allows(row.role, "editor") && <BudgetSettings domain={domain} />}
      {allows(row.role, "admin") && <TeamSettings domain={domain} role={row.role} me={me} />}
      {leave}
      <p className="mt-8 flex gap-4 text-sm">
        <a href={`${base}/install`} className={link}>Install the script</a>
        {allows(row.role, "admin") && (
          <>
            <a href={`${base}/import`} className={link}>Import history</a>
            <a href={`${base}/delete`} className="text-red-700 underline dark:text-red-400">Delete this website</a>
          </>
        )}
      </p>
    </div>
  );
}
