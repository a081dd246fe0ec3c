"use client";
// Tells the visitor when the browser went offline (navigation.ts tracks it live): links
// still work from cache, but new pages cannot load until the connection returns.
import { useOnline } from "../../src/web/client/navigation";

export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <p role="status" className="bg-gray-900 px-4 py-2 text-center text-sm text-white">
      You are offline. Pages will load again when your connection is back.
    </p>
  );
}
