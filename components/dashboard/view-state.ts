"use client";
// The dashboard's view (range, chart, list limit, open popup, filters) as React state mirrored in
// the URL: a new range or new filters are a new history entry, the rest replace the current one, and back/forward restore
// the view from the URL without asking the server for the page again (setAddress). The embedded
// demo keeps its view to itself. A preset resolves against the domain's today: first the day the
// page was rendered for (the domain's when the server knew it, else the server's UTC day), then
// each answer's validated.today.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { setAddress } from "../../src/web/client/navigation";
import type { Range } from "./date-rules";
import { nextLimit } from "./section-list";
import { addIs, toggleIs, type Filter, type FilterDimension } from "../../src/shared/filters";
import { parseView, rangeChoice, rangeOf, viewQuery, type Limit, type View } from "./view-url";

type Write = "push" | "replace";

export function useDashboardView(initial: View, inUrl: boolean, firstToday: string) {
  const [view, setView] = useState(initial);
  const [today, setToday] = useState(firstToday);
  const write = useRef<Write | null>(null);

  useEffect(() => {
    if (!inUrl) return;
    const restore = () => {
      const back = parseView(new URLSearchParams(location.search));
      // NOTE: an unchanged view (back/forward between anchors) keeps its identity: no reload.
      setView((v) => (viewQuery(v) === viewQuery(back) ? v : back));
    };
    addEventListener("popstate", restore);
    return () => removeEventListener("popstate", restore);
  }, [inUrl]);

  // NOTE: the URL follows the state after the change (not from inside a state updater, which React
  // may run twice); a view restored by popstate is not written back.
  useEffect(() => {
    const how = write.current;
    write.current = null;
    if (!how || !inUrl) return;
    const q = viewQuery(view);
    const href = `${location.pathname}${q ? `?${q}` : ""}`;
    if (href !== location.pathname + location.search) setAddress(href, { replace: how === "replace" });
  }, [view, inUrl]);

  const change = useCallback((next: Partial<View>, how: Write) => {
    write.current = how;
    setView((v) => ({ ...v, ...next }));
  }, []);

  const range = useMemo(() => rangeOf(view.range, today), [view.range, today]);
  return {
    view,
    range,
    today,
    setToday,
    setRange: useCallback((r: Range) => change({ range: rangeChoice(r, today), popup: null }, "push"), [change, today]),
    setChart: useCallback((c: { type?: View["chart"]; hours?: boolean }) => change({ ...(c.type && { chart: c.type }), ...(c.hours !== undefined && { hours: c.hours }) }, "replace"), [change]),
    cycleLimit: useCallback(() => change({ limit: nextLimit(view.limit) as Limit }, "replace"), [change, view.limit]),
    setPopup: useCallback((popup: View["popup"]) => change({ popup }, "replace"), [change]),
    // NOTE: the open popup's row may not be in the new slice: it closes.
    setFilters: useCallback((filters: Filter[]) => change({ filters, popup: null }, "push"), [change]),
    /** A row's label clicked: `is value` added to the filters (addIs). */
    filterBy: useCallback((dim: FilterDimension, value: string) => {
      write.current = "push";
      setView((v) => ({ ...v, filters: addIs(v.filters, dim, value), popup: null }));
    }, []),
    /** A goal's name clicked: its goal filter added, or taken away when it is on (toggleIs). */
    toggleBy: useCallback((dim: FilterDimension, value: string) => {
      write.current = "push";
      setView((v) => ({ ...v, filters: toggleIs(v.filters, dim, value), popup: null }));
    }, []),
  };
}
