// The admin layout: the settings header, then the admin tabs (Users, Domains, Usage, Stripe,
// Server Management) and, under a tab with several pages, their sub-navigation. Every page using
// it is guarded by the admin scope on the server before this renders.
import type { LayoutProps } from "../../src/web/page";
import { hasAdminScope, hasProScope } from "../../src/shared/plans";
import { UserMenu } from "../account/UserMenu";
import { HomeLink, SkipToContent } from "../site/Logo";
import { OfflineNotice } from "../site/OfflineNotice";
import { MessageArea } from "../account/MessageArea";

type Link = { label: string; href: string };
type Tab = Link & { pages: Link[] };

const TABS: Tab[] = [
  { label: "Users", href: "/admin/users", pages: [{ label: "All users", href: "/admin/users" }, { label: "Requests", href: "/admin/requests" }] },
  { label: "Domains", href: "/admin/domains", pages: [] },
  { label: "Usage", href: "/admin/usage", pages: [] },
  { label: "Stripe", href: "/admin/users/stripe", pages: [{ label: "Subscriptions", href: "/admin/users/stripe" }, { label: "Prices", href: "/admin/price" }] },
  {
    label: "Server Management",
    href: "/admin/monitoring",
    pages: [
      { label: "Monitoring", href: "/admin/monitoring" },
      { label: "Servers", href: "/admin/servers" },
      { label: "Screenshots", href: "/admin/screenshots" },
    ],
  },
];

const under = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

/** The tab a path belongs to: the one owning its exact page, else the longest prefix (a user's page is under Users). */
const tabOf = (pathname: string): Tab | undefined =>
  TABS.find((t) => t.pages.some((p) => p.href === pathname)) ??
  TABS.filter((t) => under(pathname, t.href)).sort((a, b) => b.href.length - a.href.length)[0];

const linkClass =
  "block rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:bg-white aria-[current=page]:bg-white aria-[current=page]:text-blue-800 dark:text-gray-200 dark:hover:bg-gray-800 dark:aria-[current=page]:bg-gray-800 dark:aria-[current=page]:text-blue-300";

export function AdminLayout({ pathname, user, beta, children }: LayoutProps) {
  const tab = tabOf(pathname);
  return (
    <div className="flex min-h-screen flex-col bg-gray-100 dark:bg-gray-950">
      <SkipToContent />
      <OfflineNotice />
      <header className="border-b border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4">
          <HomeLink />
          {user && <UserMenu name={user.name} pathname={pathname} pro={hasProScope(user, beta)} admin={hasAdminScope(user)} />}
        </div>
      </header>
      <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <nav aria-label="Admin">
          <ul className="flex flex-wrap gap-2 border-b border-gray-200 pb-2 dark:border-gray-800">
            {TABS.map((t) => (
              <li key={t.href}>
                <a href={t.href} aria-current={t === tab ? "page" : undefined} className={linkClass}>
                  {t.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {tab && tab.pages.length > 1 && (
          <nav aria-label={`${tab.label} pages`} className="mt-2">
            <ul className="flex flex-wrap gap-2">
              {tab.pages.map((p) => (
                <li key={p.href}>
                  <a href={p.href} aria-current={p.href === pathname ? "page" : undefined} className={linkClass}>
                    {p.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id="main" className="mt-4 min-w-0">
          <MessageArea pathname={pathname} />
          <div className="rounded-xl bg-white p-6 shadow-sm dark:bg-gray-900">{children}</div>
        </main>
      </div>
    </div>
  );
}
