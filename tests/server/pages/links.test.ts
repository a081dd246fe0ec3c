// A crawl of the site through the real server: every internal link from "/", followed through every
// page it reaches (redirects included), signed out and signed in, in beta and outside it; no link
// may answer 404, nor fail, every link's #fragment must name an id on the page it leads to, and the
// crawl must reach its end rather than stop at its page budget.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

const MAX_PAGES = 400;
/**
 * Pages whose sections the browser draws once their data arrives: their ids are not in the server's
 * HTML. NOTE: tests/e2e/dashboard.test.ts follows the dashboard's section links in Chromium.
 */
const DRAWN_IN_BROWSER = /^\/(dashboard|public)\//;
const SAME = { origin: "http://bothy.test" };

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Link = { path: string; fragment: string };

/** The page's internal links; a bare "#x" is a link to `page` itself. An empty fragment is the top. */
const linksOf = (html: string, page: string): Link[] =>
  [...html.matchAll(/href="((?:\/(?!\/)|#)[^"]*)"/g)]
    .map((m) => {
      const [path, ...rest] = m[1]!.replace(/&amp;/g, "&").split("#");
      return { path: path || page, fragment: decodeURIComponent(rest.join("#")) };
    })
    .filter((l) => !l.path.startsWith("/assets/") && l.path !== "/script.js");

const idsOf = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&")));

/**
 * Every page reachable from the seeds: path → final status after redirects, which page linked it and
 * the ids of the page it ended on; and every link with a fragment, to check once the crawl is done.
 */
async function crawl(server: Server, seeds: string[], cookie?: string) {
  // NOTE: ids is null where the fragment cannot be judged: a sign-in wall stood in front of the page.
  const seen = new Map<string, { status: number; from: string; ids: Set<string> | null }>();
  const anchors: (Link & { from: string })[] = [];
  const queue: { path: string; from: string }[] = seeds.map((path) => ({ path, from: "(start)" }));
  while (queue.length && seen.size < MAX_PAGES) {
    const { path, from } = queue.shift()!;
    if (seen.has(path)) continue;
    let res = await call(server.app, "GET", path, { cookie });
    let at = path;
    for (let hops = 0; hops < 5 && res.status >= 300 && res.status < 400; hops++) {
      at = res.headers.get("location")!;
      res = await call(server.app, "GET", at, { cookie });
    }
    const html = res.status === 200 && (res.headers.get("content-type") ?? "").includes("text/html");
    const walled = at !== path && at.startsWith("/signin");
    seen.set(path, { status: res.status, from, ids: walled ? null : html ? idsOf(res.text) : new Set() });
    if (!html) continue;
    for (const link of linksOf(res.text, path)) {
      if (link.fragment) anchors.push({ ...link, from: path });
      if (!seen.has(link.path)) queue.push({ path: link.path, from: path });
    }
  }
  const brokenAnchors = anchors
    .filter((a) => !DRAWN_IN_BROWSER.test(a.path))
    .filter((a) => { const p = seen.get(a.path); return p?.status === 200 && p.ids !== null && !p.ids.has(a.fragment); })
    .map((a) => `${a.path}#${a.fragment} (linked from ${a.from})`);
  return { pages: seen, brokenAnchors: [...new Set(brokenAnchors)] };
}

for (const beta of [true, false]) {
  describe(beta ? "in beta" : "outside beta", () => {
    let server: Server;
    let cookie: string;
    beforeAll(async () => {
      server = await startTestServer({ env: { BETA: beta ? "1" : "0" } });
      cookie = await verifiedSession(server, "crawler@example.com", "a sturdy passphrase", "Crawl Er");
      expect((await call(server.app, "POST", "/api/domains", { cookie, headers: SAME, body: { domain: "crawled.example" } })).status).toBe(201);
    });
    afterAll(() => server.stop());

    for (const signedIn of [false, true]) {
      test(`no internal link answers 404 or misses its anchor, signed ${signedIn ? "in" : "out"}`, async () => {
        // NOTE: a signed-in visitor's domain links are fetched by the browser (domain list, user
        // menu), so the crawl also starts from the dashboard they lead to.
        const seeds = signedIn ? ["/", "/dashboard/crawled.example"] : ["/"];
        const { pages, brokenAnchors } = await crawl(server, seeds, signedIn ? cookie : undefined);
        // NOTE: a crawl cut off at its budget would leave links unchecked and pass.
        expect(pages.size).toBeLessThan(MAX_PAGES);
        const broken = [...pages].filter(([, p]) => p.status === 404).map(([path, p]) => `${path} (linked from ${p.from})`);
        expect(broken).toEqual([]);
        expect(brokenAnchors).toEqual([]);
        const failing = [...pages].filter(([, p]) => p.status >= 500).map(([path, p]) => `${path}: ${p.status}`);
        expect(failing).toEqual([]);
        // The crawl reached the pages this mode links to.
        expect(pages.has(beta ? "/request" : "/pricing")).toBe(true);
        for (const path of ["/blog", "/news", "/docs", "/docs/metrics", "/blog/how-bothy-computes-carbon", "/google-vs-new"]) expect([path, pages.get(path)?.status]).toEqual([path, 200]);
        if (signedIn) for (const path of ["/dashboard/crawled.example", "/settings/profile", "/settings/api-keys"]) expect([path, pages.has(path)]).toEqual([path, true]);
      }, 120_000);
    }
  });
}
