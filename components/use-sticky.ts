// A header that sticks to the top once the page has scrolled 150 px past where it starts, so the
// navigation stays at hand on long pages without covering the top of short ones. The website's
// header and the dashboard's share the rule; each says how far its page has scrolled past it.
import { useEffect, useState } from "react";

export const STICKY_AFTER_PX = 150;

/** True while `scrolledPast()` exceeds STICKY_AFTER_PX, re-read on every scroll; `onScroll` runs too. */
export function useSticky(scrolledPast: () => number, enabled = true, onScroll?: () => void): boolean {
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const update = () => {
      setStuck(scrolledPast() > STICKY_AFTER_PX);
      onScroll?.();
    };
    update();
    addEventListener("scroll", update, { passive: true });
    return () => removeEventListener("scroll", update);
  }, [scrolledPast, enabled, onScroll]);
  return stuck;
}
