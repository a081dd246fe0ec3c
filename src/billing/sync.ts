// `npm run stripe:sync`: makes Stripe hold what src/shared/pricing.ts says — the Pro product and
// one recurring price per tier and billing period, found by lookup key. Idempotent: what exists
// with the right amount is left alone; a price whose amount changed is replaced and its lookup key
// moved to the new one (Stripe prices cannot change amount).
import type Stripe from "stripe";
import { BILLINGS, periodPrice, priceLookupKey, TIERS, type Billing, type Tier } from "../shared/pricing";

export const PRODUCT_ID = "bothy_pro";

type Wanted = { key: string; tier: Tier; billing: Billing; cents: number };

const wanted = (): Wanted[] =>
  TIERS.flatMap((tier) => BILLINGS.map((billing) => ({ key: priceLookupKey(tier, billing), tier, billing, cents: periodPrice(tier, billing) * 100 })));

async function ensureProduct(stripe: Stripe): Promise<boolean> {
  try {
    await stripe.products.retrieve(PRODUCT_ID);
    return false;
  } catch (err) {
    if ((err as { code?: string }).code !== "resource_missing") throw err;
  }
  await stripe.products.create({ id: PRODUCT_ID, name: "Bothy Pro", metadata: { bothy: "pro" } });
  return true;
}

/** The active prices holding the tiers' lookup keys, by lookup key. */
export async function activePrices(stripe: Stripe): Promise<Map<string, Stripe.Price>> {
  const keys = wanted().map((w) => w.key);
  const found = new Map<string, Stripe.Price>();
  // NOTE: Stripe takes at most 10 lookup keys per list call.
  for (let i = 0; i < keys.length; i += 10) {
    const { data } = await stripe.prices.list({ lookup_keys: keys.slice(i, i + 10), active: true, limit: 100 });
    for (const price of data) if (price.lookup_key) found.set(price.lookup_key, price);
  }
  return found;
}

/** Creates what is missing; returns the lookup keys it created (empty on a second run). */
export async function syncStripe(stripe: Stripe): Promise<{ productCreated: boolean; created: string[]; kept: string[] }> {
  const productCreated = await ensureProduct(stripe);
  const all = wanted();
  const existing = await activePrices(stripe);
  const created: string[] = [];
  const kept: string[] = [];
  for (const w of all) {
    const have = existing.get(w.key);
    if (have && have.unit_amount === w.cents && have.currency === "usd" && have.recurring?.interval === w.billing) {
      kept.push(w.key);
      continue;
    }
    await stripe.prices.create({
      product: PRODUCT_ID,
      currency: "usd",
      unit_amount: w.cents,
      recurring: { interval: w.billing },
      lookup_key: w.key,
      transfer_lookup_key: !!have,
      nickname: `Pro ${w.tier.key} / ${w.billing}`,
      metadata: { tier: w.tier.key, billing: w.billing },
    });
    created.push(w.key);
  }
  return { productCreated, created, kept };
}
