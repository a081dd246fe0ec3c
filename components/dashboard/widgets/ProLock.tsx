// The notice a section shows instead of data its plan does not unlock (Energy &
// Carbon and Events are Pro), with the way to upgrade.
export function ProLock({ feature }: { feature: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-gray-300 bg-gray-50 px-6 py-10 text-center dark:border-gray-700 dark:bg-gray-900/60">
      <span className="rounded-full bg-blue-600 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white">PRO</span>
      <p className="font-medium text-gray-900 dark:text-white">{feature} is a Pro feature</p>
      <a href="/settings/profile#upgrade" className="rounded-lg bg-blue-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-700">
        Upgrade to unlock
      </a>
    </div>
  );
}
