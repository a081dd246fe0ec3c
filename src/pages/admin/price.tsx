// "/admin/price" — the tier table from the plans module beside the Stripe price each tier and period
// maps to by lookup key (as `npm run stripe:sync` creates them), flagging a tier without a price or
// with another amount at Stripe.
import { Badge, H1, Table } from "../../../components/admin/ui";
import { formatNumber } from "../../shared/numbers";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "adminPrice", layout: "admin", guards: { auth: true, admin: true } };

export default async function AdminPricePage({ services }: PageProps) {
  const read = await services.admin.prices().catch(() => null);
  const problems = read?.prices.filter((p) => p.problem).length ?? 0;
  return (
    <>
      <H1>Prices</H1>
      <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
        {!read
          ? "Stripe did not answer. Try again in a minute."
          : !read.configured
            ? "Stripe is not configured on this instance (no STRIPE_* keys): no tier has a price."
            : problems
              ? <>{problems} prices need <code>npm run stripe:sync</code>.</>
              : "Every tier has its price at Stripe."}
      </p>
      {read && (
        <Table
          label="Prices"
          empty="No tiers."
          head={["Tier", "Visitors a month", "Billing", "Price", "Lookup key", "Stripe price", "State"]}
          rows={read.prices.map((p) => [
            p.tier,
            p.visitors === null ? "more" : formatNumber(p.visitors),
            p.billing === "month" ? "Monthly" : "Yearly",
            `$${p.dollars}`,
            <code key="k" className="text-xs">{p.lookupKey}</code>,
            p.priceId ? <code key="p" className="text-xs">{p.priceId}</code> : "—",
            p.problem ? <Badge key="s" tone="red">{p.problem}</Badge> : <Badge key="s" tone="green">ok</Badge>,
          ])}
        />
      )}
    </>
  );
}
