"use client";
// The settings layout's message area. Shows what a form left for this page (see
// forms/flash.ts) in a live region, so screen readers hear it too.
import { useSyncExternalStore } from "react";
import { flashFor, snapshot, subscribe } from "../forms/flash";

export function MessageArea({ pathname }: { pathname: string }) {
  useSyncExternalStore(subscribe, snapshot, () => null);
  const text = flashFor(pathname);
  return (
    <div role="status" aria-live="polite" className={text ? "mb-6 rounded-md bg-green-50 px-4 py-3 text-sm text-green-900" : "sr-only"}>
      {text}
    </div>
  );
}
