// "/settings/profile" — the account at a glance, with links to change it, this month's visits
// against the tier, a running downgrade grace period, and the #upgrade section: the card form for a
// free account (tier and billing preselected by ?tier=&billing= from the pricing page), the plan for
// a Pro one (Upgrade, which also heads the section); nothing to buy in beta, when everyone is Pro.
import { PlanName } from "../../../components/account/PlanName";
import { Upgrade } from "../../../components/account/Upgrade";
import { UsageBar } from "../../../components/pricing/Usage";
import { DOWNGRADE_GRACE_DAYS, FREE_HISTORY_DAYS, hasProScope } from "../../shared/plans";
import { BILLINGS, TIERS, type Billing } from "../../shared/pricing";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "settingsProfile", layout: "settings", guards: { auth: true, verified: true } };

const link = "text-blue-700 underline dark:text-blue-400";

export default async function ProfilePage({ user, beta, searchParams, services }: PageProps) {
  if (!user) return null; // the guard guarantees a user; this satisfies the type
  const pro = hasProScope(user, beta);
  const tier = TIERS.find((t) => t.key === searchParams.get("tier"))?.key ?? TIERS[0]!.key;
  const billing = BILLINGS.find((b) => b === searchParams.get("billing")) ?? ("month" satisfies Billing);
  const usage = await services.accountUsage(user.uid);
  return (
    <>
      <h1 className="text-2xl font-bold">Profile</h1>
      <dl className="mt-6 grid max-w-lg grid-cols-[8rem_1fr] gap-y-3 text-sm">
        <dt className="font-medium text-gray-600 dark:text-gray-400">Name</dt>
        <dd>{user.name} · <a href="/settings/edit" className={link}>Edit</a></dd>
        <dt className="font-medium text-gray-600 dark:text-gray-400">Email</dt>
        <dd>{user.email}</dd>
        <dt className="font-medium text-gray-600 dark:text-gray-400">Plan</dt>
        <dd><PlanName initial={pro ? (beta ? "Pro (everyone is Pro during the beta)" : "Pro") : "Free"} /></dd>
        <dt className="font-medium text-gray-600 dark:text-gray-400">Password</dt>
        <dd><a href="/settings/password" className={link}>Change your password</a></dd>
      </dl>
      <section aria-labelledby="usage" className="mt-10">
        <h2 id="usage" className="mb-2 text-lg font-semibold">Usage</h2>
        <UsageBar usage={usage} />
        {usage.graceUntil && (
          <p data-testid="grace" className="mt-3 max-w-lg text-sm text-gray-700 dark:text-gray-300">
            Your Pro plan has ended. Your websites keep all of their history until{" "}
            {new Date(usage.graceUntil).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })}{" "}
            ({DOWNGRADE_GRACE_DAYS} days of grace); after that, visits older than {FREE_HISTORY_DAYS} days are deleted. Upgrade before then to keep them.
          </p>
        )}
      </section>
      {!beta && (
        <section id="upgrade" aria-labelledby="upgrade-heading" className="mt-10 border-t border-gray-200 pt-6 dark:border-gray-700">
          <Upgrade pro={pro} tier={tier} billing={billing} />
        </section>
      )}
      <section aria-labelledby="danger" className="mt-10 border-t border-gray-200 pt-6 dark:border-gray-700">
        <h2 id="danger" className="text-lg font-semibold">Delete your account</h2>
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">Removes your account, your websites and every visit they counted.</p>
        <a href="/settings/delete" className="mt-3 inline-block text-sm font-semibold text-red-700 underline dark:text-red-400">Delete my account</a>
      </section>
    </>
  );
}
