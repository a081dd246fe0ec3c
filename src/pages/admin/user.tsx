// "/admin/users/{uid}" — one account: profile and the admin's actions on it, its domains with their
// page views in the last 30 days and links to their dashboards, its Stripe subscription and
// invoices, API keys (names and last use, never
// the key), recent sign-ins (time and outcome only), the feedback it sent and the audit log about it.
import { ActionButton } from "../../../components/admin/ActionButton";
import { Badge, day, H1, H2, linkClass, Table, when } from "../../../components/admin/ui";
import { formatNumber } from "../../shared/numbers";
import { ApiForm } from "../../../components/forms/ApiForm";
import { HttpError } from "../../http/errors";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "adminUser", layout: "admin", guards: { auth: true, admin: true } };

const OUTCOMES = { ok: "Signed in", wrong_password: "Wrong password", wrong_code: "Wrong two-factor code", disabled: "Refused: sign-in off" } as const;

export default async function AdminUserPage({ params, services }: PageProps) {
  const found = await services.admin.user(params.uid ?? "");
  if (!found) throw new HttpError(404, "No such user.");
  const { user: u, domains, apiKeys, signins, feedback, audit, billing } = found;
  const api = `/api/admin/users/${u.uid}`;
  const has = (s: string) => u.scope.includes(s);
  return (
    <>
      <H1>{u.name}</H1>
      <p className="mt-1 text-gray-700 dark:text-gray-300">
        {u.email} {u.scope.map((s) => <Badge key={s} tone={s === "admin" ? "red" : "blue"}>{s}</Badge>)}
        {u.disabled && <Badge tone="amber">sign-in off</Badge>}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
        <dt className="text-gray-600 dark:text-gray-400">Verified</dt><dd>{u.verified ? "Yes" : "No"}</dd>
        <dt className="text-gray-600 dark:text-gray-400">Created</dt><dd>{day(u.created)}</dd>
        <dt className="text-gray-600 dark:text-gray-400">Last sign-in</dt><dd>{when(u.lastSignin)}</dd>
        <dt className="text-gray-600 dark:text-gray-400">Domains</dt><dd>{formatNumber(u.domains)}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2" aria-label="Actions" role="group">
        {!u.verified && <ActionButton label="Verify email" path={`${api}/verify`} />}
        <ActionButton label={has("pro") ? "Revoke Pro" : "Grant Pro"} path={`${api}/scope`} body={{ scope: "pro", grant: !has("pro") }} />
        <ActionButton
          label={has("admin") ? "Revoke admin" : "Grant admin"}
          path={`${api}/scope`}
          body={{ scope: "admin", grant: !has("admin") }}
          confirm={has("admin") ? undefined : `Make ${u.email} an admin? They will see every account and domain.`}
        />
        <ActionButton
          label={u.disabled ? "Enable sign-in" : "Disable sign-in"}
          path={`${api}/sign-in`}
          body={{ disabled: !u.disabled }}
          confirm={u.disabled ? undefined : `Switch off sign-in for ${u.email}? Their sessions end at once.`}
          danger={!u.disabled}
        />
      </div>

      <H2>Domains</H2>
      <Table
        label="Domains"
        empty="No domains."
        head={["Domain", "Verified", "Plan", "Views, 30 days", "Public", "Created"]}
        rows={domains.map((d) => [
          <a key="d" href={`/dashboard/${encodeURIComponent(d.name)}`} className={linkClass}>{d.name}</a>,
          d.verified ? "Yes" : "No", d.plan, formatNumber(d.views30d), d.public ? "Yes" : "No", day(d.created),
        ])}
      />

      <H2>Subscription and invoices</H2>
      {billing === "unavailable" ? (
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">Stripe did not answer. Try again in a minute.</p>
      ) : !billing ? (
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">No Stripe customer: this account never subscribed.</p>
      ) : (
        <>
          <Table label="Subscriptions" empty="No subscription." head={["Status", "Tier", "Period end", "Subscription"]}
            rows={billing.subscriptions.map((s) => [
              <>{s.status}{s.cancelAtPeriodEnd && <> <Badge tone="amber">cancels at period end</Badge></>}</>,
              s.tier ?? "—", when(s.periodEnd), <code key="id" className="text-xs">{s.id}</code>,
            ])} />
          <Table label="Invoices" empty="No invoices." head={["Date", "Number", "Amount", "Status", "Invoice"]}
            rows={billing.invoices.map((i) => [
              when(i.created), i.number ?? "—", `$${i.dollars.toFixed(2)}`, i.status ?? "—",
              i.url ? <a key="u" href={i.url} className={linkClass} rel="noreferrer">Open</a> : "—",
            ])} />
        </>
      )}

      <H2>API keys</H2>
      <Table label="API keys" empty="No API keys." head={["Name", "Created", "Last used"]}
        rows={apiKeys.map((k) => [k.name, day(k.created), when(k.lastUsed)])} />

      <H2>Recent sign-ins</H2>
      <Table label="Recent sign-ins" empty="No sign-ins recorded." head={["When", "Outcome"]}
        rows={signins.map((s) => [when(s.at), OUTCOMES[s.outcome]])} />

      <H2>Feedback</H2>
      <Table label="Feedback" empty="No feedback." head={["When", "Message", "Page", "Handled"]}
        rows={feedback.map((f) => [when(f.created), f.message, f.page ?? "—", f.handled ? when(f.handled) : "No"])} />

      <H2>Audit log</H2>
      <Table label="Audit log" empty="No admin has acted on this account." head={["When", "Admin", "Action", "Detail"]}
        rows={audit.map((a) => [when(a.at), a.adminEmail, a.action, a.detail ?? a.targetDomain ?? ""])} />

      <H2>Delete this account</H2>
      <p className="mb-3 text-sm text-gray-700 dark:text-gray-300">
        Deletes the account, its domains and every hit they collected. It cannot be undone.
      </p>
      <div className="max-w-md">
        <ApiForm
          method="POST"
          action={`${api}/delete`}
          submit="Delete account"
          danger
          fields={[{ name: "confirm", label: `Type ${u.email} to confirm`, type: "text", autoComplete: "off" }]}
          then={{ navigate: "/admin/users", flash: `Deleted ${u.email}.` }}
        />
      </div>
    </>
  );
}
