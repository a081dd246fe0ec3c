"use client";
// The dashboard's behaviours beside its view: auto-refresh, the keyboard (`r` reloads,
// ArrowUp/ArrowDown move between unlocked sections) with the section reached, and the moment the
// page is filled (numbers in, chart drawn, map drawn or off-screen) that the bench reads as
// "dashboard-loaded".
import { useCallback, useEffect, useState, type RefObject } from "react";
import { anchor, nextSection, type SectionId } from "./section-list";
import { isPopupOpen } from "./widgets/Popup";

/** `reload` every `ms` while switched on; off at first. */
export function useAutoRefresh(reload: () => void, ms: number) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!on) return;
    const t = setInterval(reload, ms);
    return () => clearInterval(t);
  }, [on, ms, reload]);
  return { on, toggle: useCallback(() => setOn((a) => !a), []) };
}

const typing = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

type Keys = { enabled: boolean; pro: boolean; /** keys belong to an open picker */ paused: boolean; reload: () => void };

/** The section reached and `go(id)`; the global keys while enabled. */
export function useSectionKeys({ enabled, pro, paused, reload }: Keys) {
  const [current, setCurrent] = useState<SectionId | null>(null);
  const go = useCallback((id: SectionId) => {
    const el = document.getElementById(anchor(id));
    el?.scrollIntoView({ block: "start" });
    el?.focus({ preventScroll: true });
    setCurrent(id);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || isPopupOpen() || paused) return;
      if (e.key === "r") reload();
      else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        // NOTE: from the section holding the focus (a click or Tab moved it), else the last one reached.
        const here = document.activeElement?.closest("[data-section]")?.getAttribute("data-section") as SectionId | null | undefined;
        const next = nextSection(here ?? current, e.key === "ArrowDown" ? 1 : -1, pro);
        if (!next) return;
        e.preventDefault();
        go(next);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [enabled, current, pro, paused, reload, go]);
  return { current, go };
}

/** Filled: the numbers are in and the lazily loaded chart is drawn, and the map too unless it
 * waits off-screen (widgets/lazy.tsx draws it when scrolled to); they stay mounted across later
 * loads. The bench reads the "dashboard-loaded" mark: navigation → all filled. */
export function useFilled(root: RefObject<HTMLElement | null>, fetched: boolean) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (!fetched || drawn) return;
    let frame = 0;
    const check = () => {
      if (root.current?.querySelector('[data-testid="time-chart"]') && root.current.querySelector('[data-testid="world-map"], [data-map="off-screen"]')) setDrawn(true);
      else frame = requestAnimationFrame(check);
    };
    check();
    return () => cancelAnimationFrame(frame);
  }, [root, fetched, drawn]);
  const loaded = fetched && drawn;
  useEffect(() => {
    if (loaded && !performance.getEntriesByName("dashboard-loaded").length) performance.mark("dashboard-loaded");
  }, [loaded]);
  return loaded;
}
