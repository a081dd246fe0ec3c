"use client";
// The initials circle and full name (initials only below 640 px); the menu lists the domains (each to its
// dashboard and settings, scrolling above 7), the account pages, resources, sign-out and, for
// non-Pro users, "Upgrade to Pro". Domains load when first opened. Closes on route change,
// outside click and Escape.
import { useCallback, useEffect, useState } from "react";
import { useDismiss } from "../use-dismiss";
import { DOCS_URL } from "../site/links";
import { api } from "../forms/api";
import { initials, MENU_DOMAINS_BEFORE_SCROLL } from "./initials";

type Props = { name: string; pathname: string; pro: boolean; admin: boolean };
type DomainRow = { domain: string };

const item = "block px-4 py-2 text-sm text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800";

export function UserMenu({ name, pathname, pro, admin }: Props) {
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const [domains, setDomains] = useState<string[] | null>(null);
  const box = useDismiss<HTMLDivElement>(open, closeMenu);

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open || domains) return;
    // A failed domain load gives an empty list.
    void api<DomainRow[]>("GET", "/api/domains").then((r) => setDomains(r.ok ? r.data.map((d) => d.domain) : []));
  }, [open, domains]);
  // NOTE: a domain added or deleted elsewhere on the page reloads the list on the next opening.
  useEffect(() => {
    const stale = () => setDomains(null);
    addEventListener("bothy:domains", stale);
    return () => removeEventListener("bothy:domains", stale);
  }, []);

  return (
    <div ref={box} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="user-menu"
        onClick={() => setOpen(!open)}
        className="flex items-center gap-2 rounded-full p-1 text-sm sm:pr-3 font-medium text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800"
      >
        <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-blue-700 text-xs font-bold text-white">
          {initials(name)}
        </span>
        {/* NOTE: initials only on a phone, so the page's own title (a dashboard's domain) keeps the room. */}
        <span className="sr-only sm:not-sr-only sm:max-w-40 sm:truncate">{name}</span>
        <span className="sr-only">: account menu</span>
      </button>
      <div
        id="user-menu"
        className={`${open ? "block" : "hidden"} absolute right-0 z-50 mt-2 w-72 rounded-lg border border-gray-200 bg-white py-2 shadow-lg dark:border-gray-700 dark:bg-gray-900`}
      >
        <p className="px-4 pb-1 text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-400">Domains</p>
        <ul aria-label="Your domains" className={(domains?.length ?? 0) > MENU_DOMAINS_BEFORE_SCROLL ? "max-h-64 overflow-y-auto" : undefined}>
          {domains === null && <li className="px-4 py-2 text-sm text-gray-600">Loading…</li>}
          {domains?.length === 0 && <li className="px-4 py-2 text-sm text-gray-600">No domains yet</li>}
          {domains?.map((d) => (
            <li key={d} className="flex items-center justify-between pr-2">
              <a href={`/dashboard/${encodeURIComponent(d)}`} className={`${item} flex-1 truncate`}>
                {d}
              </a>
              <a href={`/dashboard/${encodeURIComponent(d)}/settings`} className="rounded px-2 py-1 text-xs text-blue-700 hover:bg-gray-100 dark:text-blue-400" aria-label={`Settings of ${d}`}>
                Settings
              </a>
            </li>
          ))}
        </ul>
        <hr className="my-2 border-gray-200 dark:border-gray-700" />
        <a className={item} href="/settings/profile">Profile</a>
        <a className={item} href="/settings/api-keys">API Keys</a>
        {admin && <a className={item} href="/admin/users">Admin</a>}
        <hr className="my-2 border-gray-200 dark:border-gray-700" />
        <a className={item} href="/news">News</a>
        <a className={item} href="/blog">Blog</a>
        <a className={item} href={DOCS_URL}>Docs</a>
        <a className={item} href="/how-green-is-your-website">Green checker</a>
        <hr className="my-2 border-gray-200 dark:border-gray-700" />
        {!pro && (
          <a className={`${item} font-semibold text-blue-700 dark:text-blue-400`} href="/settings/profile#upgrade">
            Upgrade to Pro
          </a>
        )}
        <a className={item} href="/signout">Sign out</a>
      </div>
    </div>
  );
}
