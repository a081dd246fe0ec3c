// An account's unique visits this month against its tier: the profile's bar, and the banner the
// dashboard shows once the visits outgrow the tier, suggesting the tier that holds them. Nothing
// stops counting, and both say so.
import { formatNumber } from "../../src/shared/numbers";
import { formatVisitors, tierVisitorsLine, upgradeHref } from "../../src/shared/pricing";
import { usageAgainstTier, type AccountUsage } from "../../src/shared/usage";

export function UsageBar({ usage }: { usage: AccountUsage }) {
  const u = usageAgainstTier(usage.visits, usage.subscribedTier);
  return (
    <div data-testid="usage" className="max-w-lg">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        <strong>{formatNumber(usage.visits)}</strong> unique visits this month ·{" "}
        {usage.subscribedTier ? "your tier" : "the tier this falls in"}: {tierVisitorsLine(u.tier)} (${u.tier.monthly} a month)
      </p>
      {u.tier.visitors !== null && (
        // NOTE: a native meter, not a styled bar: the CSP allows no inline style attribute.
        <meter
          aria-label="Unique visits this month against the tier"
          min={0}
          max={u.tier.visitors}
          high={u.tier.visitors * 0.9}
          value={Math.min(usage.visits, u.tier.visitors)}
          className="mt-2 block h-3 w-full"
        />
      )}
      {u.tier.visitors !== null && (
        <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">{formatVisitors(usage.visits)} of {formatVisitors(u.tier.visitors)}</p>
      )}
    </div>
  );
}

export function UsageBanner({ usage }: { usage: AccountUsage }) {
  const u = usageAgainstTier(usage.visits, usage.subscribedTier);
  if (!u.over || !u.suggested) return null;
  return (
    <div role="status" data-testid="usage-banner" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      Your websites had {formatNumber(usage.visits)} unique visits this month, more than your plan holds. We keep counting every one.{" "}
      <a href={upgradeHref(u.suggested, "month")} className="font-semibold underline">Move to {tierVisitorsLine(u.suggested)} →</a>
    </div>
  );
}
