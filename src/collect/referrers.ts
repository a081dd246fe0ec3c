// Referrer host and source class (the SUMMARY source: direct, search, social, email,
// unknown). The lists are ours and kept here: a host matches an entry when it equals it or ends
// with "." + entry, and "google" style entries match any country suffix (google.co.uk, google.de).
type Source = "direct" | "search" | "social" | "email" | "unknown";

// NOTE: entries without a dot match a second-level label under any public suffix: "google" matches
// google.com, www.google.co.uk and news.google.de. Entries with a dot match that domain and its subdomains.
const LISTS: Record<Exclude<Source, "direct" | "unknown">, string[]> = {
  search: [
    "google", "bing.com", "duckduckgo.com", "yahoo", "yandex", "baidu.com", "ecosia.org", "qwant.com",
    "startpage.com", "search.brave.com", "kagi.com", "naver.com", "seznam.cz", "ask.com", "aol.com",
    "sogou.com", "so.com", "yep.com", "mojeek.com", "search.marginalia.nu", "perplexity.ai", "you.com",
    "presearch.com", "swisscows.com", "metager.de", "searx.be", "lilo.org", "daum.net", "coccoc.com",
  ],
  social: [
    "facebook.com", "fb.com", "fb.me", "l.facebook.com", "m.facebook.com", "instagram.com", "twitter.com",
    "t.co", "x.com", "linkedin.com", "lnkd.in", "reddit.com", "old.reddit.com", "news.ycombinator.com",
    "youtube.com", "youtu.be", "pinterest", "tiktok.com", "mastodon.social", "mastodon.online",
    "fosstodon.org", "hachyderm.io", "bsky.app", "threads.net", "tumblr.com", "vk.com", "weibo.com",
    "quora.com", "discord.com", "discordapp.com", "telegram.org", "t.me", "whatsapp.com", "wa.me",
    "snapchat.com", "lobste.rs", "producthunt.com", "medium.com", "dev.to", "stackoverflow.com",
    "github.com", "slack.com", "xing.com", "line.me", "ok.ru",
  ],
  email: [
    "mail.google.com", "outlook.live.com", "outlook.office.com", "outlook.office365.com", "mail.yahoo.com",
    "mail.proton.me", "mail.protonmail.com", "app.fastmail.com", "mail.aol.com", "webmail", "mail.zoho.com",
    "mail.yandex.ru", "e.mail.ru", "gmx.net", "web.de", "tutanota.com", "app.tuta.com", "hey.com",
    "substack.com", "mailchi.mp", "list-manage.com",
  ],
};

// The email list is checked first: mail.google.com must not fall into "search" through "google".
const ORDER: (keyof typeof LISTS)[] = ["email", "social", "search"];

function matches(host: string, entry: string): boolean {
  if (entry.includes(".")) return host === entry || host.endsWith("." + entry);
  // A bare label: "google" matches google.com, google.co.uk, www.google.de, not googleblog.com.
  return new RegExp(`(^|\\.)${entry}\\.[a-z]{2,3}(\\.[a-z]{2})?$`).test(host);
}

const cache = new Map<string, Source>();

export function classifyHost(host: string): Source {
  const known = cache.get(host);
  if (known) return known;
  let source: Source = "unknown";
  for (const list of ORDER) {
    if (LISTS[list].some((entry) => matches(host, entry))) {
      source = list;
      break;
    }
  }
  if (cache.size > 10_000) cache.clear();
  cache.set(host, source);
  return source;
}

/** The referrer as a URL; null when it is empty or not a URL. Parsed once per hit for both uses below. */
export function parseReferrer(referrer: string | undefined): URL | null {
  if (!referrer) return null;
  try {
    return new URL(referrer);
  } catch {
    return null;
  }
}

/** Lower-cased host of a referrer without "www."; null when it has none. */
export function referrerHost(url: URL): string | null {
  return url.hostname.toLowerCase().replace(/^www\./, "") || null;
}

// Public social posts a referrer may point at. A post URL names a public post, never
// the visitor, so it may be stored; anything else keeps only its host.
const POSTS: { host: RegExp; path: RegExp }[] = [
  // x.com/{user}/status/{id}, also twitter.com and mobile.twitter.com
  { host: /^(x\.com|(mobile\.)?twitter\.com)$/, path: /^\/[A-Za-z0-9_]{1,15}\/status\/\d{1,25}$/ },
  // Mastodon and other ActivityPub servers: {server}/@{user}/{id}
  { host: /./, path: /^\/@[A-Za-z0-9_.-]{1,64}\/\d{1,25}$/ },
  // Bluesky: bsky.app/profile/{handle or did}/post/{rkey}
  { host: /^bsky\.app$/, path: /^\/profile\/[A-Za-z0-9_.:-]{1,253}\/post\/[a-z0-9]{1,32}$/ },
];

/** The canonical URL of a public social post the referrer points at (no query, no fragment), or null. */
export function socialPost(url: URL): string | null {
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const path = url.pathname.replace(/\/$/, "");
  return POSTS.some((p) => p.host.test(host) && p.path.test(path)) ? `https://${host}${path}` : null;
}

/** utm_medium values that mark a campaign as email even without a known mail host. */
export const EMAIL_MEDIUMS = new Set(["email", "e-mail", "newsletter", "mail"]);
