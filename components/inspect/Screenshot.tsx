// The inspected page's viewport as the inspector's Chromium saw it, fetched from
// GET /api/get-screenshot (a JSON data URL). Any error shows the "unavailable" image.
import { useEffect, useState } from "react";

type Shot = { kind: "loading" } | { kind: "ok"; src: string } | { kind: "unavailable" };

const FRAME = "aspect-[16/9] w-full overflow-hidden rounded-xl border border-gray-200 bg-gray-100 dark:border-gray-800 dark:bg-gray-900";

export function Screenshot({ src, title }: { src: string | null; title: string }) {
  const [shot, setShot] = useState<Shot>(src ? { kind: "loading" } : { kind: "unavailable" });
  useEffect(() => {
    if (!src) return setShot({ kind: "unavailable" });
    const ctl = new AbortController();
    setShot({ kind: "loading" });
    fetch(src, { signal: ctl.signal, headers: { accept: "application/json" } })
      .then((r) => r.json() as Promise<{ result?: unknown }>)
      .then((body) =>
        setShot(typeof body.result === "string" && body.result.startsWith("data:image/") ? { kind: "ok", src: body.result } : { kind: "unavailable" }),
      )
      .catch(() => !ctl.signal.aborted && setShot({ kind: "unavailable" }));
    return () => ctl.abort();
  }, [src]);

  if (shot.kind === "ok") return <img src={shot.src} alt={`Screenshot of ${title}`} width={683} height={384} className={`${FRAME} object-cover object-top`} />;
  if (shot.kind === "loading") return <div className={FRAME} aria-hidden="true" />;
  return <Unavailable />;
}

/** A small inline picture: no request, and allowed by the page's CSP (no style attributes). */
function Unavailable() {
  return (
    <svg viewBox="0 0 320 180" role="img" aria-labelledby="shot-unavailable" className={FRAME} data-testid="screenshot-unavailable">
      <title id="shot-unavailable">Screenshot unavailable</title>
      <rect x="110" y="45" width="100" height="70" rx="8" fill="none" stroke="#9ca3af" strokeWidth="6" />
      <circle cx="160" cy="80" r="18" fill="none" stroke="#9ca3af" strokeWidth="6" />
      <line x1="100" y1="130" x2="220" y2="30" stroke="#9ca3af" strokeWidth="6" strokeLinecap="round" />
      <text x="160" y="155" textAnchor="middle" fontSize="16" fill="#4b5563" fontFamily="system-ui, sans-serif">
        Screenshot unavailable
      </text>
    </svg>
  );
}
