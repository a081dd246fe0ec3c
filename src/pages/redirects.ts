// Paths that moved: answered with a redirect before any routing or rendering.
export const REDIRECTS: Record<string, { to: string; permanent: boolean }> = {
  // The settings home is the domain list.
  "/settings": { to: "/settings/domains", permanent: false },
  "/inspect": { to: "/how-green-is-your-website", permanent: false },
  // NOTE: old comparison URLs from before the product had its name; keep their links alive.
  "/google-analytics-vs-cabin": { to: "/google-analytics-vs-bothy", permanent: true },
  "/google-vs-new": { to: "/google-analytics-vs-bothy", permanent: true },
};
