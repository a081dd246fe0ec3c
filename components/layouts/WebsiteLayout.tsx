// The website layout: header, the page, footer. Public pages use it. Its pages follow the visitor's
// light or dark preference (auto-dark, see theme.css).
import type { LayoutProps } from "../../src/web/page";
import { SkipToContent } from "../site/Logo";
import { OfflineNotice } from "../site/OfflineNotice";
import { SiteFooter } from "../site/SiteFooter";
import { SiteHeader } from "../site/SiteHeader";

export function WebsiteLayout({ pathname, user, beta, children }: LayoutProps) {
  return (
    <div className="auto-dark flex min-h-screen flex-col">
      <SkipToContent />
      <OfflineNotice />
      <SiteHeader pathname={pathname} user={user} beta={beta} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter beta={beta} />
    </div>
  );
}
