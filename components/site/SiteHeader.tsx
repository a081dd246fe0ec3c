// The website header: logo to /, then the navigation, which is hidden
// under /settings, /dashboard and /verify; sticky past 150 px of scrolling.
import type { SessionUser } from "../../src/web/page";
import { HeaderNav } from "./HeaderNav";
import { DOCS_URL, navHidden, RESOURCES } from "./links";
import { HomeLink } from "./Logo";
import { StickyHeader } from "./StickyHeader";

export function SiteHeader({ pathname, user, beta }: { pathname: string; user: SessionUser | null; beta: boolean }) {
  return (
    <StickyHeader className="z-40 border-b border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-950">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <HomeLink />
        {!navHidden(pathname) && (
          <HeaderNav pathname={pathname} showPricing={!beta} signedIn={user !== null} docs={DOCS_URL} resources={RESOURCES} />
        )}
      </div>
    </StickyHeader>
  );
}
