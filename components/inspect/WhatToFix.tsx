// "What to fix": the inspection's ranked list of changes, each with the bytes it would save.
import { formatBytes } from "../../src/shared/units";
import type { Answer } from "./InspectResult";

type Fix = NonNullable<NonNullable<Answer["result"]["detail"]>["fixes"]>[number];

const WHAT: Record<Fix["kind"], string> = {
  largest: "The largest file: resize, re-encode or split it",
  uncompressed: "Text served without compression: turn on gzip or Brotli",
  "third-party": "Bytes from a third-party host",
  "old-image-format": "An image in an older format: serve WebP or AVIF",
  "oversized-image": "An image larger than it is shown: serve it at twice its displayed size",
  "no-cache": "Downloaded again on every visit: no caching headers",
  fonts: "A font not in WOFF2: convert or subset it",
};

const greenText = (green: string | undefined) => (!green || green === "unknown" ? "hosting not known to be green" : "green hosting");

export function WhatToFix({ fixes }: { fixes: Fix[] | undefined }) {
  if (!fixes?.length) return null;
  return (
    <section aria-labelledby="fix-title">
      <h2 id="fix-title" className="text-2xl font-semibold text-gray-900 dark:text-white">What to fix</h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">Ranked by the bytes each change would save on a visit (estimates).</p>
      <ol className="mt-4 divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800" data-testid="fix-list">
        {fixes.map((f, i) => (
          <li key={`${f.kind}:${f.target}`} className="flex justify-between gap-4 px-4 py-2" data-kind={f.kind}>
            <span>
              <span className="font-medium text-gray-900 dark:text-white">{i + 1}. {WHAT[f.kind]}</span>
              <span className="block break-all font-mono text-sm text-gray-800 dark:text-gray-200">
                {f.target}
                {f.kind === "third-party" ? ` (${greenText(f.green)})` : ""}
              </span>
            </span>
            <span className="shrink-0 text-gray-700 dark:text-gray-300">
              {formatBytes(f.bytes)}, saves {formatBytes(f.saves)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
