import { describe, expect, test } from "bun:test";
import { DEMO_OFFSET_PX, DEMO_RETRIES, scrollToDemo } from "../../../components/site/live-demo";
import { navHidden } from "../../../components/site/links";
import { chunkReloadAllowed, policyChanges, prefetchAllowed, routableUrl } from "../../../src/web/client/policies";

describe("prefetchAllowed", () => {
  test("online on a fast connection", () => expect(prefetchAllowed({ onLine: true, connection: { effectiveType: "4g" } })).toBe(true));
  test("not offline", () => expect(prefetchAllowed({ onLine: false })).toBe(false));
  test("not on 2g or slow-2g", () => {
    expect(prefetchAllowed({ onLine: true, connection: { effectiveType: "2g" } })).toBe(false);
    expect(prefetchAllowed({ onLine: true, connection: { effectiveType: "slow-2g" } })).toBe(false);
  });
  test("not in data-saver mode", () => expect(prefetchAllowed({ onLine: true, connection: { saveData: true, effectiveType: "4g" } })).toBe(false));
});

describe("chunkReloadAllowed", () => {
  test("the first failure reloads", () => expect(chunkReloadAllowed(1_000_000, null)).toBe(true));
  test("not again within 60 s", () => expect(chunkReloadAllowed(1_059_999, 1_000_000)).toBe(false));
  test("again after 60 s", () => expect(chunkReloadAllowed(1_060_000, 1_000_000)).toBe(true));
});

describe("routableUrl", () => {
  const here = { href: "https://bothy.test/privacy", origin: "https://bothy.test" };
  const link = (href: string, attrs: Record<string, string> = {}) => ({ href, target: attrs.target, hasAttribute: (n: string) => n in attrs });
  test("same-origin pages are routed", () => expect(routableUrl(link("https://bothy.test/terms"), here)?.pathname).toBe("/terms"));
  test("other origins, new tabs, downloads and non-pages are left to the browser", () => {
    expect(routableUrl(link("https://evil.test/terms"), here)).toBeNull();
    expect(routableUrl(link("https://bothy.test/terms", { target: "_blank" }), here)).toBeNull();
    expect(routableUrl(link("https://bothy.test/export.csv", { download: "" }), here)).toBeNull();
    expect(routableUrl(link("https://bothy.test/api/stats"), here)).toBeNull();
    expect(routableUrl(link("https://bothy.test/assets/x.js"), here)).toBeNull();
  });
  test("an anchor on the same page is left to the browser, on another page it is routed", () => {
    expect(routableUrl(link("https://bothy.test/privacy#rights"), here)).toBeNull();
    expect(routableUrl(link("https://bothy.test/#demo"), here)?.hash).toBe("#demo");
  });
});

describe("navHidden", () => {
  test("hidden under /settings, /dashboard, /verify", () => {
    for (const p of ["/settings", "/settings/domains", "/dashboard/example.com", "/verify"]) expect(navHidden(p)).toBe(true);
    for (const p of ["/", "/settingsx", "/privacy"]) expect(navHidden(p)).toBe(false);
  });
});

describe("scrollToDemo", () => {
  const section = (top: number) => ({ getBoundingClientRect: () => ({ top }) }) as Element;
  test("goes home first, retries until the section appears, scrolls 65 px above it", async () => {
    const calls: string[] = [];
    let path = "/privacy";
    let attempts = 0;
    const ok = await scrollToDemo({
      pathname: () => path,
      goHome: async () => void (calls.push("home"), (path = "/")),
      find: () => (++attempts < 4 ? null : section(500)),
      scrollTo: (top) => void calls.push(`scroll ${top}`),
      scrollY: () => 100,
      wait: async (ms) => void calls.push(`wait ${ms}`),
    });
    expect(ok).toBe(true);
    expect(calls).toEqual(["home", "wait 100", "wait 100", "wait 100", `scroll ${500 + 100 - DEMO_OFFSET_PX}`]);
  });
  test("gives up after 10 retries", async () => {
    let waits = 0;
    const ok = await scrollToDemo({ pathname: () => "/", goHome: async () => {}, find: () => null, scrollTo: () => {}, scrollY: () => 0, wait: async () => void waits++ });
    expect(ok).toBe(false);
    expect(waits).toBe(DEMO_RETRIES);
  });
});

describe("policyChanges", () => {
  test("entering or leaving the page that loads Stripe.js needs a document load", () => {
    expect(policyChanges("/settings/domains", "/settings/profile")).toBe(true);
    expect(policyChanges("/settings/profile", "/dashboard/a.example")).toBe(true);
  });
  test("other moves stay client-side", () => {
    expect(policyChanges("/settings/domains", "/settings/api-keys")).toBe(false);
    expect(policyChanges("/settings/profile", "/settings/profile")).toBe(false);
  });
});
