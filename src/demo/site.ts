// The made-up website behind the demo: a small sustainability blog and shop (articles, docs for
// its toolkit, a shop with a checkout), its pages with their weights, and the visitors' mixes of
// referrers, time zones (so countries), languages and browsers, the links a click within it follows,
// and its owner's goals and funnel. Data only; ./model.ts and ./visits.ts draw from it.
import type { Goal } from "../shared/goals";

export type PageKind = "home" | "index" | "article" | "video" | "docs" | "pricing" | "shop" | "checkout" | "thanks" | "about";

export type Page = { path: string; kind: PageKind; weight: number; kb: number };

/** The article a Hacker News front page sends its crowd to. */
export const SPIKE_ARTICLE = "/blog/how-heavy-is-a-web-font";
/** What the newsletter's campaign week links to, with its utm_campaign. */
export const CAMPAIGN = {
  name: "repair-week",
  pages: ["/blog/a-visit-to-a-repair-cafe", "/videos/a-day-at-the-repair-cafe", "/shop/repair-cafe-kit"],
};

const ARTICLES = [
  "how-heavy-is-a-web-font", "green-hosting-explained", "does-dark-mode-save-energy", "image-formats-avif-vs-webp",
  "lazy-loading-images-done-right", "a-year-without-web-fonts", "why-we-deleted-our-cookie-banner",
  "repairing-a-ten-year-old-laptop", "second-hand-phones-buying-guide", "how-much-energy-does-a-page-view-use",
  "a-carbon-budget-for-your-website", "static-sites-and-the-planet", "measuring-co2-per-visit",
  "our-office-runs-on-a-heat-pump", "cycling-to-work-in-winter", "the-embodied-carbon-of-servers",
  "solar-powered-website-one-year-on", "why-your-hero-image-is-too-big", "third-party-scripts-weigh-more-than-you-think",
  "email-newsletters-and-their-footprint", "sustainable-web-design-checklist", "what-makes-a-web-host-green",
  "composting-in-a-small-flat", "low-waste-kitchen-starter-kit", "fixing-a-bike-puncture-by-the-road",
  "buying-refurbished-monitors", "the-true-cost-of-streaming-in-4k", "caching-for-fewer-requests",
  "system-fonts-are-fine", "svg-icons-instead-of-icon-fonts", "replacing-a-framework-with-plain-html",
  "video-thumbnails-that-load-lazily", "energy-labels-for-websites", "data-centres-and-water",
  "how-we-measure-our-own-site", "the-greenest-byte-is-never-sent", "right-to-repair-what-changed",
  "choosing-a-low-carbon-cdn", "a-visit-to-a-repair-cafe", "winter-heating-on-a-budget",
];

// NOTE: articles get Zipf-like shares (a few evergreen posts carry the blog) and weights between
// 300 and 900 kB, fixed per article by its position so a page keeps its weight from day to day.
const articles: Page[] = ARTICLES.map((slug, i) => ({
  path: `/blog/${slug}`, kind: "article", weight: 48 / (i + 2) ** 0.9, kb: 300 + ((i * 137) % 600),
}));

/** Every page, with its share of ordinary page views (relative) and its weight in kB. */
export const PAGES: Page[] = [
  { path: "/", kind: "home", weight: 22, kb: 1400 },
  { path: "/blog", kind: "index", weight: 7, kb: 650 },
  ...articles,
  { path: "/videos/a-day-at-the-repair-cafe", kind: "video", weight: 3, kb: 4200 },
  { path: "/docs", kind: "docs", weight: 2.5, kb: 140 },
  { path: "/docs/getting-started", kind: "docs", weight: 2.2, kb: 160 },
  { path: "/docs/carbon-budget-template", kind: "docs", weight: 1.6, kb: 180 },
  { path: "/docs/measuring-page-weight", kind: "docs", weight: 1.3, kb: 150 },
  { path: "/docs/hosting-checklist", kind: "docs", weight: 0.9, kb: 130 },
  { path: "/docs/faq", kind: "docs", weight: 0.8, kb: 120 },
  { path: "/pricing", kind: "pricing", weight: 4, kb: 520 },
  { path: "/shop", kind: "shop", weight: 4, kb: 1900 },
  { path: "/shop/web-carbon-toolkit", kind: "shop", weight: 3, kb: 1700 },
  { path: "/shop/repair-cafe-kit", kind: "shop", weight: 1.8, kb: 2100 },
  { path: "/checkout", kind: "checkout", weight: 1.2, kb: 760 },
  { path: "/checkout/thanks", kind: "thanks", weight: 0.45, kb: 280 },
  { path: "/about", kind: "about", weight: 2, kb: 900 },
];

