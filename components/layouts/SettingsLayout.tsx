// The settings layout ("Settings navigation"): a slim header with the user menu,
// the navigation (Domains, Profile, API Keys, Admin for admins, Feedback) beside the page from
// 1050 px and above it below, and the message area. Every page using it requires a session
// (guards send visitors without one to /signin before this renders).
import type { LayoutProps } from "../../src/web/page";
import { FeedbackBox } from "../account/FeedbackBox";
import { MessageArea } from "../account/MessageArea";
import { hasAdminScope, hasProScope } from "../../src/shared/plans";
import { UserMenu } from "../account/UserMenu";
import { HomeLink, SkipToContent } from "../site/Logo";
import { OfflineNotice } from "../site/OfflineNotice";

const NAV = [
  { label: "Domains", href: "/settings/domains", match: ["/settings/domains", "/dashboard"] },
  { label: "Profile", href: "/settings/profile", match: ["/settings/profile", "/settings/edit", "/settings/password", "/settings/verify", "/settings/delete"] },
  { label: "Security", href: "/settings/security", match: ["/settings/security"] },
  { label: "API Keys", href: "/settings/api-keys", match: ["/settings/api-keys"] },
];

export function SettingsLayout({ pathname, user, beta, children }: LayoutProps) {
  const nav = hasAdminScope(user) ? [...NAV, { label: "Admin", href: "/admin/users", match: ["/admin"] }] : NAV;
  const current = (match: string[]) => (match.some((m) => pathname === m || pathname.startsWith(`${m}/`)) ? "page" : undefined);
  return (
    <div className="flex min-h-screen flex-col bg-gray-100 dark:bg-gray-950">
      <SkipToContent />
      <OfflineNotice />
      <header className="border-b border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <HomeLink />
          {user && <UserMenu name={user.name} pathname={pathname} pro={hasProScope(user, beta)} admin={hasAdminScope(user)} />}
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-8 desk:flex-row">
        <nav aria-label="Settings" className="desk:w-56 desk:shrink-0">
          <ul className="flex flex-wrap gap-2 desk:flex-col">
            {nav.map((n) => (
              <li key={n.href}>
                <a
                  href={n.href}
                  aria-current={current(n.match)}
                  className="block rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:bg-white aria-[current=page]:bg-white aria-[current=page]:text-blue-800 dark:text-gray-200 dark:hover:bg-gray-800 dark:aria-[current=page]:bg-gray-800 dark:aria-[current=page]:text-blue-300"
                >
                  {n.label}
                </a>
              </li>
            ))}
            <li className="desk:mt-4">
              <FeedbackBox />
            </li>
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1">
          {user && !user.verified && (
            <p className="mb-6 rounded-md bg-yellow-50 px-4 py-3 text-sm text-yellow-900">
              Verify your email to activate your account. <a href="/settings/verify" className="font-semibold underline">Send the link again</a>
            </p>
          )}
          <MessageArea pathname={pathname} />
          <div className="rounded-xl bg-white p-6 shadow-sm dark:bg-gray-900 desk:p-8">{children}</div>
        </main>
      </div>
    </div>
  );
}
