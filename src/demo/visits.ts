// The hits of one demo page view: which page of ./site.ts, from where (a click within the site comes
// from a page that links to it, so the thanks page only from the checkout), on what device and screen,
// how heavy, how long it was read, and the events it fired (sign-up, download, purchase with its
// price). Deterministic by seed (xorshift): the same seed and calls give the same hits.
import { rng, type Collector } from "../collect";
import type { Source } from "./model";
import { AGENTS, CAMPAIGN, DOWNLOADS, linksTo, PAGES, PRICES, REFERRERS, SPIKE_ARTICLE, ZONES, type Page, type PageKind } from "./site";

/** A hit as the collector ingests it. */
export type Incoming = Parameters<Collector["ingest"]>[0];

/** A picker over weighted items: `pick(u)` for u uniform in [0, 1). */
function weighted<T>(items: readonly (readonly [T, number])[]) {
  const total = items.reduce((a, [, w]) => a + w, 0);
  return (u: number): T => {
    let acc = 0;
    for (const [item, w] of items) if ((acc += w / total) > u) return item;
    return items[items.length - 1]![0];
  };
}

/** Mean reading time by page kind, in seconds. */
const READ_S: Record<PageKind, number> = {
  home: 25, index: 30, article: 95, video: 240, docs: 70, pricing: 45, shop: 50, checkout: 60, thanks: 15, about: 40,
};
/** Share of views that fire a sign-up (the newsletter form is on the home page and under articles). */
const SIGNUP: Partial<Record<PageKind, number>> = { home: 0.02, article: 0.025, video: 0.03 };
/** Share of referred visits by kind of referrer, AI assistants aside (their share is the model's). */
const ARRIVALS = weighted<keyof typeof REFERRERS | "direct">([["direct", 32], ["search", 42], ["social", 11], ["blogs", 9], ["email", 6]]);
/**
 * Share of a kind's page views that are a click from another page of the site (about 30 % of all
 * views): few for the home page, most for a product, every one for the checkout's thanks page.
 */
const INTERNAL: Record<PageKind, number> = {
  home: 0.2, index: 0.6, article: 0.27, video: 0.3, docs: 0.5, pricing: 0.55, shop: 0.6, checkout: 0.95, thanks: 1, about: 0.6,
};

const pageOf = new Map(PAGES.map((p) => [p.path, p]));
const linksOf = new Map(PAGES.map((p) => [p.path, weighted(linksTo(p))]));

export function demoVisits(domain: string, seed: number) {
  const r = rng(seed);
  const page = weighted(PAGES.map((p) => [p, p.weight] as const));
  const zone = weighted(ZONES);
  const agent = weighted(AGENTS);
  const refs = Object.fromEntries(Object.entries(REFERRERS).map(([k, list]) => [k, weighted(list)])) as Record<keyof typeof REFERRERS, (u: number) => string>;
  const any = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const origin = `https://${domain}`;

  /** A click to `p` from a page that links to it: the site's page as referrer. */
  const click = (p: Page) => ({ page: p, query: "", ref: `${origin}${linksOf.get(p.path)!(r())}` });

  /** Landing page, query and referrer of a view by its source; internal views have the site as referrer. */
  const arrival = (source: Source, aiShare: number): { page: Page; query: string; ref: string } => {
    if (source === "spike") {
      const hn = "https://news.ycombinator.com/";
      if (r() < 0.75) return { page: pageOf.get(SPIKE_ARTICLE)!, query: "", ref: hn };
      // NOTE: the crowd's other views: clicks on within the site, or other pages linked from the thread.
      const p = page(r());
      return r() < INTERNAL[p.kind] ? click(p) : { page: p, query: "", ref: hn };
    }
    if (source === "campaign") {
      const social = r() < 0.2;
      const utm = social ? "utm_source=mastodon&utm_medium=social" : "utm_source=newsletter&utm_medium=email";
      const ref = social ? REFERRERS.social[0][0] : r() < 0.4 ? refs.email(r()) : "";
      return { page: pageOf.get(any(CAMPAIGN.pages))!, query: `?${utm}&utm_campaign=${CAMPAIGN.name}`, ref };
    }
    const p = page(r());
    if (r() < INTERNAL[p.kind]) return click(p);
    if (r() < aiShare) return { page: p, query: "", ref: refs.ai(r()) };
    const kind = ARRIVALS(r());
    return { page: p, query: "", ref: kind === "direct" ? "" : refs[kind](r()) };
  };

  /** The hits of a page view at `time`: the view, usually its leave beacon, sometimes an event. */
  return (time: number, source: Source, aiShare: number): Incoming[] => {
    const { page: pg, query, ref } = arrival(source, aiShare);
    const [ua, widths] = agent(r());
    const [z, l] = zone(r());
    const internal = ref.startsWith(origin);
    // NOTE: a click within the site finds most of the page's assets cached.
    const bytes = Math.round(pg.kb * 1024 * (0.85 + 0.3 * r()) * (internal ? 0.35 : 1));
    const u = internal ? 0 : r() < 0.7 ? 1 : 0;
    // Every beacon of the page view carries its context, as the tracker sends it.
    const context = { d: domain, p: pg.path + query, r: ref, w: any(widths), z, l };
    const hits: Incoming[] = [{
      kind: "view", time, ua,
      body: { ...context, t: Math.round((180 + bytes / 2400) * (0.6 + r())), b: bytes, u },
    }];
    if (r() < 0.85) {
      const v = Math.min(1_800_000, Math.round(-Math.log(1 - r()) * READ_S[pg.kind] * 1000));
      // NOTE: the film streams while it plays: tens of MB for a watched video, a few kB elsewhere.
      const more = pg.kind === "video" && v > 30_000 ? Math.round((20 + 40 * r()) * 1024 * 1024) : Math.round(r() * 30_000);
      const bounce = u === 1 && r() < (source === "spike" ? 0.8 : 0.5) ? 1 : 0;
      const s = (pg.kind === "article" ? 0.3 : 0.2) + r() * 0.85;
      hits.push({ kind: "leave", time: time + v, ua, body: { ...context, v, b: more, x: bounce, s } });
    }
    const event = (n: string, v?: string | number) => hits.push({ kind: "event", time: time + 2000 + Math.floor(r() * 20_000), ua, body: { ...context, n, v } });
    if (pg.kind === "thanks") event("Purchase", any(PRICES));
    else if (pg.kind === "docs" && r() < 0.08) event("Download", `${origin}${any(DOWNLOADS)}`);
    else if (r() < (SIGNUP[pg.kind] ?? 0) * (source === "spike" ? 0.4 : 1)) event("Sign-up");
    return hits;
  };
}
