// The site as the framework sees it: routes (SPEC §2) → page modules, the layouts by name, the
// head table, and the error page. Each issue adds its own routes here.
import { ErrorPage } from "../../components/ErrorPage";
import { CentredLayout } from "../../components/layouts/CentredLayout";
import { WebsiteLayout } from "../../components/layouts/WebsiteLayout";
import type { PageModule, Site } from "../web/page";
import * as compare from "./compare";
import { HEAD } from "./head";
import type { LayoutName } from "./meta";
import * as home from "./home";
import * as inspect from "./inspect";
import * as install from "./install";
import * as privacy from "./privacy";
import * as terms from "./terms";

const routes: Record<string, PageModule> = {
  "/": home,
  "/privacy": privacy,
  "/terms": terms,
  "/install": install,
  "/google-analytics-vs-bothy": compare,
  "/how-green-is-your-website": inspect,
};

export const site: Site = {
  routes,
  layouts: { website: WebsiteLayout, centred: CentredLayout } satisfies Record<LayoutName, Site["layouts"][string]>,
  head: HEAD,
  errorPage: { head: "error", layout: "centred" satisfies LayoutName, component: ErrorPage },
};
