"use client";
// The header becomes sticky once the page scrolled past 150 px, so the navigation stays
// at hand on long pages without covering the top of short ones.
import { useEffect, useState, type ReactNode } from "react";

export const STICKY_AFTER_PX = 150;

export function StickyHeader({ className, children }: { className: string; children: ReactNode }) {
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    const update = () => setStuck(scrollY > STICKY_AFTER_PX);
    update();
    addEventListener("scroll", update, { passive: true });
    return () => removeEventListener("scroll", update);
  }, []);
  return (
    <header className={`${className} ${stuck ? "sticky top-0 shadow-sm" : "relative"}`} data-stuck={stuck ? "true" : undefined}>
      {children}
    </header>
  );
}
