// A referrer row's outbound links: through /api/link, and a social network's search for the domain.
import { describe, expect, test } from "bun:test";
import { followLink, socialSearch } from "../../../../components/dashboard/social-search";

describe("referrer links", () => {
  test("external links go through /api/link, a referrer as //host", () => {
    expect(followLink("//news.ycombinator.com")).toBe("/api/link?url=%2F%2Fnews.ycombinator.com");
  });

  test("a social network's row searches it for the domain; other referrers have no search", () => {
    expect(socialSearch("t.co", "shop.example")).toBe(followLink("https://x.com/search?q=shop.example&f=live"));
    expect(socialSearch("news.ycombinator.com", "shop.example")).toBe(followLink("https://hn.algolia.com/?query=shop.example"));
    expect(socialSearch("old.reddit.com", "a b.example")).toBe(followLink("https://www.reddit.com/search/?q=a%20b.example"));
    expect(socialSearch("google.com", "shop.example")).toBeNull();
  });
});
