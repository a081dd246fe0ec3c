"use client";
// The settings layout's message area. Shows what a form left for this page (see
// forms/flash.ts) in a live region, so screen readers hear it too.
import { useSyncExternalStore } from "react";
import { snapshot, subscribe } from "../forms/flash";

export function MessageArea({ pathname }: { pathname: string }) {
  // NOTE: the snapshot, not the store: hydration reads the server's (none), so a message carried
  // over a full page load shows right after, without a mismatch.
  const flash = useSyncExternalStore(subscribe, snapshot, () => null);
  const text = flash && flash.path === pathname ? flash.text : null;
  return (
    <div role="status" aria-live="polite" className={text ? "mb-6 rounded-md bg-green-50 px-4 py-3 text-sm text-green-900" : "sr-only"}>
      {text}
    </div>
  );
}
