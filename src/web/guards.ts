// Route guards: each page declares who may see it; the server checks
// before rendering and answers with the page, a redirect, or "not found". Pure: no React, no I/O.
import { HttpError } from "../http/errors";
import { hasAdminScope } from "../shared/plans";

/** The signed-in person as pages and guards see it; `null` is nobody. */
export type SessionUser = {
  uid: string;
  name: string;
  verified: boolean;
  scope: string[];
  /** for the account pages */
  email?: string;
  /** An admin whose admin scope waits for two-factor sign-in (REQUIRE_ADMIN_2FA). */
  twoFactorDue?: true;
};

export type Guards = {
  /** false: open to all; "guest": signed-out only; true: signed-in only. */
  auth: false | "guest" | true;
  /** Unverified users go to /verify from /settings; verified ones go from /verify to /settings/domains. */
  verified?: true;
  /** Only the admin scope; anyone else goes to /signin, an admin whose two-factor sign-in is due to set it up. */
  admin?: true;
  /** "hidden": in beta mode the page gives way to the request page (pricing); "only": outside beta it redirects home. */
  beta?: "hidden" | "only";
  /** Our own analytics on this page: "off", or "off-with-query" when the URL has a query string. */
  tracking?: "off" | "off-with-query";
};

export type GuardInput = { pathname: string; search: string; user: SessionUser | null; beta: boolean };
type GuardOutcome =
  | { kind: "render"; tracking: boolean }
  | { kind: "redirect"; location: string }
  | { kind: "not-found" };

const KNOWN: ReadonlySet<string> = new Set(["auth", "verified", "admin", "beta", "tracking"]);

// These path prefixes never carry our own analytics. NOTE: /dashboard, /public and /settings hold
// customers' domain names and public ids in their paths, which our own stats must never collect.
const NO_TRACKING_PREFIXES = ["/admin", "/pricing-update", "/pricing-update2", "/reset", "/verify", "/settings", "/dashboard", "/public", "/404"];

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

// A relative path starting with one "/", of letters, digits and @ - % _ ~ /, with an
// optional query and hash. "//evil.com" and "/\evil" are protocol-relative to browsers: refused.
const SAFE_REDIRECT = /^\/(?![/\\])[A-Za-z0-9@\-%_~/.]*(\?[^#\s\\]*)?(#[^\s\\]*)?$/;

/** Whether a remembered redirect target is a safe relative path on this site. */
export function isSafeRedirect(target: string): boolean {
  // eslint-disable-next-line no-control-regex -- refusing control characters is what this test is for
  return SAFE_REDIRECT.test(target) && !target.includes("/..") && !/[\u0000-\u001f]/.test(target);
}

/** /signin, remembering where the visitor wanted to go when that place is safe. */
export function signinLocation(pathname: string, search: string): string {
  const wanted = pathname + search;
  return isSafeRedirect(wanted) ? `/signin?redirect=${encodeURIComponent(wanted)}` : "/signin";
}

/** Throws a 500 for a guard name the server does not know (unknown middleware is an error). */
function validateGuards(guards: Record<string, unknown>): Guards {
  for (const name of Object.keys(guards)) {
    if (!KNOWN.has(name)) throw new HttpError(500, `Unknown route guard "${name}"`);
  }
  return guards as Guards;
}

export function checkGuards(declared: Guards, input: GuardInput): GuardOutcome {
  const guards = validateGuards(declared);
  const { pathname, search, user, beta } = input;
  if (guards.beta === "hidden" && beta) return { kind: "redirect", location: "/request" };
  if (guards.beta === "only" && !beta) return { kind: "redirect", location: "/" };
  if (guards.auth === "guest" && user) return { kind: "redirect", location: "/settings" };
  if (guards.auth === true && !user) return { kind: "redirect", location: signinLocation(pathname, search) };
  if (guards.admin && !hasAdminScope(user)) return { kind: "redirect", location: user?.twoFactorDue ? "/settings/security?required" : "/signin" };
  if (guards.verified && user) {
    if (!user.verified && under(pathname, "/settings")) return { kind: "redirect", location: "/verify" };
    if (user.verified && under(pathname, "/verify")) return { kind: "redirect", location: "/settings/domains" };
  }
  return { kind: "render", tracking: trackingAllowed(guards, pathname, search) };
}

export function trackingAllowed(guards: Guards, pathname: string, search: string): boolean {
  if (guards.tracking === "off") return false;
  if (guards.tracking === "off-with-query" && search.length > 1) return false;
  return !NO_TRACKING_PREFIXES.some((p) => under(pathname, p));
}
