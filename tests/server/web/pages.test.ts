// Pages over HTTP, in-process: status codes, the error page, redirects, guards, security headers
// and flight payloads, on a real build of the site plus the failing/guarded test pages; the site's
// word on the tracker's weight and on what the home page's demo shows.
import { describe, expect, test } from "bun:test";
import { TRACKER_SIZE } from "../../../src/shared/tracker";
import { req } from "../../helpers/server";
import { FIXTURE_SITE, webApp } from "../../helpers/web";

const app = webApp({ site: FIXTURE_SITE });
const get = (path: string, init?: RequestInit) => app.handle(req(path, init));
const text = (html: string) => html.replace(/<!-- -->/g, "");

describe("pages", () => {
  test("/ streams server-rendered HTML with the flight data inlined", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html).toStartWith("<!DOCTYPE html>");
    expect(html).toContain("Web analytics without cookies");
    // The product's own description (SPEC §1).
    expect(text(html)).toContain("GDPR and CCPA compliant · hosted in the EU · independently made · carbon-conscious");
    expect(html).toContain("__FLIGHT_DATA");
    expect(html).toContain('<link rel="canonical" href="http://bothy.test/"/>');
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/styles-[0-9a-f]+\.css"\/>/);
  });

  test("the home page's demo is a made-up website with simulated visits, never this website's real ones", async () => {
    const demo = /<section id="demo"[\s\S]*?<\/section>/.exec(text(await (await get("/")).text()))?.[0] ?? "";
    expect(demo).toContain("made-up website");
    expect(demo).toContain("The visits are simulated");
    expect(demo).not.toMatch(/real visits|this website/i);
  });

  for (const path of ["/404", "/no-such-page", "/privacy/a/b"]) {
    test(`${path} answers 404 with the not-found text`, async () => {
      const res = await get(path);
      expect(res.status).toBe(404);
      const html = text(await res.text());
      expect(html).toContain("This page could not be found.");
      expect(html).toContain("Oops! This page could not be found.");
      expect(html).toContain('<a href="/" class="font-medium');
    });
  }

  test("a shared inspector result names its own address and its card as the Open Graph image", async () => {
    const html = await (await get("/how-green-is-your-website?url=Example.com/a")).text();
    const q = `?url=${encodeURIComponent("https://example.com/a")}`;
    expect(html).toContain(`<link rel="canonical" href="http://bothy.test/how-green-is-your-website${q}"/>`);
    expect(html).toContain(`<meta property="og:image" content="http://bothy.test/api/inspect-card.png${q}"/>`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain("<title>How green is example.com? · Bothy</title>");
    // Without a URL, or with one that cannot be inspected, the page is the plain inspector: no image.
    for (const path of ["/how-green-is-your-website", `/how-green-is-your-website?url=${encodeURIComponent("a b")}`]) {
      const plain = await (await get(path)).text();
      expect(plain).toContain('<link rel="canonical" href="http://bothy.test/how-green-is-your-website"/>');
      expect(plain).not.toContain("og:image");
    }
  });

  test("/404 switches our own tracking off, / leaves it on", async () => {
    expect(await (await get("/404")).text()).toContain('data-tracking="off"');
    expect(await (await get("/")).text()).toContain('data-tracking="on"');
  });

  test("an error thrown in a page answers 500 with the error page, hiding its message", async () => {
    const res = await get("/boom");
    expect(res.status).toBe(500);
    const html = text(await res.text());
    expect(html).toContain(">500</p>");
    expect(html).toContain("Oops! Something went wrong on our side.");
    expect(html).toContain("Go back home");
    expect(html).not.toContain("kaboom");
  });

  test("an error deep inside a page (after the page function returned) also answers 500", async () => {
    const res = await get("/boom-deep");
    expect(res.status).toBe(500);
    expect(text(await res.text())).toContain("Oops! Something went wrong on our side.");
  });

  test("statusCode and response.status choose the status and keep the message", async () => {
    const teapot = await get("/teapot");
    expect(teapot.status).toBe(418);
    expect(text(await teapot.text())).toContain("Oops! I am a teapot.");
    const gone = await get("/gone");
    expect(gone.status).toBe(410);
    // A plain object thrown (not an Error) shows its message, never "[object Object]".
    const html = text(await gone.text());
    expect(html).toContain("Oops! gone.");
    expect(html).not.toContain("[object Object]");
  });

  test("when the error page itself fails, the fallback text and link home are shown", async () => {
    const res = await get("/unavailable");
    expect(res.status).toBe(451);
    const html = await res.text();
    expect(html).toContain("An error occurred while showing the error page");
    expect(html).toContain('<a href="/">Go back home</a>');
  });

  test("an unknown guard name is a 500", async () => {
    const res = await get("/bad-guard");
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain("never");
  });

  test("route params and the query reach the page", async () => {
    expect(text(await (await get("/hello/ada%20l?x=42")).text())).toContain("hello ada l 42");
  });
});

