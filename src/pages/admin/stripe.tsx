// "/admin/users/stripe" — every subscription as Stripe reports it (status, tier, period end), with
// the account it belongs to, and the mismatches against our scopes: a paying subscription whose
// account lacks Pro, and Pro held without a paying subscription (granted by hand, or a lost webhook).
import { Badge, H1, H2, linkClass, Table, when } from "../../../components/admin/ui";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "adminStripe", layout: "admin", guards: { auth: true, admin: true } };

const note = "mt-2 text-sm text-gray-600 dark:text-gray-400";

export default async function AdminStripePage({ services }: PageProps) {
  // NOTE: Stripe down must not take the admin area with it: the page says so instead.
  const read = await services.admin.stripe().catch(() => null);
  if (!read) return (<><H1>Subscriptions</H1><p className={note}>Stripe did not answer. Try again in a minute.</p></>);
  if (!read.configured) {
    return (<><H1>Subscriptions</H1><p className={note}>Stripe is not configured on this instance (no STRIPE_* keys): every account is in beta.</p></>);
  }
  const mismatches = read.subscriptions.filter((s) => s.mismatch).length + read.proWithoutSubscription.length;
  const account = (uid: string | null, email: string | null) =>
    uid ? <a href={`/admin/users/${uid}`} className={linkClass}>{email}</a> : "no account of ours";
  return (
    <>
      <H1>Subscriptions</H1>
      <p className={note}>
        {read.subscriptions.length} subscriptions at Stripe ·{" "}
        {mismatches ? <Badge tone="red">{mismatches} mismatches</Badge> : <Badge tone="green">scopes agree</Badge>}
      </p>
      <Table
        label="Subscriptions"
        empty="Stripe holds no subscription."
        head={["Account", "Status", "Tier", "Period end", "Pro", "Subscription"]}
        rows={read.subscriptions.map((s) => [
          account(s.uid, s.email),
          <>{s.status}{s.cancelAtPeriodEnd && <> <Badge tone="amber">cancels at period end</Badge></>}</>,
          s.tier ?? "—",
          when(s.periodEnd),
          s.mismatch ? <Badge tone="red">{s.mismatch}</Badge> : s.pro ? "Yes" : "No",
          <code key="id" className="text-xs">{s.id}</code>,
        ])}
      />
      <H2>Pro without a subscription</H2>
      <Table
        label="Pro without a subscription"
        empty="Every Pro account has a paying subscription."
        head={["Account", "Mismatch"]}
        rows={read.proWithoutSubscription.map((a) => [account(a.uid, a.email), <Badge key="m" tone="red">{a.mismatch}</Badge>])}
      />
    </>
  );
}
