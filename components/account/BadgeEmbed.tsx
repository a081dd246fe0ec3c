"use client";
// The earned carbon badge of a website whose owner turned it on: the badge as it shows now, the HTML
// to paste into the website (the badge wrapped in a link to its evidence page, since an <img>
// follows no link inside its SVG) and the evidence page's address.
import { earnedBadgePath, evidencePath } from "../../src/shared/badge";
import { CopyButton } from "../CopyButton";

export function BadgeEmbed({ domain, origin }: { domain: string; origin: string }) {
  const page = `${origin}${evidencePath(domain)}`;
  const snippet = `<a href="${page}"><img src="${origin}${earnedBadgePath(domain)}" alt="Carbon rating of ${domain} from real visits" height="20"></a>`;
  return (
    <div data-testid="badge-embed" className="mt-4 space-y-3 text-sm text-gray-700 dark:text-gray-300">
      <p>
        Carbon badge, re-earned each month from real visits:{" "}
        <a href={evidencePath(domain)} className="text-blue-700 underline dark:text-blue-400">
          <img src={earnedBadgePath(domain)} alt={`Carbon badge of ${domain}`} height={20} className="inline-block align-middle" />
        </a>
      </p>
      <div className="flex items-start gap-3">
        <code className="min-w-0 flex-1 break-all rounded bg-gray-100 px-2 py-1 font-mono text-xs dark:bg-gray-800">{snippet}</code>
        <CopyButton text={snippet} label="Copy HTML" />
      </div>
    </div>
  );
}
