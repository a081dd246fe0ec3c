// The Pro-feature promo block: wherever a free user meets a Pro feature, the message (by default
// "Unlock Pro Features"), what Pro gives and "Upgrade now →" to the profile's upgrade screen.
import { PRO_FEATURES } from "../../src/shared/plans";

export function ProPromo({ message = "Unlock Pro Features" }: { message?: string }) {
  return (
    <div data-testid="pro-promo" className="rounded-xl border border-dashed border-gray-300 bg-gray-50 px-6 py-6 dark:border-gray-700 dark:bg-gray-900/60">
      <p className="flex items-center gap-2 font-semibold text-gray-900 dark:text-white">
        <span className="rounded-full bg-blue-600 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white">PRO</span>
        <span>{message}</span>
      </p>
      <ul className="mt-3 grid gap-1 text-sm text-gray-700 sm:grid-cols-2 dark:text-gray-300">
        {PRO_FEATURES.map((f) => (
          <li key={f.label}>✓ {f.label}</li>
        ))}
      </ul>
      <a href="/settings/profile" className="mt-4 inline-block rounded-lg bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800">
        Upgrade now →
      </a>
    </div>
  );
}
