"use client";
// The website's header, sticky once the page scrolled past 150 px (use-sticky.ts).
import type { ReactNode } from "react";
import { useSticky } from "../use-sticky";

const scrolledPast = () => scrollY;

export function StickyHeader({ className, children }: { className: string; children: ReactNode }) {
  const stuck = useSticky(scrolledPast);
  return (
    <header className={`${className} ${stuck ? "sticky top-0 shadow-sm" : "relative"}`} data-stuck={stuck ? "true" : undefined}>
      {children}
    </header>
  );
}
