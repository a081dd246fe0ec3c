// "/pricing-update2" — the plan-change variant that keeps the tier (from ?tier= or this month's
// visits) and changes only the billing period, then goes on to the upgrade screen.
import type { PageProps } from "../web/page";
import type { Meta } from "./meta";
import { PlanChange } from "./pricing-update";

export const meta: Meta = { head: "pricingUpdate", layout: "website", guards: { auth: true, verified: true, beta: "hidden", tracking: "off" } };

export default function PricingUpdate2Page(props: PageProps) {
  return <PlanChange {...props} chooseTier={false} />;
}