describe("redirects", () => {
  const cases: [string, number, string][] = [
    ["/inspect", 302, "/how-green-is-your-website"],
    ["/inspect?url=example.com", 302, "/how-green-is-your-website?url=example.com"],
    ["/google-analytics-vs-cabin", 301, "/google-analytics-vs-bothy"],
  ];
  for (const [from, status, to] of cases) {
    test(`${from} → ${to} (${status})`, async () => {
      const res = await get(from);
      expect(res.status).toBe(status);
      expect(res.headers.get("location")).toBe(to);
    });
  }
  test("the comparison page itself renders", async () => {
    expect(await (await get("/google-analytics-vs-bothy")).text()).toContain("Google Analytics vs Bothy");
  });
  test("/google-vs-new is a page of its own: every tool, each with its sources", async () => {
    const res = await get("/google-vs-new");
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const tool of ["Google Analytics 4", "Plausible", "Umami", "Fathom", "Simple Analytics", "Cabin", "Bothy"]) {
      expect(html).toContain(`>${tool}</h2>`);
    }
    const outbound = [...html.matchAll(/<a href="(https:[^"]+)"/g)].map((m) => new URL(m[1]!).hostname);
    expect(new Set(outbound)).toEqual(
      new Set(["support.google.com", "www.cnil.fr", "developers.google.com", "plausible.io", "umami.is", "usefathom.com", "docs.simpleanalytics.com", "withcabin.com"]),
    );
  });
});

describe("guards with nobody signed in", () => {
  test("no page calls the tracker 'a few kilobytes'; those that weigh it give the measured budget", async () => {
    const pages = ["/", "/install", "/google-analytics-vs-bothy", "/google-vs-new", "/docs/install", "/docs/faq", "/blog/what-page-weight-costs", "/news/analytics-core"];
    for (const path of pages) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      const html = text(await res.text());
      expect({ path, few: /few kilobytes/i.test(html), says: html.toLowerCase().includes(TRACKER_SIZE) }).toEqual({ path, few: false, says: true });
    }
  });

  test("a protected page sends to /signin, remembering the safe path", async () => {
    const res = await get("/members?tab=2");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/signin?redirect=%2Fmembers%3Ftab%3D2");
  });
  test("a guest page renders", async () => expect((await get("/guests")).status).toBe(200));
  test("a page hidden in beta gives way to the request page (beta is the default)", async () => {
    const res = await get("/beta-hidden");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/request");
  });
  test("…and exists when BETA=0", async () => {
    const noBeta = webApp({ site: FIXTURE_SITE, env: { BETA: "0" } });
    expect((await noBeta.handle(req("/beta-hidden"))).status).toBe(200);
    // The header shows Pricing outside beta only.
    expect(await (await noBeta.handle(req("/"))).text()).toContain('href="/pricing"');
    expect(await (await get("/")).text()).not.toContain('href="/pricing"');
  });
});

describe("guards with a signed-in user (the currentUser provider)", () => {
  const signedIn = (verified: boolean) =>
    webApp({ site: FIXTURE_SITE, currentUser: async () => ({ uid: "u1", name: "Ada", verified, scope: [] }) });
  test("a guest page sends to /settings", async () => {
    const res = await signedIn(true).handle(req("/guests"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/settings");
  });
  test("an unverified user is sent from /settings to /verify", async () => {
    const res = await signedIn(false).handle(req("/settings/profile"));
    expect(res.headers.get("location")).toBe("/verify");
  });
  test("a protected page renders", async () => {
    expect(text(await (await signedIn(true).handle(req("/members"))).text())).toContain("members only");
  });
});

describe("security headers", () => {
  test("every page has a CSP whose nonce is on every inline script, and changes per response", async () => {
    const nonces = new Set<string>();
    for (const path of ["/", "/privacy", "/no-such-page"]) {
      const res = await get(path);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).toContain("frame-ancestors 'none'");
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      nonces.add(nonce);
      const html = await res.text();
      const scripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(1); // the shim and at least one flight chunk
      for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);
      expect(html).not.toMatch(/\sstyle="/); // style-src 'self' would block inline style attributes
    }
    expect(nonces.size).toBe(3);
  });
});

describe("flight payloads for client navigation", () => {
  test("/__rsc/<path> answers the page as text/x-component", async () => {
    const res = await get("/__rsc/privacy");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/x-component");
    expect(await res.text()).toContain("Privacy policy");
  });
  test("a redirect is told in a header, not followed", async () => {
    const res = await get("/__rsc/members");
    expect(res.status).toBe(204);
    expect(res.headers.get("x-redirect")).toBe("/signin?redirect=%2Fmembers");
    expect((await get("/__rsc/inspect")).headers.get("x-redirect")).toBe("/how-green-is-your-website");
  });
  test("an unknown path carries the 404 page and status", async () => {
    const res = await get("/__rsc/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("This page could not be found");
  });
});

describe("assets", () => {
  test("hashed assets are served gzip-compressed and cached forever; unknown ones are 404", async () => {
    const html = await (await get("/")).text();
    const css = /href="(\/assets\/styles-[^"]+)"/.exec(html)![1]!;
    const res = await get(css, { headers: { "accept-encoding": "gzip, br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect((await get("/assets/nope.js")).status).toBe(404);
    // A name longer than the file system allows is as unknown (it was a 500: ENAMETOOLONG).
    expect((await get(`/assets/${"x".repeat(5000)}`)).status).toBe(404);
    expect((await get(`/assets/${encodeURIComponent("😀".repeat(70))}`)).status).toBe(404);
    expect((await get("/assets/../manifest.json")).status).toBe(404);
  });
  test("other namespaces keep the JSON 404", async () => {
    const res = await get("/api/nothing");
    expect(res.status).toBe(404);
    expect((await res.json()).error.status).toBe(404);
  });
});
