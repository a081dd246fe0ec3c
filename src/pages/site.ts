// The site as the framework sees it: routes → page modules, the layouts by name, the
// head table, and the error page. Every page of the site has its route here.
import { ErrorPage } from "../../components/ErrorPage";
import { AdminLayout } from "../../components/layouts/AdminLayout";
import { CentredLayout } from "../../components/layouts/CentredLayout";
import { DashboardLayout } from "../../components/layouts/DashboardLayout";
import { SettingsLayout } from "../../components/layouts/SettingsLayout";
import { WebsiteLayout } from "../../components/layouts/WebsiteLayout";
import type { PageModule, SiteMap } from "../web/page";
import * as adminDomains from "./admin/domains";
import * as adminMonitoring from "./admin/monitoring";
import * as adminRequests from "./admin/requests";
import * as adminPrice from "./admin/price";
import * as adminScreenshots from "./admin/screenshots";
import * as adminServers from "./admin/servers";
import * as adminStripe from "./admin/stripe";
import * as adminUsage from "./admin/usage";
import * as adminUser from "./admin/user";
import * as adminUsers from "./admin/users";
import * as deleted from "./account/deleted";
import * as reset from "./account/reset";
import * as signin from "./account/signin";
import * as signout from "./account/signout";
import * as signup from "./account/signup";
import * as verify from "./account/verify";
import * as compare from "./compare";
import { articlePage, listPage } from "./content/articles";
import { docsPage } from "./content/docs";
import * as compareNew from "./google-vs-new";
import * as dashboard from "./dashboard";
import * as domainDelete from "./dashboard/delete";
import * as domainImport from "./dashboard/import";
import * as domainInstall from "./dashboard/install";
import * as domainRealtime from "./dashboard/realtime";
import * as domainReport from "./dashboard/report";
import * as domainSettings from "./dashboard/settings";
import { HEAD } from "./head";
import type { LayoutName } from "./meta";
import * as home from "./home";
import * as inspect from "./inspect";
import * as install from "./install";
import * as pricing from "./pricing";
import * as pricingUpdate from "./pricing-update";
import * as pricingUpdate2 from "./pricing-update2";
import * as privacy from "./privacy";
import * as privacyDomain from "./privacy-domain";
import * as carbonEvidence from "./carbon-evidence";
import * as publicDashboard from "./public";
import * as publicRealtime from "./public-realtime";
import * as request from "./request";
import * as settingsApiKeys from "./settings/api-keys";
import * as settingsDelete from "./settings/delete";
import * as settingsDomains from "./settings/domains";
import * as settingsEdit from "./settings/edit";
import * as settingsPassword from "./settings/password";
import * as settingsProfile from "./settings/profile";
import * as settingsSecurity from "./settings/security";
import * as settingsVerify from "./settings/verify";
import * as terms from "./terms";

const routes: Record<string, PageModule> = {
  "/": home,
  "/privacy": privacy,
  "/privacy/:domain": privacyDomain,
  "/carbon/:domain": carbonEvidence,
  "/terms": terms,
  "/install": install,
  // Plans: /pricing and its plan-change variants are hidden in beta, /request exists only then.
  "/pricing": pricing,
  "/pricing-update": pricingUpdate,
  "/pricing-update2": pricingUpdate2,
  "/request": request,
  "/google-analytics-vs-bothy": compare,
  "/google-vs-new": compareNew,
  "/how-green-is-your-website": inspect,
  "/blog": listPage("blog"),
  "/news": listPage("news"),
  "/docs": docsPage,
  "/blog/:slug": articlePage("blog"),
  "/news/:slug": articlePage("news"),
  "/docs/:slug": docsPage,
  // Accounts. "/settings" itself redirects to /settings/domains (redirects.ts).
  "/signup": signup,
  "/signin": signin,
  "/signout": signout,
  "/verify": verify,
  "/reset": reset,
  "/deleted": deleted,
  "/settings/domains": settingsDomains,
  "/settings/profile": settingsProfile,
  "/settings/edit": settingsEdit,
  "/settings/password": settingsPassword,
  "/settings/api-keys": settingsApiKeys,
  "/settings/security": settingsSecurity,
  "/settings/verify": settingsVerify,
  "/settings/delete": settingsDelete,
  // The dashboard and public dashboards; the sub-pages below have one more segment.
  "/dashboard/:domain": dashboard,
  "/public/:id": publicDashboard,
  "/dashboard/:domain/settings": domainSettings,
  "/dashboard/:domain/install": domainInstall,
  "/dashboard/:domain/delete": domainDelete,
  "/dashboard/:domain/import": domainImport,
  "/dashboard/:domain/report": domainReport,
  "/dashboard/:domain/realtime": domainRealtime,
  "/public/:id/realtime": publicRealtime,
  // The admin area; "/admin" itself redirects to /admin/users (redirects.ts).
  "/admin/users": adminUsers,
  "/admin/users/stripe": adminStripe,
  "/admin/users/:uid": adminUser,
  "/admin/price": adminPrice,
  "/admin/domains": adminDomains,
  "/admin/usage": adminUsage,
  "/admin/monitoring": adminMonitoring,
  "/admin/requests": adminRequests,
  "/admin/screenshots": adminScreenshots,
  "/admin/servers": adminServers,
};

export const site: SiteMap = {
  routes,
  layouts: { website: WebsiteLayout, centred: CentredLayout, settings: SettingsLayout, dashboard: DashboardLayout, admin: AdminLayout } satisfies Record<LayoutName, SiteMap["layouts"][string]>,
  head: HEAD,
  errorPage: { head: "error", layout: "centred" satisfies LayoutName, component: ErrorPage },
};
