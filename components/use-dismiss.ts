// A popup that closes on an outside click or Escape while it is open (the user menu and the
// Resources dropdown both close this way). Put the returned ref on the popup's outer box.
import { useEffect, useRef } from "react";

export function useDismiss<T extends HTMLElement>(open: boolean, close: () => void) {
  const box = useRef<T>(null);
  useEffect(() => {
    if (!open) return;
    const onEvent = (e: Event) => {
      // TRICKY: the click's path as it was dispatched, not the target's place now: a click that
      // swaps its own button for something else (Rename → a name field) has a detached target by
      // the time the event reaches the document, and was taken for a click outside.
      if (e instanceof KeyboardEvent ? e.key === "Escape" : !(box.current && e.composedPath().includes(box.current))) close();
    };
    document.addEventListener("click", onEvent);
    document.addEventListener("keydown", onEvent);
    return () => {
      document.removeEventListener("click", onEvent);
      document.removeEventListener("keydown", onEvent);
    };
  }, [open, close]);
  return box;
}
