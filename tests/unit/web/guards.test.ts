import { describe, expect, test } from "bun:test";
import { checkGuards, isSafeRedirect, signinLocation, trackingAllowed, type GuardInput, type Guards, type SessionUser } from "../../../src/web/guards";
import { HttpError } from "../../../src/http/errors";

const user = (over: Partial<SessionUser> = {}): SessionUser => ({ uid: "u1", name: "Ada", verified: true, scope: [], ...over });
const at = (pathname: string, over: Partial<GuardInput> = {}): GuardInput => ({ pathname, search: "", user: null, beta: false, ...over });

describe("isSafeRedirect", () => {
  for (const ok of ["/dashboard/example.com?x=1#a", "/", "/settings/domains", "/dashboard/my-site.org", "/a_b~c@d%20e", "/x?redirect=%2Fy&b=2"]) {
    test(`accepts ${ok}`, () => expect(isSafeRedirect(ok)).toBe(true));
  }
  for (const bad of ["//evil.com", "https://evil.com", "/\\evil", "javascript:alert(1)", "evil.com", "", "/a b", "/../etc", "/x\n", "/dash<script>"]) {
    test(`refuses ${JSON.stringify(bad)}`, () => expect(isSafeRedirect(bad)).toBe(false));
  }
});

describe("checkGuards", () => {
  const render = { kind: "render", tracking: true };
  const cases: [string, Guards, GuardInput, unknown][] = [
    ["auth false is open to nobody", { auth: false }, at("/privacy"), render],
    ["auth false is open to a user", { auth: false }, at("/privacy", { user: user() }), render],
    ["guest page, signed out: renders", { auth: "guest" }, at("/signin"), render],
    ["guest page, signed in: /settings", { auth: "guest" }, at("/signin", { user: user() }), { kind: "redirect", location: "/settings" }],
    ["protected, signed out: /signin remembering the path", { auth: true }, at("/dashboard/example.com", { search: "?x=1" }), { kind: "redirect", location: "/signin?redirect=%2Fdashboard%2Fexample.com%3Fx%3D1" }],
    ["protected, signed in: renders", { auth: true }, at("/install", { user: user() }), render],
    ["unverified user on /settings: /verify", { auth: true, verified: true }, at("/settings/domains", { user: user({ verified: false }) }), { kind: "redirect", location: "/verify" }],
    ["unverified user on /verify: renders", { auth: true, verified: true }, at("/verify", { user: user({ verified: false }) }), { kind: "render", tracking: false }],
    ["verified user on /verify: /settings/domains", { auth: true, verified: true }, at("/verify", { user: user() }), { kind: "redirect", location: "/settings/domains" }],
    ["verified user on /settings: renders, untracked", { auth: true, verified: true }, at("/settings", { user: user() }), { kind: "render", tracking: false }],
    ["admin area without admin scope: /signin", { auth: true, admin: true }, at("/admin/users", { user: user({ scope: ["pro"] }) }), { kind: "redirect", location: "/signin" }],
    [
      "admin area for an admin whose two-factor sign-in is due (REQUIRE_ADMIN_2FA): the security page",
      { auth: true, admin: true },
      at("/admin/users", { user: user({ scope: [], twoFactorDue: true }) }),
      { kind: "redirect", location: "/settings/security?required" },
    ],
    ["admin area signed out: /signin", { auth: false, admin: true }, at("/admin"), { kind: "redirect", location: "/signin" }],
    ["admin area with admin scope: renders", { auth: true, admin: true }, at("/admin/users", { user: user({ scope: ["admin"] }) }), { kind: "render", tracking: false }],
    ["pricing in beta: the request page", { auth: false, beta: "hidden" }, at("/pricing", { beta: true }), { kind: "redirect", location: "/request" }],
    ["pricing outside beta: renders", { auth: false, beta: "hidden" }, at("/pricing"), render],
    ["request outside beta: home", { auth: false, beta: "only" }, at("/request"), { kind: "redirect", location: "/" }],
    ["request in beta: renders", { auth: false, beta: "only" }, at("/request", { beta: true }), render],
  ];
  for (const [name, guards, input, want] of cases) test(name, () => expect(checkGuards(guards, input)).toEqual(want as never));

  test("an unknown guard name is a 500", () => {
    let error: unknown;
    try {
      checkGuards({ auth: false, cabin: true } as unknown as Guards, at("/"));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(500);
    expect((error as HttpError).message).toBe('Unknown route guard "cabin"');
  });

  test("an unsafe path is not remembered", () => {
    expect(signinLocation("//evil.com", "")).toBe("/signin");
    expect(signinLocation("/settings", "?tab=1")).toBe("/signin?redirect=%2Fsettings%3Ftab%3D1");
  });
});

describe("tracking switch-off", () => {
  for (const path of ["/admin", "/admin/users", "/pricing-update", "/pricing-update2", "/reset", "/verify", "/settings/password", "/404"]) {
    test(`off under ${path}`, () => expect(trackingAllowed({ auth: false }, path, "")).toBe(false));
  }
  // Their paths name customers' domains and public ids.
  for (const path of ["/dashboard", "/dashboard/example.com", "/dashboard/example.com/settings", "/public/0123abcd", "/settings", "/settings/domains"]) {
    test(`off under ${path}`, () => expect(trackingAllowed({ auth: false }, path, "")).toBe(false));
  }
  test("on elsewhere, prefixes matched by whole segments", () => {
    expect(trackingAllowed({ auth: false }, "/", "")).toBe(true);
    expect(trackingAllowed({ auth: false }, "/install", "")).toBe(true);
    expect(trackingAllowed({ auth: false }, "/publications", "")).toBe(true);
  });
  test('"off-with-query" only when a query is present', () => {
    expect(trackingAllowed({ auth: false, tracking: "off-with-query" }, "/signup", "")).toBe(true);
    expect(trackingAllowed({ auth: false, tracking: "off-with-query" }, "/signup", "?ref=x")).toBe(false);
  });
  test('"off" always', () => expect(trackingAllowed({ auth: false, tracking: "off" }, "/", "")).toBe(false));
});
