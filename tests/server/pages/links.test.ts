// A crawl of the site through the real server: every internal link from "/", followed through every
// page it reaches (redirects included), signed out and signed in, in beta and outside it; no link
// may answer 404, nor fail, and the crawl must reach its end rather than stop at its page budget.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

const MAX_PAGES = 400;
const SAME = { origin: "http://bothy.test" };

type Server = Awaited<ReturnType<typeof startTestServer>>;

const linksOf = (html: string): string[] =>
  [...html.matchAll(/href="(\/(?!\/)[^"]*)"/g)]
    .map((m) => m[1]!.replace(/&amp;/g, "&").split("#")[0]!)
    .filter((href) => href !== "" && !href.startsWith("/assets/") && href !== "/script.js");

/** Every page reachable from the seeds: path → final status after redirects, and which page linked it. */
async function crawl(server: Server, seeds: string[], cookie?: string) {
  const seen = new Map<string, { status: number; from: string }>();
  const queue: { path: string; from: string }[] = seeds.map((path) => ({ path, from: "(start)" }));
  while (queue.length && seen.size < MAX_PAGES) {
    const { path, from } = queue.shift()!;
    if (seen.has(path)) continue;
    let res = await call(server.app, "GET", path, { cookie });
    for (let hops = 0; hops < 5 && res.status >= 300 && res.status < 400; hops++) {
      res = await call(server.app, "GET", res.headers.get("location")!, { cookie });
    }
    seen.set(path, { status: res.status, from });
    if (res.status === 200 && (res.headers.get("content-type") ?? "").includes("text/html")) {
      for (const href of linksOf(res.text)) if (!seen.has(href)) queue.push({ path: href, from: path });
    }
  }
  return seen;
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
      test(`no internal link answers 404, signed ${signedIn ? "in" : "out"}`, async () => {
        // NOTE: a signed-in visitor's domain links are fetched by the browser (domain list, user
        // menu), so the crawl also starts from the dashboard they lead to.
        const seeds = signedIn ? ["/", "/dashboard/crawled.example"] : ["/"];
        const pages = await crawl(server, seeds, signedIn ? cookie : undefined);
        // NOTE: a crawl cut off at its budget would leave links unchecked and pass.
        expect(pages.size).toBeLessThan(MAX_PAGES);
        const broken = [...pages].filter(([, p]) => p.status === 404).map(([path, p]) => `${path} (linked from ${p.from})`);
        expect(broken).toEqual([]);
        const failing = [...pages].filter(([, p]) => p.status >= 500).map(([path, p]) => `${path}: ${p.status}`);
        expect(failing).toEqual([]);
        // The crawl reached the pages this mode links to.
        expect(pages.has(beta ? "/request" : "/pricing")).toBe(true);
        if (signedIn) for (const path of ["/dashboard/crawled.example", "/settings/profile", "/settings/api-keys"]) expect([path, pages.has(path)]).toEqual([path, true]);
      }, 120_000);
    }
  });
}
