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

/** A line of code to paste somewhere else, on a dark panel, with its copy button. */
export function CodeToCopy({ code, testId, className = "" }: { code: string; testId: string; className?: string }) {
  return (
    <div className={`flex flex-col gap-3 rounded-lg bg-gray-900 desk:flex-row desk:items-center ${className}`}>
      <code data-testid={testId} className="flex-1 break-all font-mono text-sm text-gray-100">{code}</code>
      <CopyButton text={code} />
    </div>
  );
}
