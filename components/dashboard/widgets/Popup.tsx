"use client";
// The dashboard's modal popup (close on the close control or on a parent
// breadcrumb): full lists, referrals for a page, entry pages for a referrer, the energy
// inspector, campaign detail. Focus moves into the dialog and back to where it was on close;
// Escape and a click on the backdrop close the topmost popup only.
//
// Keyboard shortcuts: while any popup is open, <body> carries `data-popup-open` (and
// `isPopupOpen()` says so), so the shell's `r` / ArrowUp / ArrowDown handler can ignore keys
// (keys are ignored while a popup is open) without sharing React state with us.
import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";

export type Crumb = { label: string; onClick: () => void };

// NOTE: a stack, not a flag: a full-list popup may open over a campaign popup, and Escape must
// close the top one only, and the attribute must stay while the lower one is still open.
const stack: symbol[] = [];

const syncBody = () => {
  if (stack.length) document.body.setAttribute("data-popup-open", "");
  else document.body.removeAttribute("data-popup-open");
  // The page behind a modal does not scroll under the reader's wheel.
  document.body.style.overflow = stack.length ? "hidden" : "";
};

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab cycle inside the dialog (aria-modal: the page behind is out of reach). */
function trapTab(e: ReactKeyboardEvent<HTMLElement>) {
  if (e.key !== "Tab") return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const at = document.activeElement;
  if (e.shiftKey && (at === first || at === e.currentTarget)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && at === last) {
    e.preventDefault();
    first.focus();
  }
}

export const isPopupOpen = (): boolean => typeof document !== "undefined" && document.body.hasAttribute("data-popup-open");

export function Popup({ title, crumbs = [], onClose, children }: { title: string; crumbs?: Crumb[]; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose, so the effect below runs once per opening and not on each parent render.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const me = Symbol(title);
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(me);
    syncBody();
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && stack[stack.length - 1] === me) {
        e.preventDefault();
        close.current();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      stack.splice(stack.indexOf(me), 1);
      syncBody();
      // TRICKY: the element that opened us may be gone (a list re-rendered); focus only if it is still in the page.
      if (before?.isConnected) before.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, []);

  const dialog = (
    <div
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-gray-950/50 p-3 pt-[6vh] backdrop-blur-[1px] desk:p-8 desk:pt-[8vh]"
      data-testid="popup-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={trapTab}
        className="relative flex max-h-[86vh] w-full max-w-3xl flex-col overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-gray-900/10 outline-none dark:bg-gray-900 dark:ring-white/10"
      >
        <header className="flex items-start gap-3 border-b border-gray-200 px-5 py-4 dark:border-gray-800">
          <div className="min-w-0 flex-1">
            {crumbs.length > 0 && (
              <nav aria-label="Breadcrumb" className="mb-0.5 flex flex-wrap items-center gap-1 text-xs text-gray-600 dark:text-gray-400">
                {crumbs.map((c) => (
                  <span key={c.label} className="flex items-center gap-1">
                    <button type="button" onClick={c.onClick} className="rounded font-medium text-blue-700 hover:underline dark:text-blue-400">
                      {c.label}
                    </button>
                    <span aria-hidden="true">/</span>
                  </span>
                ))}
              </nav>
            )}
            <h2 id={titleId} className="truncate text-lg font-semibold text-gray-900 dark:text-white" title={title}>
              {title}
            </h2>
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={onClose}
            className="-mr-1 rounded-lg p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
              <path d="M5 5l10 10M15 5L5 15" />
            </svg>
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
      </div>
    </div>
  );
  return createPortal(dialog, document.body);
}
