// The tweet wall: each post loads through GET /api/get-tweet (served
// here by a loopback Bun.serve that plays the oEmbed proxy), says "One moment..." meanwhile,
// shows the embed without its script, and hides itself when the proxy fails; all failed, a message.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { render, screen, waitFor } from "@testing-library/react";
import { MAX_TWEETS, TweetWall } from "../../../../components/dashboard/widgets/TweetWall";

const BunResponse = (globalThis as unknown as { BunResponse: typeof Response }).BunResponse;
const seen: URLSearchParams[] = [];
let release: () => void = () => {};
const gate = new Promise<void>((r) => (release = r));

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(req) {
    const q = new URL(req.url).searchParams;
    seen.push(q);
    await gate;
    const url = q.get("url")!;
    if (url.endsWith("/404")) return BunResponse.json({ html: null, url, error: "not found" });
    if (url.endsWith("/502")) return new BunResponse("bad gateway", { status: 502 });
    const html = `<blockquote class="twitter-tweet"><p lang="en">Loving this <a href="https://example.com/x" onclick="steal()">site</a></p>&mdash; Ada <img src=x onerror="steal()"></blockquote><script async src="https://platform.example/widgets.js"></script>`;
    return BunResponse.json({ html, url, error: null });
  },
});

beforeAll(() => {
  // Relative fetches of the component resolve against the page URL: point it at the fake proxy.
  (globalThis as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(`http://127.0.0.1:${server.port}/dashboard/example.com`);
});
afterAll(() => server.stop(true));

describe("TweetWall", () => {
  test("loads each post through the proxy, hides failures and tells the parent", async () => {
    const failed: string[] = [];
    const tweets = [
      { u: "https://x.com/ada/status/1", visits: [12, "visits"] as [number, "visits"] },
      { u: "https://x.com/bob/status/404", visits: [1, "visit"] as [number, "visit"] },
      { u: "https://x.com/eve/status/502", visits: [3, "visits"] as [number, "visits"] },
    ];
    render(<TweetWall tweets={tweets} onFail={(u) => failed.push(u)} />);
    expect(screen.getAllByText("One moment...")).toHaveLength(3);
    expect(screen.getByText("1 visit")).toBeTruthy();
    release();
    await waitFor(() => expect(screen.getAllByTestId("tweet")).toHaveLength(1), { timeout: 5000 });
    expect(screen.queryByText("One moment...")).toBeNull();
    const post = screen.getByTestId("tweet");
    expect(post.textContent).toContain("Loving this site");
    expect(post.textContent).toContain("12 visits");
    // Rebuilt from an allowlist: no script, no handler, no image; the link kept and made safe.
    expect(post.querySelector("script, img, [onclick], [onerror]")).toBeNull();
    expect(post.querySelector('a[href="https://example.com/x"]')?.getAttribute("rel")).toContain("noopener");
    expect(failed.sort()).toEqual(["https://x.com/bob/status/404", "https://x.com/eve/status/502"]);
    const q = seen.find((s) => s.get("url") === tweets[0]!.u)!;
    expect(Object.fromEntries(q)).toMatchObject({ maxwidth: "250", hide_thread: "true", hide_media: "false", omit_script: "true", dnt: "true" });
  });

  test("at most 25 posts in a 500 px wall", async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ u: `https://x.com/a/status/${i}`, visits: [1, "visit"] as [number, "visit"] }));
    render(<TweetWall tweets={many} />);
    expect(screen.getAllByTestId("tweet")).toHaveLength(MAX_TWEETS);
    expect(screen.getByTestId("tweet-wall").className).toContain("h-[500px]");
    // Let every load finish, so none is cut off when the server stops.
    await waitFor(() => expect(screen.queryByText("One moment...")).toBeNull(), { timeout: 5000 });
    expect(seen.filter((q) => q.get("url")!.startsWith("https://x.com/a/status/")).length).toBe(MAX_TWEETS);
  });

  test("a post on another network is a link to it, and the proxy is not asked", async () => {
    const u = "https://mastodon.social/@bothy/113500000000000002";
    const before = seen.length;
    render(<TweetWall tweets={[{ u, visits: [2, "visits"] }]} />);
    const link = await screen.findByRole("link", { name: "/@bothy/113500000000000002" });
    expect(link.getAttribute("href")).toBe(u);
    expect(link.closest("p")?.textContent).toContain("A post on mastodon.social");
    expect(seen.slice(before).some((q) => q.get("url") === u)).toBe(false);
  });

  test("when every post fails, the wall says so instead of staying an empty box", async () => {
    render(<TweetWall tweets={[{ u: "https://x.com/bob/status/404", visits: [1, "visit"] }, { u: "https://x.com/eve/status/502", visits: [2, "visits"] }]} />);
    await waitFor(() => expect(screen.getByText("Posts linked to this site in this range, but none of them could be shown.")).toBeTruthy(), { timeout: 5000 });
    expect(screen.queryByTestId("tweet-wall")).toBeNull();
  });
});
