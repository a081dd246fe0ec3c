// The dashboard layout: no site header or footer; the dashboard draws its own
// side navigation and header. The skip link and the offline notice every layout has.
import type { LayoutProps } from "../../src/web/page";
import { SkipToContent } from "../site/Logo";
import { OfflineNotice } from "../site/OfflineNotice";

export function DashboardLayout({ children }: LayoutProps) {
  return (
    <>
      <SkipToContent />
      <OfflineNotice />
      <main id="main">{children}</main>
    </>
  );
}
