// Blog, news and docs over HTTP against the real server and the real content/ files: every page
// answers 200 with its own head and one h1, unknown slugs 404 with the spec's text, the feeds and
// the sitemap parse as XML with their required elements, GET /api/content answers its shape and
// refuses bad input, and images and the search index are served.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CONTENT_DIR, loadContent } from "../../../src/content";
import { call } from "../../helpers/api";
import { IN_PROCESS_ORIGIN, req, startTestServer } from "../../helpers/server";
import { childText, parseXml } from "../../helpers/xml";

let server: Awaited<ReturnType<typeof startTestServer>>;
const content = loadContent(CONTENT_DIR);
const get = (path: string) => server.app.handle(req(path));
const html = async (path: string) => (await (await get(path)).text()).replace(/<!-- -->/g, "");
const NOT_FOUND = "This page could not be found";

// NOTE: the first page builds the bundles when this tree's build is not cached yet, so it is asked here.
beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: "error", BETA: "1" } });
  await get("/");
}, 180_000);
afterAll(() => server.stop());

const articles = [...content.blog, ...content.news];
const pages = ["/blog", "/news", "/docs", ...articles.map((a) => a.url), ...content.docs.map((d) => d.url)];

describe("content pages", () => {
  test("there are at least 4 blog posts, 3 news items and the docs pages the product needs", () => {
    expect(content.blog.length).toBeGreaterThanOrEqual(4);
    expect(content.news.length).toBeGreaterThanOrEqual(3);
    for (const slug of ["install", "events", "spa", "exclude-your-visits", "metrics", "stats-api", "export-api", "public-dashboards", "self-hosting", "configuration", "faq"]) {
      expect(content.docs.map((d) => d.slug)).toContain(slug);
    }
  });

  test("every page answers 200 with a title, a description, one h1 and alt text on every image", async () => {
    for (const path of pages) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const text = (await res.text()).replace(/<!-- -->/g, "");
      expect(text.match(/<h1[\s>]/g)?.length, path).toBe(1);
      expect(/<title>[^<]{10,}<\/title>/.test(text), path).toBe(true);
      expect(/<meta name="description" content="[^"]{20,}"/.test(text), path).toBe(true);
      for (const img of text.match(/<img\b[^>]*>/g) ?? []) {
        expect(img, path).toMatch(/\salt="[^"]+"/);
        expect(img, path).toMatch(/\swidth="\d+" height="\d+"|\sheight="\d+"[^>]*\swidth="\d+"/);
      }
    }
  });

  test("an article shows its title, date, tags, reading time and text, with its own head and the feeds linked", async () => {
    const a = content.blog.find((x) => x.slug === "counting-unique-visits-without-cookies")!;
    const page = await html(a.url);
    expect(page).toContain(`<title>${a.title} · Bothy</title>`);
    expect(page).toContain(`<meta name="description" content="${a.summary}"/>`);
    expect(page).toContain(`<link rel="canonical" href="${IN_PROCESS_ORIGIN}${a.url}"/>`);
    expect(page).toContain(`<time dateTime="${a.date}">2 November 2026</time>`);
    expect(page).toContain(`href="/blog?tag=privacy"`);
    expect(page).toContain(`${a.readingMinutes} min read`);
    expect(page).toContain(`<h2 id="the-browser-already-knows">The browser already knows <a class="anchor" href="#the-browser-already-knows"`);
    // NOTE: highlighted on the server: the token spans are in the HTML, no script does it.
    expect(page).toContain(`<code class="hljs language-js">`);
    expect(page).toContain(`<span class="hljs-comment">`);
    expect(page).toContain(`src="/content/images/unique-visits.svg" alt="${a.cover!.alt}" width="1200" height="500"`);
    for (const path of ["/blog", a.url, "/news", content.news[0]!.url]) {
      const type = path.split("/")[1];
      const head = await html(path);
      expect(head, path).toContain(`<link rel="alternate" type="application/rss+xml" title="Bothy ${type} (RSS)" href="/${type}/rss.xml"/>`);
      expect(head, path).toContain(`<link rel="alternate" type="application/atom+xml" title="Bothy ${type} (Atom)" href="/${type}/atom.xml"/>`);
    }
  });

  test("lists are newest first, filter by tag and link every article", async () => {
    const blog = await html("/blog");
    const positions = content.blog.map((a) => blog.indexOf(`href="${a.url}"`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    const carbon = await html("/blog?tag=carbon");
    for (const a of content.blog) expect(carbon.includes(`href="${a.url}"`), a.slug).toBe(a.tags.includes("carbon"));
  });

  test("the docs have a sidebar of every page, the current one marked, and the search box", async () => {
    const page = await html("/docs/metrics");
    for (const d of content.docs) expect(page).toContain(`href="${d.url}"`);
    expect(page).toMatch(/<a href="\/docs\/metrics" aria-current="page"/);
    expect(page).toContain(`<label for="docs-search"`);
    expect(page).toContain(`<title>The metrics · Bothy docs</title>`);
  });

  test("unknown slugs, pages and tags answer 404 with the spec's text", async () => {
    for (const path of ["/blog/no-such-post", "/news/no-such-item", "/docs/no-such-page", "/docs/index", "/blog?page=2", "/blog?page=abc", "/blog?page=0", "/news?tag=no-such-tag"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect((await res.text()).replace(/<!-- -->/g, ""), path).toContain(NOT_FOUND);
    }
  });

  test("the header's Docs, the footer and the user menu's content links lead to real pages", async () => {
    const home = await html("/");
    expect(home).toContain(`href="/docs"`);
    for (const path of ["/docs", "/blog", "/news"]) expect(home).toContain(`href="${path}"`);
  });
});

describe("feeds and sitemap", () => {
  for (const type of ["blog", "news"] as const) {
    test(`/${type}/rss.xml is RSS 2.0 with a channel and an item per article`, async () => {
      const res = await get(`/${type}/rss.xml`);
      expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
      const doc = await parseXml(await res.text());
      expect(doc.documentElement.localName).toBe("rss");
      expect(doc.documentElement.getAttribute("version")).toBe("2.0");
      const channel = doc.querySelector("channel")!;
      expect(childText(channel, "title")).toBeTruthy();
      expect(childText(channel, "link")).toBe(`${IN_PROCESS_ORIGIN}/${type}`);
      expect(childText(channel, "description")).toBeTruthy();
      const items = [...channel.children].filter((c) => c.localName === "item");
      expect(items.length).toBe(content[type].length);
      for (const [i, item] of items.entries()) {
        const a = content[type][i]!;
        expect(childText(item, "title")).toBe(a.title);
        expect(childText(item, "link")).toBe(IN_PROCESS_ORIGIN + a.url);
        expect(childText(item, "guid")).toBe(IN_PROCESS_ORIGIN + a.url);
        expect(new Date(childText(item, "pubDate")!).toISOString().slice(0, 10)).toBe(a.date);
      }
    });

    test(`/${type}/atom.xml is Atom with feed id, title, updated and an entry per article`, async () => {
      const res = await get(`/${type}/atom.xml`);
      expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
      const doc = await parseXml(await res.text());
      const feed = doc.documentElement;
      expect(feed.localName).toBe("feed");
      expect(feed.namespaceURI).toBe("http://www.w3.org/2005/Atom");
      for (const name of ["id", "title", "updated"]) expect(childText(feed, name), name).toBeTruthy();
      const entries = [...feed.children].filter((c) => c.localName === "entry");
      expect(entries.length).toBe(content[type].length);
      for (const [i, entry] of entries.entries()) {
        const a = content[type][i]!;
        expect(childText(entry, "id")).toBe(IN_PROCESS_ORIGIN + a.url);
        expect(childText(entry, "title")).toBe(a.title);
        expect(childText(entry, "updated")).toBe(`${a.date}T00:00:00.000Z`);
        expect([...entry.children].find((c) => c.localName === "link")?.getAttribute("href")).toBe(IN_PROCESS_ORIGIN + a.url);
      }
    });
  }

  test("/sitemap.xml lists every public page, each answering 200, and no private one", async () => {
    const res = await get("/sitemap.xml");
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const doc = await parseXml(await res.text());
    expect(doc.documentElement.localName).toBe("urlset");
    const locs = [...doc.querySelectorAll("url > loc")].map((l) => l.textContent!);
    const paths = locs.map((l) => {
      expect(l.startsWith(`${IN_PROCESS_ORIGIN}/`)).toBe(true);
      return l.slice(IN_PROCESS_ORIGIN.length);
    });
    for (const path of [...pages, "/", "/install", "/privacy", "/terms", "/how-green-is-your-website", "/google-analytics-vs-bothy", "/google-vs-new"]) expect(paths).toContain(path);
    // In beta the plans page is /request; /pricing gives way to it and is not listed.
    expect(paths).toContain("/request");
    expect(paths).not.toContain("/pricing");
    expect(paths.filter((p) => /^\/(settings|dashboard|admin|public|api)\b/.test(p))).toEqual([]);
    for (const path of paths) expect((await get(path)).status, path).toBe(200);
  });
});

describe("GET /api/content", () => {
  test("answers the entries newest first with paging fields, without their HTML", async () => {
    const r = await call(server.app, "GET", "/api/content");
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ page: 1, pages: 1, total: articles.length, pageSize: 10 });
    const dates = r.json.entries.map((e: { date: string }) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const first = r.json.entries[0];
    expect(Object.keys(first).sort()).toEqual(["author", "cover", "date", "link", "readingMinutes", "slug", "summary", "tags", "title", "type", "url"]);
    expect(first.link).toBe(IN_PROCESS_ORIGIN + first.url);
  });

  test("filters by type and tag, and one slug answers its entry with the HTML", async () => {
    const news = await call(server.app, "GET", "/api/content?type=news");
    expect(news.json.entries.map((e: { slug: string }) => e.slug)).toEqual(content.news.map((a) => a.slug));
    const carbon = await call(server.app, "GET", "/api/content?type=blog&tag=carbon");
    expect(carbon.json.entries.map((e: { slug: string }) => e.slug)).toEqual(content.blog.filter((a) => a.tags.includes("carbon")).map((a) => a.slug));
    const one = await call(server.app, "GET", "/api/content?slug=self-hosting-bothy");
    expect(one.status).toBe(200);
    expect(one.json.entries).toHaveLength(1);
    expect(one.json.entries[0]).toMatchObject({ type: "blog", slug: "self-hosting-bothy" });
    expect(one.json.entries[0].html).toContain(`<h2 id="with-docker">`);
  });

  test("refuses bad input with 400 and answers 404 for what does not exist, in the one error shape", async () => {
    for (const q of ["type=docs", "page=0", "page=1.5", "page=x", "tag=Not%20a%20tag", "slug=../x"]) {
      const r = await call(server.app, "GET", `/api/content?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json.error).toMatchObject({ status: 400, code: "bad-request" });
    }
    for (const q of ["slug=no-such-post", "page=9", "type=news&slug=self-hosting-bothy"]) {
      const r = await call(server.app, "GET", `/api/content?${q}`);
      expect(r.status, q).toBe(404);
      expect(r.json.error).toMatchObject({ status: 404, code: "not-found" });
    }
  });
});

describe("images and the docs search index", () => {
  test("images under content/ are served with their type; nothing else under content/ is", async () => {
    const svg = await get("/content/images/page-weight.svg");
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    for (const path of ["/content/blog/self-hosting-bothy.md", "/content/../package.json", "/content/%2e%2e/package.json", "/content/images/none.svg"]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  test("/docs/search.json holds every docs page with its headings and text", async () => {
    const r = await call(server.app, "GET", "/docs/search.json");
    expect(r.status).toBe(200);
    expect(r.json.map((e: { url: string }) => e.url)).toEqual(content.docs.map((d) => d.url));
    const metrics = r.json.find((e: { url: string }) => e.url === "/docs/metrics");
    expect(metrics.headings).toContainEqual({ id: "unique-visits", text: "Unique visits" });
    expect(metrics.text).toContain("Bounce rate = bounces ÷ unique visits");
  });
});
