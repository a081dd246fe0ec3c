"use client";
// Copies a snippet to the clipboard and says so for 2 seconds.
// A clipboard failure is only logged.
import { useEffect, useState } from "react";

export const COPY_NOTICE_MS = 2000;

export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPY_NOTICE_MS);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <button
      type="button"
      className="rounded-md bg-gray-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-gray-700"
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          (err) => console.warn("copy failed", err),
        )
      }
    >
      <span aria-live="polite">{copied ? "Copied!" : label}</span>
    </button>
  );
}
