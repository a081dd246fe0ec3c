// GET /api/get-tweet against a local oEmbed provider on loopback (real HTTP, the oEmbed JSON of
// publish.twitter.com): posts only defaults passed on, answers cached, failures as 502 and cached for
// a shorter time, and the named limit `outbound` taken before the provider is asked.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { LIMITS } from "../../../src/http/limits";
import { call } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
let provider: ReturnType<typeof Bun.serve>;
const asked: URLSearchParams[] = [];

beforeAll(async () => {
  provider = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const url = new URL(request.url);
      if (url.pathname !== "/oembed") return new Response("not found", { status: 404 });
      asked.push(url.searchParams);
      const post = url.searchParams.get("url") ?? "";
      if (post.endsWith("/404")) return Response.json({ error: "Not Found" }, { status: 404 });
      if (post.endsWith("/500")) return new Response("upstream broke", { status: 500 });
      if (post.endsWith("/999")) return new Response("<html>not json</html>", { headers: { "content-type": "text/html" } });
      return Response.json({
        url: post,
        author_name: "Bothy",
        author_url: "https://twitter.com/bothy",
        html: `<blockquote class="twitter-tweet"><p>Post ${post.split("/").pop()}</p></blockquote>`,
        width: Number(url.searchParams.get("maxwidth")),
        height: null,
        type: "rich",
        cache_age: "3153600000",
        provider_name: "Twitter",
        provider_url: "https://twitter.com",
        version: "1.0",
      });
    },
  });
  server = await startTestServer({ env: { OEMBED_API_BASE: `http://127.0.0.1:${provider.port}` } });
});
afterAll(async () => {
  await server.stop();
  provider.stop(true);
});

const getTweet = (query: string) => call(server.app, "GET", `/api/get-tweet?${query}`);

describe("GET /api/get-tweet", () => {
  test("a post's embed comes back as {html, url, error}, asked with the embed defaults", async () => {
    const res = await getTweet(`url=${encodeURIComponent("https://x.com/bothy/status/1234?s=20")}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      html: '<blockquote class="twitter-tweet"><p>Post 1234</p></blockquote>',
      url: "https://x.com/bothy/status/1234",
      error: null,
    });
    const q = asked.at(-1)!;
    expect(Object.fromEntries(q)).toEqual({
      url: "https://x.com/bothy/status/1234", maxwidth: "250", hide_thread: "true", hide_media: "false", omit_script: "true", dnt: "true",
    });
  });

  test("the caller's options are passed on", async () => {
    const res = await getTweet(`url=${encodeURIComponent("https://twitter.com/bothy/status/77")}&maxwidth=400&hide_thread=false&hide_media=true&omit_script=false&dnt=false`);
    expect(res.status).toBe(200);
    expect(Object.fromEntries(asked.at(-1)!)).toMatchObject({ maxwidth: "400", hide_thread: "false", hide_media: "true", omit_script: "false", dnt: "false" });
  });

  test("an answer is served from memory the second time", async () => {
    const url = encodeURIComponent("https://mobile.twitter.com/someone/statuses/555");
    const before = asked.length;
    const first = await getTweet(`url=${url}`);
    const second = await getTweet(`url=${url}`);
    expect(second.json).toEqual(first.json);
    expect(first.json.url).toBe("https://twitter.com/someone/status/555");
    expect(asked.length).toBe(before + 1);
  });

  test("links that are not public posts answer 400 and never reach the provider", async () => {
    const before = asked.length;
    for (const url of [
      "https://example.com/bothy/status/1",
      "https://x.com/bothy",
      "https://x.com.evil.example/bothy/status/1",
      "javascript:alert(1)",
      "https://x.com/bothy/status/abc",
      "http://127.0.0.1/oembed",
    ]) {
      const res = await getTweet(`url=${encodeURIComponent(url)}`);
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe("url must be a link to a public post on x.com or twitter.com.");
    }
    expect((await getTweet("maxwidth=250")).status).toBe(400);
    expect((await getTweet(`url=${encodeURIComponent("https://x.com/a/status/1")}&maxwidth=5000`)).status).toBe(400);
    expect((await getTweet(`url=${encodeURIComponent("https://x.com/a/status/1")}&dnt=perhaps`)).status).toBe(400);
    expect(asked.length).toBe(before);
  });

  test("a provider failure answers 502 with {error, html: null, url}, and is kept: the provider is asked once", async () => {
    for (const id of ["404", "500", "999"]) {
      const url = `https://x.com/bothy/status/${id}`;
      const before = asked.length;
      for (let i = 0; i < 3; i++) {
        const res = await getTweet(`url=${encodeURIComponent(url)}`);
        expect(res.status).toBe(502);
        expect(res.json).toEqual({ html: null, url, error: "The post could not be loaded from the provider." });
      }
      expect({ id, asked: asked.length - before }).toEqual({ id, asked: 1 });
    }
  });

  test("past the outbound limit a new post is a 429 with Retry-After and never reaches the provider", async () => {
    let res = await getTweet(`url=${encodeURIComponent("https://x.com/many/status/1000")}`);
    let before = asked.length;
    for (let id = 1001; res.status === 200 && id < 1000 + 2 * LIMITS.outbound.client.per; id++) {
      before = asked.length;
      res = await getTweet(`url=${encodeURIComponent(`https://x.com/many/status/${id}`)}`);
    }
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(asked.length).toBe(before);
    // A post already kept is answered still: it asks nobody.
    expect((await getTweet(`url=${encodeURIComponent("https://x.com/many/status/1000")}`)).status).toBe(200);
  });

  test("an unreachable provider is a 502 too", async () => {
    const down = await startTestServer({ env: { OEMBED_API_BASE: "http://127.0.0.1:9" } });
    try {
      const res = await call(down.app, "GET", `/api/get-tweet?url=${encodeURIComponent("https://x.com/a/status/1")}`);
      expect(res.status).toBe(502);
      expect(res.json.html).toBeNull();
    } finally {
      await down.stop();
    }
  });
});
