"use client";
// The dashboard header's title: the domain's name, what the page is (the owner's dashboard, a public
// one, the demo) with the domain's time zone, and the live badge.
import type { DashboardMode } from "./Dashboard";
import { LiveBadge } from "./LiveBadge";

/** `live`: the live badge's stream and the realtime view it links to (none when framed). */
export function Title({ domain, mode, tz, live }: { domain: string; mode: DashboardMode; tz?: string; live?: { target: { domain: string } | { id: string }; href: string } }) {
  const Tag = mode === "embed" ? "h3" : "h1";
  return (
    <div className="min-w-0">
      <Tag className="text-lg font-bold wrap-anywhere desk:truncate text-gray-900 desk:text-xl dark:text-white">{domain}</Tag>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-600 dark:text-gray-400">
        <span>
          {mode === "public" ? "Public dashboard" : mode === "owner" ? "Dashboard" : "Live demo"}
          {tz ? ` · ${tz}` : ""}
        </span>
        {live && <LiveBadge target={live.target} href={live.href} />}
      </p>
    </div>
  );
}
