import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { postUrl } from "../../../src/shared/post-url";
import { oembedClient, TWEET_FAILED_TTL_MS, TWEET_TTL_MS } from "../../../src/stats/tweet";

describe("postUrl", () => {
  test("posts on x.com and twitter.com become their canonical link", () => {
    expect(postUrl("https://x.com/bothy/status/123")).toBe("https://x.com/bothy/status/123");
    expect(postUrl("https://www.Twitter.com/Bothy/status/123/photo/1")).toBe("https://twitter.com/Bothy/status/123");
    expect(postUrl("http://mobile.twitter.com/a_b/statuses/9?lang=en#x")).toBe("https://twitter.com/a_b/status/9");
  });

  test("anything else is not a post", () => {
    for (const url of ["https://x.com/", "https://x.co/a/status/1", "https://x.com/a/likes", "https://x.com/this_name_is_too_long/status/1", "ftp://x.com/a/status/1"]) {
      expect(postUrl(url)).toBeNull();
    }
  });
});

const none = () => {};

describe("oembedClient cache", () => {
  let provider: ReturnType<typeof Bun.serve>;
  let calls = 0;
  beforeAll(() => {
    provider = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: (r) => {
        calls++;
        if (new URL(r.url).searchParams.get("url")!.endsWith("/500")) return new Response("broke", { status: 500 });
        return Response.json({ html: `<p>${calls}</p>`, type: "rich", version: "1.0" });
      },
    });
  });
  afterAll(() => provider.stop(true));

  test("an answer lives an hour, then the provider is asked again", async () => {
    let now = 1_000_000;
    const embed = oembedClient(`http://127.0.0.1:${provider.port}`, () => now);
    const o = { maxwidth: 250, hide_thread: true, hide_media: false, omit_script: true, dnt: true };
    const [a, b] = await Promise.all([embed("https://x.com/a/status/1", o, none), embed("https://x.com/a/status/1", o, none)]);
    expect(calls).toBe(1);
    expect(b).toEqual(a);
    now += TWEET_TTL_MS - 1;
    expect((await embed("https://x.com/a/status/1", o, none))!.html).toBe("<p>1</p>");
    now += 2;
    expect((await embed("https://x.com/a/status/1", o, none))!.html).toBe("<p>2</p>");
    // Other options are another embed.
    await embed("https://x.com/a/status/1", { ...o, maxwidth: 300 }, none);
    expect(calls).toBe(3);
  });

  test("a failure lives five minutes, then the provider is asked again; `before` runs only when it is asked", async () => {
    let now = 1_000_000;
    let before = 0;
    const embed = oembedClient(`http://127.0.0.1:${provider.port}`, () => now);
    const o = { maxwidth: 250, hide_thread: true, hide_media: false, omit_script: true, dnt: true };
    const start = calls;
    expect((await embed("https://x.com/a/status/500", o, () => before++)).html).toBeNull();
    now += TWEET_FAILED_TTL_MS - 1;
    expect((await embed("https://x.com/a/status/500", o, () => before++)).html).toBeNull();
    expect([calls - start, before]).toEqual([1, 1]);
    now += 2;
    await embed("https://x.com/a/status/500", o, () => before++);
    expect([calls - start, before]).toEqual([2, 2]);
  });
});
