// An account's monthly unique visits against its tier, as the profile's bar, the dashboard's banner
// and the monthly mail state it. The tier is the subscribed one when billing knows it, else the tier
// the visits fall in. Over the limit nothing is dropped: Bothy suggests the tier that holds them.
import { tierByKey, tierFor, type Tier } from "./pricing";

/** What the server hands the pages: visits this UTC month, the subscribed tier's key if any, and
 * when a downgrade's grace period ends (ISO time, null when none runs). */
export type AccountUsage = { visits: number; month: string; subscribedTier: string | null; graceUntil: string | null };

type UsageAgainstTier = {
  tier: Tier;
  over: boolean;
  /** The smallest tier that holds the visits, when over the limit. */
  suggested: Tier | null;
};

export function usageAgainstTier(visits: number, subscribedTier: string | null): UsageAgainstTier {
  const tier = (subscribedTier && tierByKey(subscribedTier)) || tierFor(visits);
  const over = tier.visitors !== null && visits > tier.visitors;
  return { tier, over, suggested: over ? tierFor(visits) : null };
}
