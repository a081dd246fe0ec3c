"use client";
// The header's interactive part: the Resources dropdown, the hamburger menu below 1050 px, and
// the Live demo button that scrolls to the home page's demo section.
import { useCallback, useState, type MouseEvent } from "react";
import { useDismiss } from "../use-dismiss";
import { navigate } from "../../src/web/client/navigation";
import { DEMO_ID, scrollToDemo } from "./live-demo";
import type { NavLink } from "./links";

type Props = {
  pathname: string;
  showPricing: boolean;
  signedIn: boolean;
  docs: string;
  resources: NavLink[];
};

const linkClass = "rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-200 dark:hover:bg-gray-800";

function liveDemo(e: MouseEvent) {
  e.preventDefault();
  void scrollToDemo({
    pathname: () => location.pathname,
    goHome: () => navigate("/"),
    find: () => document.getElementById(DEMO_ID),
    scrollTo: (top) => scrollTo({ top, behavior: "smooth" }),
    scrollY: () => scrollY,
  });
}

function Resources({ items, onPick }: { items: NavLink[]; onPick: () => void }) {
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const box = useDismiss<HTMLDivElement>(open, closeMenu);
  return (
    <div ref={box} className="relative">
      <button type="button" className={linkClass} aria-expanded={open} aria-controls="resources-menu" onClick={() => setOpen(!open)}>
        Resources <span aria-hidden="true">▾</span>
      </button>
      <ul
        id="resources-menu"
        className={`${open ? "block" : "hidden"} desk:absolute desk:right-0 desk:mt-1 desk:w-72 desk:rounded-lg desk:border desk:border-gray-200 desk:bg-white desk:py-2 desk:shadow-lg dark:desk:border-gray-700 dark:desk:bg-gray-900`}
      >
        {items.map((l) => (
          <li key={l.href}>
            <a
              href={l.href}
              className="block px-4 py-2 text-sm text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
              onClick={() => {
                setOpen(false);
                onPick();
              }}
            >
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function HeaderNav({ pathname, showPricing, signedIn, docs, resources }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  const current = (href: string) => (pathname === href ? "page" : undefined);
  return (
    <>
      {/* NOTE: signed in too: below 1050 px the navigation is an overlay, which needs a way to close it. */}
      <button
        type="button"
        className="rounded-md p-2 text-gray-700 hover:bg-gray-100 desk:hidden dark:text-gray-200 dark:hover:bg-gray-800"
        aria-expanded={menuOpen}
        aria-controls="site-nav"
        onClick={() => setMenuOpen(!menuOpen)}
      >
        <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      <nav
        id="site-nav"
        aria-label="Main"
        className={`${menuOpen ? "flex" : "hidden"} absolute inset-x-0 top-full flex-col gap-1 border-b border-gray-200 bg-white p-4 desk:static desk:flex desk:flex-row desk:items-center desk:border-0 desk:bg-transparent desk:p-0 dark:border-gray-800 dark:bg-gray-950 dark:desk:bg-transparent`}
      >
        {/* The tracker records a click on it as the event "demo-button" (on the product's own pages). */}
        <a href="/#demo" className={linkClass} data-bothy-event="demo-button" onClick={(e) => (close(), liveDemo(e))}>
          Live demo
        </a>
        {showPricing && (
          <a href="/pricing" className={linkClass} aria-current={current("/pricing")} onClick={close}>
            Pricing
          </a>
        )}
        <Resources items={resources} onPick={close} />
        <a href={docs} className={linkClass} aria-current={current(docs)} onClick={close}>
          Docs
        </a>
        {signedIn ? (
          <a href="/settings" className={linkClass} onClick={close}>
            Your websites
          </a>
        ) : (
          <>
            <a href="/signin" className={linkClass} onClick={close}>
              Sign In
            </a>
            <a
              href="/signup"
              className="rounded-md bg-blue-700 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-blue-800"
              onClick={close}
            >
              Get started free
            </a>
          </>
        )}
      </nav>
    </>
  );
}
