// "/pricing-update" — for a signed-in customer: pick another tier or billing period, then go on to
// the upgrade screen with that choice. Preselects the tier this month's visits fall in. Our own
// analytics stay off here (web/guards.ts), as on every page about a customer's plan.
import { PricingCards } from "../../components/pricing/PricingCards";
import { formatNumber } from "../shared/numbers";
import { tierFor } from "../shared/pricing";
import type { PageProps } from "../web/page";
import type { Meta } from "./meta";
import { planChoice } from "./pricing";

export const meta: Meta = { head: "pricingUpdate", layout: "website", guards: { auth: true, verified: true, beta: "hidden", tracking: "off" } };

/** The page body both plan-change variants share; `chooseTier` false keeps the tier, changing the period only. */
export async function PlanChange({ user, searchParams, services, chooseTier }: PageProps & { chooseTier: boolean }) {
  if (!user) return null; // the guard guarantees a user; this satisfies the type
  const usage = await services.accountUsage(user.uid);
  const choice = planChoice(searchParams, tierFor(usage.visits).key);
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-center text-3xl font-bold tracking-tight text-gray-900 dark:text-white">
        {chooseTier ? "Change your plan" : "Change your billing period"}
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-gray-700 dark:text-gray-300">
        Your websites had {formatNumber(usage.visits)} unique visits this month.
      </p>
      <div className="mt-10">
        <PricingCards tier={choice.tier} billing={choice.billing} variant="change" chooseTier={chooseTier} />
      </div>
    </section>
  );
}

export default function PricingUpdatePage(props: PageProps) {
  return <PlanChange {...props} chooseTier />;
}
