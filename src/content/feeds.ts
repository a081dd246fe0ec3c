// The XML the content room answers: RSS 2.0 and Atom 1.0 feeds of blog and news, and the sitemap of
// every public page. Absolute links take the configured origin, never the request's.
import type { Article, ArticleType } from "./load";

const xmlEscape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

const FEED_TITLES: Record<ArticleType, { title: string; description: string }> = {
  blog: { title: "Bothy blog", description: "How privacy-first, carbon-aware web analytics works, from the people who build Bothy." },
  news: { title: "Bothy news", description: "Release notes: what changed in Bothy." },
};

const tag = (name: string, value: string) => `<${name}>${xmlEscape(value)}</${name}>`;
const dayTime = (date: string) => new Date(`${date}T00:00:00Z`);
const FEED_LENGTH = 20;

export function rss(type: ArticleType, articles: Article[], origin: string): string {
  const { title, description } = FEED_TITLES[type];
  const items = articles.slice(0, FEED_LENGTH).map((a) => {
    const link = origin + a.url;
    return `<item>${tag("title", a.title)}${tag("link", link)}<guid isPermaLink="true">${xmlEscape(link)}</guid>${tag("pubDate", dayTime(a.date).toUTCString())}${tag("description", a.summary)}${a.tags.map((t) => tag("category", t)).join("")}</item>`;
  });
  const updated = articles[0] ? dayTime(articles[0].date).toUTCString() : new Date(0).toUTCString();
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>${tag("title", title)}${tag("link", `${origin}/${type}`)}${tag("description", description)}<language>en</language>${tag("lastBuildDate", updated)}<atom:link href="${xmlEscape(`${origin}/${type}/rss.xml`)}" rel="self" type="application/rss+xml"/>${items.join("")}</channel></rss>
`;
}

export function atom(type: ArticleType, articles: Article[], origin: string): string {
  const { title, description } = FEED_TITLES[type];
  const entries = articles.slice(0, FEED_LENGTH).map((a) => {
    const link = origin + a.url;
    const when = dayTime(a.date).toISOString();
    return `<entry>${tag("id", link)}${tag("title", a.title)}${tag("updated", when)}${tag("published", when)}<link rel="alternate" type="text/html" href="${xmlEscape(link)}"/><author>${tag("name", a.author)}</author>${tag("summary", a.summary)}${a.tags.map((t) => `<category term="${xmlEscape(t)}"/>`).join("")}</entry>`;
  });
  const updated = articles[0] ? dayTime(articles[0].date).toISOString() : new Date(0).toISOString();
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">${tag("id", `${origin}/${type}`)}${tag("title", title)}${tag("subtitle", description)}${tag("updated", updated)}<link rel="alternate" type="text/html" href="${xmlEscape(`${origin}/${type}`)}"/><link rel="self" type="application/atom+xml" href="${xmlEscape(`${origin}/${type}/atom.xml`)}"/>${entries.join("")}</feed>
`;
}

export function sitemap(urls: { path: string; lastmod?: string }[], origin: string): string {
  const rows = urls.map((u) => `<url>${tag("loc", origin + u.path)}${u.lastmod ? tag("lastmod", u.lastmod) : ""}</url>`);
  return `<?xml version="1.0" encoding="utf-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${rows.join("")}</urlset>
`;
}
