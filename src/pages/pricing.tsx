// "/pricing" — Free and Pro, with Pro's price by monthly visitors, billed monthly or yearly. In beta
// the page does not exist: its guard sends visitors to /request. ?tier=…&billing=… preselect a choice.
import { PricingCards } from "../../components/pricing/PricingCards";
import { FREE_HISTORY_DAYS } from "../shared/plans";
import { BILLINGS, tierByKey, TIERS, type Billing } from "../shared/pricing";
import type { PageProps } from "../web/page";
import type { Meta } from "./meta";

export const meta: Meta = { head: "pricing", layout: "website", guards: { auth: false, beta: "hidden" } };

/** The tier and billing period a link chose, each falling back when absent or unknown. */
export function planChoice(searchParams: URLSearchParams, fallbackTier: string = TIERS[0]!.key): { tier: string; billing: Billing } {
  const tier = tierByKey(searchParams.get("tier") ?? "")?.key ?? fallbackTier;
  const billing = BILLINGS.find((b) => b === searchParams.get("billing")) ?? "month";
  return { tier, billing };
}

export default function PricingPage({ searchParams }: PageProps) {
  const choice = planChoice(searchParams);
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-center text-4xl font-bold tracking-tight text-gray-900 dark:text-white">Simple pricing</h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-gray-700 dark:text-gray-300">
        Free for small sites, with {FREE_HISTORY_DAYS} days of history. Pro is priced by the unique visits your websites get in a month.
        We never drop a visit: if you outgrow your tier, we suggest the next one.
      </p>
      <div className="mt-10">
        <PricingCards tier={choice.tier} billing={choice.billing} variant="signup" />
      </div>
    </section>
  );
}
