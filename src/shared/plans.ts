// The plan rules both the server and the pages read: the free plan's limits, Pro's feature list, and
// who counts as Pro (everyone in beta, else the `pro` scope) or admin. The server's src/plans adds
// the config and the retention that follows a plan.

/** Days of history a free account sees in the date picker and keeps. */
export const FREE_HISTORY_DAYS = 30;
/** Websites a free account may add. */
export const FREE_DOMAIN_LIMIT = 2;
/** Days a domain keeps all of its history after its owner leaves Pro, before the free window applies. */
export const DOWNGRADE_GRACE_DAYS = 30;

/** What the free plan gives, as the pricing card lists it. */
export const FREE_FEATURES: readonly string[] = [
  `Up to ${FREE_DOMAIN_LIMIT} websites`,
  `${FREE_HISTORY_DAYS} days of history`,
  "Basic analytics: pages, referrers, sources, countries, devices",
  "No cookies, no consent banner",
];

/**
 * What Pro gives, as the pricing card, the upgrade screen and every promo list it. Only what the
 * product does today: team seats, custom domains, priority support and branding are not listed.
 */
export const PRO_FEATURES: readonly { label: string }[] = [
  { label: "Unlimited websites" },
  { label: "Unlimited history" },
  { label: "Data export (XLSX, CSV ZIP), carbon included" },
  { label: "CO2 reporting" },
  { label: "Custom events" },
  { label: "Weekly email reports" },
  { label: "First-party proxy path past ad blockers" },
  { label: "API access" },
  { label: "Password-protected public dashboards" },
];

export type Scoped = { scope: readonly string[] };

export const hasProScope = (user: Scoped, beta: boolean): boolean => beta || user.scope.includes("pro");
export const hasAdminScope = (user: Scoped | null): boolean => !!user?.scope.includes("admin");
