// "What to fix": the inspection's ranked list of changes, each with the bytes it would save; and
// how the inspect view writes a URL, wrapping only between its parts.
import { Fragment } from "react";
import { formatBytes } from "../../src/shared/units";
import { urlParts } from "./format";
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

/** A URL that wraps only after a separator (a <wbr> after each part); a part longer than the line still breaks. */
export const UrlText = ({ url }: { url: string }) => (
  <>
    {urlParts(url).map((part, i) => (
      <Fragment key={i}>
        {part}
        <wbr />
      </Fragment>
    ))}
  </>
);

export function WhatToFix({ fixes }: { fixes: Fix[] | undefined }) {
  if (!fixes?.length) return null;
  return (
    <section aria-labelledby="fix-title">
      <h2 id="fix-title" className="text-2xl font-semibold text-gray-900 dark:text-white">What to fix</h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">Ranked by the bytes each change would save on a visit (estimates).</p>
      <ol className="mt-4 divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800" data-testid="fix-list">
        {fixes.map((f, i) => (
          <li key={`${f.kind}:${f.target}`} className="flex flex-col gap-1 px-4 py-2 sm:flex-row sm:justify-between sm:gap-4" data-kind={f.kind}>
            <span className="min-w-0 sm:flex-1">
              <span className="font-medium text-gray-900 dark:text-white">{i + 1}. {WHAT[f.kind]}</span>
              <span data-url={f.target} title={f.target} className="block font-mono text-sm break-words text-gray-800 dark:text-gray-200">
                <UrlText url={f.target} />
                {f.kind === "third-party" ? ` (${greenText(f.green)})` : ""}
              </span>
            </span>
            <span className="shrink-0 text-sm text-gray-700 sm:text-base dark:text-gray-300">
              {formatBytes(f.bytes)}, saves {formatBytes(f.saves)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
