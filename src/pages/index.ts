// The pages room's face for the server: what the app composes beside the rendered pages, the
// redirects and the public pages a sitemap lists. The pages themselves are the framework's site
// module (./site.ts), which only the web build reads: the server never imports a page.
import { HEAD, type HeadKey } from "./head";

export { REDIRECTS } from "./redirects";

/** The public pages with a fixed path, by their head entry. */
const SITEMAP_PAGES: HeadKey[] = ["index", "install", "compare", "compareNew", "inspect", "privacy", "terms", "signup", "signin", "blog", "news", "docs"];

/** The paths of the public pages the sitemap lists. */
export const sitemapPages = (beta: boolean): string[] => {
  // NOTE: in beta /pricing gives way to /request, and outside it /request sends visitors home.
  const plans: HeadKey = beta ? "request" : "pricing";
  return [...SITEMAP_PAGES, plans].map((key) => (HEAD[key] as { path: string }).path);
};