type Weighted<T> = readonly (readonly [T, number])[];

const articleWeights = articles.reduce((a, p) => a + p.weight, 0);
/** The articles as pages linking on, `share` in all, each by its own popularity. */
const fromArticles = (share: number) => articles.map((a) => [a.path, (share * a.weight) / articleWeights] as const);

/** Where a click to a page comes from, by its kind: the pages that link to it, weighted. */
const LINKS: Record<PageKind, Weighted<string>> = {
  home: [["/blog", 30], ["/about", 20], ["/pricing", 10], ["/shop", 10], ...fromArticles(30)],
  index: [["/", 80], ...fromArticles(20)],
  article: [["/blog", 45], ["/", 30], ...fromArticles(25)],
  video: [["/blog/a-visit-to-a-repair-cafe", 50], ["/", 35], ["/shop/repair-cafe-kit", 15]],
  docs: [["/docs", 70], ["/docs/getting-started", 20], ["/pricing", 10]],
  pricing: [["/", 60], ["/docs", 25], ["/docs/getting-started", 15]],
  // NOTE: a product page: the shop's own list, or the article or film that shows the product.
  shop: [["/shop", 75], ["/blog/a-carbon-budget-for-your-website", 10], ["/blog/a-visit-to-a-repair-cafe", 10], ["/videos/a-day-at-the-repair-cafe", 5]],
  // NOTE: "Buy" is on the product pages only, and the thanks page follows the checkout alone.
  checkout: [["/shop/web-carbon-toolkit", 65], ["/shop/repair-cafe-kit", 35]],
  thanks: [["/checkout", 1]],
  about: [["/", 80], ["/blog", 20]],
};
/** Pages whose links in differ from their kind's. */
const LINKS_TO_PAGE: Record<string, Weighted<string>> = {
  "/docs": [["/", 50], ["/pricing", 30], ["/shop/web-carbon-toolkit", 20]],
  "/shop": [["/", 55], ...fromArticles(45)],
};

/** The pages a click to `page` comes from, weighted, never the page itself. */
export const linksTo = (page: Page): Weighted<string> =>
  (LINKS_TO_PAGE[page.path] ?? LINKS[page.kind]).filter(([path]) => path !== page.path);

/** What the shop sells, in pounds: a purchase event carries one of these prices. */
export const PRICES = [12, 29, 29, 49];
/** What a room that keeps goals adds to the demo: goals, and funnels whose steps are goals by name. */
export type Conversions = {
  goals: Pick<Goal, "name" | "kind" | "match" | "value">[];
  funnels: { name: string; steps: string[] }[];
};

/**
 * The goals the site's owner keeps, and a funnel through the shop: each step's page is linked
 * from the step before's (LINKS), so each step counts fewer than the one before.
 */
export const CONVERSIONS: Conversions = {
  goals: [
    { name: "Pricing page", kind: "page", match: "/pricing", value: null },
    { name: "Docs", kind: "page", match: "/docs/**", value: null },
    { name: "Newsletter sign-up", kind: "event", match: "Sign-up", value: null },
    { name: "Shop", kind: "page", match: "/shop", value: null },
    { name: "Product page", kind: "page", match: "/shop/*", value: null },
    { name: "Checkout", kind: "page", match: "/checkout", value: null },
    // NOTE: the event, not the thanks page, so the Goals section sums the prices paid.
    { name: "Purchase", kind: "event", match: "Purchase", value: null },
  ],
  funnels: [{ name: "Shop to purchase", steps: ["Shop", "Product page", "Checkout", "Purchase"] }],
};

