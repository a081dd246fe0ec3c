// Where a referrer row leads besides the referrer itself: the dashboard follows external links
// through GET /api/link (a referrer as "//{host}"), and a social network's row links to that
// network's search for the site's domain, to find the posts that sent the visits.
const SEARCHES: [hosts: string[], url: (q: string) => string][] = [
  [["x.com", "twitter.com", "t.co", "mobile.twitter.com"], (q) => `https://x.com/search?q=${q}&f=live`],
  [["reddit.com", "old.reddit.com", "out.reddit.com"], (q) => `https://www.reddit.com/search/?q=${q}`],
  [["news.ycombinator.com"], (q) => `https://hn.algolia.com/?query=${q}`],
  [["bsky.app"], (q) => `https://bsky.app/search?q=${q}`],
  [["linkedin.com", "lnkd.in"], (q) => `https://www.linkedin.com/search/results/content/?keywords=${q}`],
  [["facebook.com", "l.facebook.com", "m.facebook.com", "lm.facebook.com"], (q) => `https://www.facebook.com/search/posts?q=${q}`],
  [["threads.net", "threads.com", "l.threads.com"], (q) => `https://www.threads.net/search?q=${q}`],
  [["mastodon.social"], (q) => `https://mastodon.social/search?q=${q}`],
  [["lobste.rs"], (q) => `https://lobste.rs/search?q=${q}&what=stories`],
];

/** The dashboard's way to an external link: /api/link, the referrer given as //{host}. */
export const followLink = (url: string): string => `/api/link?url=${encodeURIComponent(url)}`;

/** The referrer network's search for `domain`, through /api/link; null for other referrers. */
export function socialSearch(referrer: string, domain: string): string | null {
  const found = SEARCHES.find(([hosts]) => hosts.includes(referrer));
  return found ? followLink(found[1](encodeURIComponent(domain))) : null;
}
