"use client";
// Screen sizes and devices (s ≤ 1024 px, m up to 2400 px, l above): one stacked bar per group
// and a legend row per bucket with its share as a percentage with one decimal. A bucket's name
// filters the dashboard by its device or its screen width.
import type { FilterDimension } from "../../../src/shared/filters";
import { DEVICE_NAMES, type DeviceClass } from "../../../src/shared/stats";
import { SCREEN_NAMES } from "../filter-values";
import { formatNumber } from "../format";

type Bucket = { key: string; label: string; hint?: string; value: number; colour: string };
type OnFilter = (dim: FilterDimension, value: string) => void;

const share = (v: number, total: number) => `${(total > 0 ? (v / total) * 100 : 0).toFixed(1)}%`;

function Shares({ title, buckets, onFilter }: { title: string; buckets: Bucket[]; onFilter?: (key: string) => void }) {
  const total = buckets.reduce((s, b) => s + b.value, 0);
  return (
    <div className="min-w-0" data-testid={`shares-${title.toLowerCase().replace(/\W+/g, "-")}`}>
      <h4 className="mb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400">{title}</h4>
      <div className="flex h-2.5 w-full overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800" aria-hidden="true">
        {total > 0 && buckets.map((b) => <span key={b.key} className={b.colour} style={{ width: `${(b.value / total) * 100}%` }} />)}
      </div>
      <ul className="mt-3 flex flex-col gap-2">
        {buckets.map((b) => (
          <li key={b.key} className="flex items-center gap-2 text-sm">
            <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${b.colour}`} />
            {/* NOTE: the label wraps, its hint under it when needed: a column is ~200 px beside another section. */}
            <span className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-1.5 text-gray-800 dark:text-gray-200">
              {onFilter ? (
                <button type="button" className="text-left hover:underline focus-visible:underline" title={`Filter by ${b.label}`} onClick={() => onFilter(b.key)}>
                  <span className="sr-only">Filter by </span>
                  {b.label}
                </button>
              ) : (
                <span>{b.label}</span>
              )}
              {b.hint && <span className="text-xs text-gray-500 dark:text-gray-400">{b.hint}</span>}
            </span>
            <span className="text-xs text-gray-500 tabular-nums dark:text-gray-400" title="Page views">
              {formatNumber(b.value)}
            </span>
            <span className="w-14 text-right font-medium text-gray-900 tabular-nums dark:text-white">{share(b.value, total)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const COLOURS = ["bg-blue-600", "bg-blue-400", "bg-sky-200", "bg-indigo-300", "bg-slate-400"] as const;

export function ScreenSizes({ size, device, onFilter }: { size: Record<"s" | "m" | "l", number>; device: Record<DeviceClass, number>; onFilter?: OnFilter }) {
  // NOTE: TVs and consoles are rare; their rows show only when they sent page views.
  const rare: Bucket[] = [
    { key: "smarttv", label: DEVICE_NAMES.smarttv, value: device.smarttv, colour: COLOURS[3] },
    { key: "console", label: DEVICE_NAMES.console, value: device.console, colour: COLOURS[4] },
  ];
  return (
    <div className="grid gap-6 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-2 dark:border-gray-800 dark:bg-gray-900" data-testid="screen-sizes">
      <Shares
        title="Devices"
        onFilter={onFilter && ((key) => onFilter("device", key))}
        buckets={[
          { key: "desktop", label: DEVICE_NAMES.desktop, value: device.desktop, colour: COLOURS[0] },
          { key: "mobile", label: DEVICE_NAMES.mobile, value: device.mobile, colour: COLOURS[1] },
          { key: "tablet", label: DEVICE_NAMES.tablet, value: device.tablet, colour: COLOURS[2] },
          ...rare.filter((b) => b.value > 0),
        ]}
      />
      <Shares
        title="Screen widths"
        onFilter={onFilter && ((key) => onFilter("screen", key))}
        buckets={[
          { key: "s", label: SCREEN_NAMES.s, hint: "small", value: size.s, colour: COLOURS[0] },
          { key: "m", label: SCREEN_NAMES.m, hint: "laptop & desktop", value: size.m, colour: COLOURS[1] },
          { key: "l", label: SCREEN_NAMES.l, hint: "large", value: size.l, colour: COLOURS[2] },
        ]}
      />
    </div>
  );
}
