"use client";
// The dashboard header's live badge: "N on the site now" from the realtime stream, linking to the
// realtime view. Absent while the first snapshot is on its way and when the stream is refused (a
// public dashboard whose owner does not share realtime).
import { formatNumber } from "./format";
import { useRealtime } from "../realtime/use-realtime";

export function LiveBadge({ target, href }: { target: { domain: string } | { id: string }; href: string }) {
  const state = useRealtime(target);
  if (state.status === "refused" || !state.snapshot) return null;
  return (
    <a
      href={href}
      data-testid="live-badge"
      className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-green-200 bg-green-50 px-2 py-0.5 text-xs font-medium text-green-900 hover:bg-green-100 dark:border-green-900 dark:bg-green-950 dark:text-green-100 dark:hover:bg-green-900"
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${state.status === "live" ? "bg-green-600 motion-safe:animate-pulse" : "bg-gray-400"}`} />
      {formatNumber(state.snapshot.onNow)} on the site now
    </a>
  );
}