/** Files the docs offer for download (the tracker's Download event carries the link). */
export const DOWNLOADS = ["/files/carbon-budget-template.xlsx", "/files/hosting-checklist.pdf", "/files/page-weight-worksheet.pdf"];

/** Search engines, social sites, other blogs and AI assistants (their share grows: see ./model.ts). */
export const REFERRERS = {
  search: [
    ["https://www.google.com/", 70], ["https://duckduckgo.com/", 11], ["https://www.bing.com/", 8], ["https://www.ecosia.org/", 9],
    ["https://www.qwant.com/", 2],
  ],
  social: [
    ["https://mastodon.social/@lowtide", 30], ["https://bsky.app/profile/lowtide.example", 22], ["https://www.reddit.com/r/ZeroWaste/", 18],
    ["https://www.linkedin.com/feed/", 16], ["https://news.ycombinator.com/", 8], ["https://x.com/", 6],
  ],
  blogs: [
    ["https://sustainablewebdesign.org/", 30], ["https://www.wholegraindigital.com/blog/", 20], ["https://branch.climateaction.tech/", 18],
    ["https://www.websitecarbon.com/", 16], ["https://www.restarters.net/", 10], ["https://github.com/", 6],
  ],
  ai: [
    ["https://chatgpt.com/", 55], ["https://www.perplexity.ai/", 18], ["https://claude.ai/", 14], ["https://gemini.google.com/", 8],
    ["https://copilot.microsoft.com/", 5],
  ],
  email: [["https://mail.google.com/", 60], ["https://outlook.live.com/", 40]],
} as const satisfies Record<string, Weighted<string>>;

/** Time zones (the pipeline's country) with the language a visitor there most often reads in. */
export const ZONES: Weighted<readonly [zone: string, lang: string]> = [
  [["Europe/London", "en-GB"], 30], [["America/New_York", "en-US"], 10], [["Europe/Berlin", "de-DE"], 9],
  [["Europe/Amsterdam", "nl-NL"], 6], [["Europe/Paris", "fr-FR"], 6], [["America/Los_Angeles", "en-US"], 6],
  [["America/Chicago", "en-US"], 3], [["Europe/Stockholm", "sv-SE"], 3], [["Europe/Dublin", "en-IE"], 3],
  [["Australia/Sydney", "en-AU"], 3], [["America/Toronto", "en-CA"], 3], [["Europe/Zurich", "de-CH"], 2],
  [["Europe/Copenhagen", "da-DK"], 2], [["Europe/Madrid", "es-ES"], 2], [["Asia/Kolkata", "en-IN"], 2],
  [["America/Sao_Paulo", "pt-BR"], 1.5], [["Asia/Tokyo", "ja-JP"], 1.5], [["Asia/Singapore", "en-SG"], 1],
  [["Africa/Nairobi", "en-KE"], 1], [["Pacific/Auckland", "en-NZ"], 1],
];

/** Browsers with the screen widths their devices have. */
export const AGENTS: Weighted<readonly [ua: string, widths: readonly number[]]> = [
  [["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", [1366, 1536, 1920, 2560]], 24],
  [["Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1", [375, 390, 393, 430]], 22],
  [["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", [360, 384, 412]], 15],
  [["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15", [1440, 1512, 1728]], 12],
  [["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", [1366, 1920]], 8],
  [["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0", [1536, 1920]], 6],
  [["Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0", [1920, 2560]], 3],
  [["Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36", [360, 384]], 4],
  [["Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1", [820, 1024]], 3],
  [["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", [1440, 1728, 2560]], 3],
];
