// An inspection stores the site's carbon.txt claims beside the green-hosting verdict: the job runner
// reads {origin}/carbon.txt through the same SSRF guard as the page. The site is a loopback server
// under a ".invalid" name mapped to 127.0.0.1: nothing leaves loopback.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mappedResolver } from "../../../src/inspect/guard";
import { databaseJobs } from "../../../src/inspect/jobs";
import { jobRunner } from "../../../src/inspect/service";
import { claim, enqueue, type Detail } from "../../../src/inspect/store";
import { testBrowserHost } from "../../helpers/browser";
import { startTestServer } from "../../helpers/server";

const CARBON_TXT = `version = "0.4"
[org]
disclosures = [{ doc_type = "web-page", url = "https://claims.invalid/green", valid_until = "2027-06-30" }]
[upstream]
services = [{ domain = "hoster.invalid", service_type = "shared-hosting" }]
`;

let server: Awaited<ReturnType<typeof startTestServer>>;
let site: ReturnType<typeof Bun.serve>;
const browser = testBrowserHost();
beforeAll(async () => {
  server = await startTestServer({ env: { INSPECT_CONCURRENCY: "0" } });
  site = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req) => {
      const { pathname } = new URL(req.url);
      if (pathname === "/carbon.txt" && req.headers.get("host")?.startsWith("claims.invalid")) return new Response(CARBON_TXT);
      if (pathname === "/") return new Response("<!doctype html><title>Claims</title><p>hello</p>", { headers: { "content-type": "text/html" } });
      return new Response("not found", { status: 404 });
    },
  });
});
afterAll(async () => {
  await browser.close();
  site.stop(true);
  await server.stop();
});

const HOSTS = ["claims.invalid", "plain.invalid"];
const inspect = async (host: string): Promise<Detail> => {
  const sql = server.db.sql;
  await enqueue(sql, `http://${host}:${site.port}/`);
  const job = (await claim(sql, 60_000))!;
  const run = jobRunner({
    jobs: databaseJobs(sql), browser, greencheck: async () => ({ green: true, hostedBy: "Hoster" }),
    guard: { resolve: mappedResolver(new Map(HOSTS.map((h) => [h, "127.0.0.1"])), async () => []), allow: HOSTS },
    limits: { timeoutMs: 30_000, quietMs: 300, maxBytes: 1e7, maxRequests: 100 },
  });
  await run(job);
  const [row] = await sql<{ status: string; detail: Detail }[]>`SELECT status, detail FROM inspections WHERE id = ${job.id}`;
  expect(row!.status).toBe("done");
  return row!.detail;
};

test("the result holds the site's carbon.txt claims beside the green verdict", async () => {
  const detail = await inspect("claims.invalid");
  expect(detail.green).toBe("Hoster");
  expect(detail.carbonTxt).toEqual({
    status: "found",
    url: `http://claims.invalid:${site.port}/carbon.txt`,
    version: "0.4",
    disclosures: [{ docType: "web-page", url: "https://claims.invalid/green", domain: null, validUntil: "2027-06-30" }],
    services: [{ domain: "hoster.invalid", serviceType: "shared-hosting" }],
  });
});

test("a site without one is stored as none", async () => {
  expect((await inspect("plain.invalid")).carbonTxt).toEqual({ status: "none" });
});

test("GET /api/carbon-txt answers a page's stored claims, nothing for a page never inspected, 400 for a bad URL", async () => {
  const ask = async (url: string) => {
    const res = await server.app.handle(new Request(`http://bothy.test/api/carbon-txt?url=${encodeURIComponent(url)}`));
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const claims = await ask(`http://claims.invalid:${site.port}/`);
  expect(claims.status).toBe(200);
  expect(claims.body.carbonTxt).toMatchObject({ status: "found", disclosures: [{ docType: "web-page" }] });
  expect(typeof claims.body.checkedAt).toBe("string");
  expect(await ask("https://never.invalid/")).toEqual({ status: 200, body: { url: "https://never.invalid/", checkedAt: null, carbonTxt: null } });
  const bad = await ask("not a url at all");
  expect(bad.status).toBe(400);
  expect(bad.body).toHaveProperty("error.message");
});
