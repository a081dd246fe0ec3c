// The width of a box, measured after mount and on every resize, for charts that draw in pixels
// (victory, the world map). Null until measured: the caller keeps a box of fixed height (or
// aspect) meanwhile, so the server render and the first client render agree and nothing moves
// when the drawing appears.
import { useLayoutEffect, useRef, useState } from "react";

export function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.round(el.getBoundingClientRect().width) || null);
    measure();
    // NOTE: happy-dom and old browsers may lack ResizeObserver; a window resize is enough there.
    if (typeof ResizeObserver === "undefined") {
      addEventListener("resize", measure);
      return () => removeEventListener("resize", measure);
    }
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}
