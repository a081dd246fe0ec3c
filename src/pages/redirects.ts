// Paths that moved: the pages room answers them with a redirect before any routing or rendering.
import type { Redirects } from "../web";

export const REDIRECTS: Redirects = {
  // The settings home is the domain list.
  "/settings": { to: "/settings/domains", permanent: false },
  "/admin": { to: "/admin/users", permanent: false },
  "/inspect": { to: "/how-green-is-your-website", permanent: false },
  // NOTE: the comparison URL from before the product had its name; keep its links alive.
  "/google-analytics-vs-cabin": { to: "/google-analytics-vs-bothy", permanent: true },
};
