// GET /api/link: the dashboard's way out to an external link ("//{referrer}" for referrers): its own
// clicks are redirected without a Referer; anyone else's request gets a page naming the target.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { call } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const SAME = { "sec-fetch-site": "same-origin" };

test("a referrer as //host is followed over https, without a Referer", async () => {
  const res = await call(server.app, "GET", `/api/link?url=${encodeURIComponent("//news.ycombinator.com")}`, { headers: SAME });
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("https://news.ycombinator.com/");
  expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  const full = await call(server.app, "GET", `/api/link?url=${encodeURIComponent("http://blog.example/post?a=1")}`, { headers: SAME });
  expect(full.headers.get("location")).toBe("http://blog.example/post?a=1");
});

test("a link opened from elsewhere is not redirected: a page names it", async () => {
  const res = await call(server.app, "GET", `/api/link?url=${encodeURIComponent("https://evil.example/login")}`, { headers: { "sec-fetch-site": "cross-site" } });
  expect(res.status).toBe(200);
  expect(res.headers.get("location")).toBeNull();
  expect(res.text).toContain('<a href="https://evil.example/login" rel="noopener noreferrer nofollow">');
});

test("anything but an http(s) link is a 400 in the one error shape", async () => {
  for (const url of ["javascript:alert(1)", "//localhost", "ftp://files.example/x", "https://user:pw@site.example/", "not a url"]) {
    const res = await call(server.app, "GET", `/api/link?url=${encodeURIComponent(url)}`, { headers: SAME });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ status: 400, message: "url must be an http(s) link or //host." });
  }
  expect((await call(server.app, "GET", "/api/link", { headers: SAME })).status).toBe(400);
});
