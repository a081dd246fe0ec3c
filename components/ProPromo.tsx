// "Unlock Pro Features": what a free account outside beta sees where a Pro feature (exports) would
// be, with the way to upgrade.
export function ProPromo({ feature, items }: { feature: string; items: string[] }) {
  return (
    <div data-testid="pro-promo" className="rounded-xl border border-blue-200 bg-blue-50 p-5 text-center dark:border-blue-900 dark:bg-blue-950/40">
      <span className="rounded-full bg-blue-600 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white">PRO</span>
      <h3 className="mt-2 text-base font-bold text-gray-900 dark:text-white">Unlock Pro Features</h3>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{feature} is part of Bothy Pro.</p>
      <ul className="mx-auto mt-3 max-w-xs list-inside list-disc text-left text-sm text-gray-700 dark:text-gray-300">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <a href="/settings/profile#upgrade" className="mt-4 inline-block rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">
        Upgrade now →
      </a>
    </div>
  );
}
