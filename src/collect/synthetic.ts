// Realistic synthetic traffic for `npm run seed` and the benchmarks: Zipf-like pages and referrers,
// campaigns, events, countries (through time zones), languages, devices, bytes and durations.
// Deterministic (xorshift), so two runs with the same seed produce the same hits.
import type { EventBody, Incoming, LeaveBody, PageViewBody } from "./model";

export function rng(seed = 0x9e3779b9) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/** Index in [0, n) with probability ~ 1/(i+1)^s: a few items get most of the traffic. */
function zipf(n: number, s = 1.1) {
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1) ** s);
  const total = weights.reduce((a, b) => a + b, 0);
  const cdf: number[] = [];
  let acc = 0;
  for (const w of weights) cdf.push((acc += w / total));
  return (u: number) => {
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const SECTIONS = ["blog", "docs", "pricing", "about", "products", "help", "news", "guides"];
const PATHS = ["/", ...Array.from({ length: 499 }, (_, i) => `/${SECTIONS[i % SECTIONS.length]}/${i < 8 ? "" : `item-${i}`}`)];
const REFERRERS = [
  "https://www.google.com/", "https://duckduckgo.com/", "https://www.bing.com/", "https://news.ycombinator.com/",
  "https://t.co/x", "https://www.reddit.com/r/webdev/", "https://mastodon.social/@a", "https://www.linkedin.com/feed/",
  "https://mail.google.com/mail/u/0/", "https://outlook.live.com/", "https://www.ecosia.org/",
  "https://chatgpt.com/", "https://www.perplexity.ai/",
  // Public posts (stats REF tweets): the pipeline keeps these URLs, not only their hosts.
  "https://x.com/bothy/status/1859000000000000001", "https://mastodon.social/@bothy/113500000000000002",
  "https://bsky.app/profile/bothy.example/post/3lbothy2abc", "https://x.com/someone/status/1859000000000000003?s=20",
  ...Array.from({ length: 185 }, (_, i) => `https://blog-${i}.example/post`),
];
const ZONES = [
  "Europe/London", "America/New_York", "Europe/Berlin", "Europe/Paris", "America/Los_Angeles", "Asia/Kolkata",
  "Asia/Tokyo", "Europe/Amsterdam", "America/Chicago", "Australia/Sydney", "Europe/Madrid", "America/Sao_Paulo",
  "Europe/Stockholm", "Asia/Singapore", "Europe/Rome", "America/Toronto", "Pacific/Honolulu", "Africa/Lagos",
  "Europe/Warsaw", "Asia/Kathmandu",
];
const LANGUAGES = ["en-GB", "en-US", "de-DE", "fr-FR", "es-ES", "nl-NL", "ja-JP", "pt-BR", "it-IT", "sv-SE", "pl-PL", "hi-IN"];
const AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0",
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0",
];
const WIDTHS = [390, 414, 768, 1280, 1366, 1440, 1536, 1920, 2560, 3840];
const CAMPAIGNS = Array.from({ length: 30 }, (_, i) => `campaign-${i}`);
const UTM_SOURCES = ["newsletter", "twitter", "mastodon", "partner", "podcast", "reddit", "hn", "ads"];
const UTM_MEDIUMS = ["email", "social", "referral", "cpc", "audio"];
const EVENTS = ["signup", "download", "Outbound", "play-video", "contact"];

/** A generator of hits for one domain; `next(time)` gives the hits of one page view (1 to 3). */
export function syntheticTraffic(domain: string, seed?: number) {
  const r = rng(seed);
  const page = zipf(PATHS.length);
  const ref = zipf(REFERRERS.length, 0.9);
  const zone = zipf(ZONES.length);
  const campaign = zipf(CAMPAIGNS.length);
  const pick = <T>(xs: readonly T[], z?: (u: number) => number): T => xs[z ? z(r()) : Math.floor(r() * xs.length)]!;
  return (time: number): Incoming[] => {
    const ua = pick(AGENTS);
    let p = pick(PATHS, page);
    if (r() < 0.12) p += `?utm_source=${pick(UTM_SOURCES)}&utm_medium=${pick(UTM_MEDIUMS)}&utm_campaign=${pick(CAMPAIGNS, campaign)}`;
    const direct = r() < 0.55;
    const unique = r() < 0.6 ? 1 : 0;
    const view: PageViewBody = {
      d: domain, p, r: direct ? "" : pick(REFERRERS, ref), w: pick(WIDTHS), z: pick(ZONES, zone),
      l: pick(LANGUAGES), t: Math.round(200 + -Math.log(1 - r()) * 900), b: Math.round(50_000 + -Math.log(1 - r()) * 900_000), u: unique,
    };
    const out: Incoming[] = [{ kind: "view", body: view, time, ua }];
    // Every beacon of the page view carries its context, as the tracker sends it.
    const context = { d: domain, p, r: view.r, w: view.w, z: view.z, l: view.l };
    if (r() < 0.8) {
      const leave: LeaveBody = { ...context, v: Math.round(-Math.log(1 - r()) * 45_000), b: Math.round(r() * 20_000), x: unique && r() < 0.5 ? 1 : 0 };
      // NOTE: the scroll depth is derived from the bytes drawn, not drawn itself, so the random
      // sequence (and every seeded figure before it) stays as it was; above 1 is a short page.
      leave.s = (leave.b! % 1201) / 1000;
      out.push({ kind: "leave", body: leave, time: time + leave.v, ua });
    }
    if (r() < 0.06) {
      const event: EventBody = { ...context, n: pick(EVENTS), v: r() < 0.5 ? "pro" : undefined };
      out.push({ kind: "event", body: event, time: time + 1000, ua });
    }
    return out;
  };
}
