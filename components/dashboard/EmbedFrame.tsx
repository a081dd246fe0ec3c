"use client";
// A public dashboard framed in another site (?embed=true): it tells its parent window its height on
// every change, as { type: "bothy:height", height } (content/docs/public-dashboards.md has the
// listener), so the iframe grows and shrinks with the content instead of scrolling.
import { useEffect, useRef, type ReactNode } from "react";

export function EmbedFrame({ dark, children }: { dark: boolean; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || window.parent === window) return;
    // NOTE: "*": the height is no secret, and the allowed parents are the page's frame-ancestors already.
    const tell = () => window.parent.postMessage({ type: "bothy:height", height: Math.ceil(el.getBoundingClientRect().height) }, "*");
    const watch = new ResizeObserver(tell);
    watch.observe(el);
    tell();
    return () => watch.disconnect();
  }, []);
  // NOTE: measured on this box, not the document: the body's min-height is the frame's own height, which would never shrink.
  return (
    <div ref={box} data-testid="embed-frame" className={dark ? "dark" : undefined}>
      {children}
    </div>
  );
}
