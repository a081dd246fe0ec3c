// Pro's price table: the monthly price by monthly-visitor limit, the annual price and the saving the
// pricing card and the upgrade form state, how visitor counts read, and the lookup key each Stripe
// price carries. The pricing pages, the upgrade screen, `stripe:sync`, usage warnings and the
// admin's price tab read it.

export type Billing = "month" | "year";
export const BILLINGS: readonly Billing[] = ["month", "year"];

/** A Pro tier: up to `visitors` unique visits a month (null: above the largest limit). Prices in USD. */
export type Tier = { key: string; visitors: number | null; monthly: number };

export const TIERS: readonly Tier[] = [
  { key: "20k", visitors: 20_000, monthly: 9 },
  { key: "250k", visitors: 250_000, monthly: 19 },
  { key: "500k", visitors: 500_000, monthly: 29 },
  { key: "1m", visitors: 1_000_000, monthly: 59 },
  { key: "2m", visitors: 2_000_000, monthly: 79 },
  { key: "5m", visitors: 5_000_000, monthly: 99 },
  { key: "10m", visitors: 10_000_000, monthly: 149 },
  { key: "10m-plus", visitors: null, monthly: 299 },
];

/** The per-month price billed yearly: 80 % of the monthly price, rounded down to whole dollars. */
export const annualMonthly = (tier: Tier): number => Math.floor(tier.monthly * 0.8);

/** What one billing period costs, in USD. */
export const periodPrice = (tier: Tier, billing: Billing): number =>
  billing === "month" ? tier.monthly : annualMonthly(tier) * 12;

/** What paying yearly saves: twelve monthly payments less the yearly price, in USD. NOTE: the
 * yearly price's per-month part is rounded down, so this is a little more than 20 % of a year. */
export const yearlySaving = (tier: Tier): number => tier.monthly * 12 - periodPrice(tier, "year");

/** The pricing card's and the upgrade form's line, the dollar sign first as in every price: "Save $24 yearly". */
export const savingLine = (tier: Tier): string => `Save $${yearlySaving(tier)} yearly`;

/** Visitor counts on the pricing card: ≥ 1,000,000 one decimal + M, ≥ 1,000 whole thousands + K. */
export const formatVisitors = (n: number): string => {
  if (n >= 1_000_000) return `${(Math.floor(n / 100_000) / 10).toFixed(1)}M`;
  if (n >= 1_000) return `${Math.floor(n / 1_000)}K`;
  return String(n);
};

/** The card's line: "Up to 20K monthly visitors", or "Over 10.0M …" for the open-ended tier. */
export const tierVisitorsLine = (tier: Tier): string => {
  const largest = TIERS[TIERS.length - 2]?.visitors ?? 0;
  return tier.visitors === null
    ? `Over ${formatVisitors(largest)} monthly visitors`
    : `Up to ${formatVisitors(tier.visitors)} monthly visitors`;
};

/** The smallest tier whose limit holds `visits` unique visits a month. */
export const tierFor = (visits: number): Tier =>
  TIERS.find((t) => t.visitors !== null && visits <= t.visitors) ?? (TIERS[TIERS.length - 1] as Tier);

/** The tier after `tier`, or null at the top. */
export const nextTier = (tier: Tier): Tier | null => TIERS[TIERS.findIndex((t) => t.key === tier.key) + 1] ?? null;

export const tierByKey = (key: string): Tier | undefined => TIERS.find((t) => t.key === key);

/** The upgrade screen with a tier and period chosen. */
export const upgradeHref = (tier: Tier, billing: Billing) =>
  `/settings/profile?tier=${encodeURIComponent(tier.key)}&billing=${billing}#upgrade`;

/** The lookup key of a tier's Stripe price for a billing period, e.g. "bothy_pro_20k_month". */
export const priceLookupKey = (tier: Tier, billing: Billing): string => `bothy_pro_${tier.key}_${billing}`;

/** The tier key a price's lookup key names, or null for a key that is not one of Bothy's. */
export const tierKeyOfLookupKey = (lookupKey: string): string | null => {
  const key = /^bothy_pro_(.+)_(?:month|year)$/.exec(lookupKey)?.[1];
  return key && tierByKey(key) ? key : null;
};
