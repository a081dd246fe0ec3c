// The named request limits of every route that calls out of this machine, sends mail, charges a
// card or ties up a slow shared resource: one table, so a reviewer reads every budget in one place
// and a route cannot forget its limit's per-account half. Each limit counts per client (the
// pseudonymous key of src/http/client.ts), per account when one is signed in, and per process;
// a refused take throws one 429 with Retry-After. State is per app context, in memory: N nodes
// allow N times a limit, which still stops a script.
import type { AppContext } from "../context";
import { clientKey, type AddressSource } from "./client";
import { HttpError } from "./errors";
import { rateLimiter, retryAfter } from "./rate-limit";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

type Budget = { per: number; windowMs: number };
type Limit = { client?: Budget; account?: Budget; process?: Budget; message: string };

const hourly = (per: number): Budget => ({ per, windowMs: HOUR_MS });

/** Every named limit. Numbers are per window; the message is what the 429 says. */
export const LIMITS = {
  /** Starting or retrying a card payment: card testing tries many cards in a row. */
  payment: { client: hourly(20), account: hourly(8), process: hourly(600), message: "Too many payment attempts. Please try again later." },
  /** Account mail a visitor can make us send (sign-up, verification, reset, report confirmation); each
   * address also gets 3 an hour at most (src/auth/attempts.ts). NOTE: 20, so an owner can fill a
   * report's list of ten addresses in the hour they signed up. */
  accountMail: { client: hourly(20), account: hourly(20), process: hourly(300), message: "Too many requests. Please try again in an hour." },
  /** Feedback to the team, mailed and stored. */
  feedback: { client: hourly(10), account: hourly(10), process: hourly(300), message: "Too much feedback at once. Please try again in an hour." },
  /** Fetches of another site on a caller's behalf (the post wall's embeds; the inspector has its own limits). */
  outbound: { client: hourly(60), process: hourly(1200), message: "Too many requests. Please try again in an hour." },
  /** Printing a yearly report's PDF: Chromium renders it. */
  print: { client: hourly(20), account: hourly(10), process: hourly(200), message: "Too many reports printed. Please try again later." },
  /** Passkey challenges (registration and sign-in options): each is a database row for 5 minutes. */
  passkeyChallenges: { client: hourly(120), account: hourly(60), process: hourly(6000), message: "Too many passkey attempts. Please try again later." },
  /** Uploads of another tool's history (src/imports): up to 1 GB written to disk and read through each. */
  imports: { client: hourly(30), account: hourly(30), process: hourly(300), message: "Too many imports at once. Please try again in an hour." },
} satisfies Record<string, Limit>;

type LimitName = keyof typeof LIMITS;
type LimitKeys = { request: Request; server: AddressSource; account?: number | string | null };
export type Limits = {
  /** Counts one request against `name`'s budgets; throws HttpError 429 with Retry-After when one is spent. */
  take(name: LimitName, keys: LimitKeys): void;
};

const perContext = new WeakMap<object, Limits>();

/** The limits of one app: the same counters for every room that shares `ctx`. */
export function limitsOf(ctx: Pick<AppContext, "config"> & object): Limits {
  const known = perContext.get(ctx);
  if (known) return known;
  const limiters = new Map<string, ReturnType<typeof rateLimiter>>();
  const limiter = (name: string, scope: string, budget: Budget) => {
    const id = `${name}:${scope}`;
    let l = limiters.get(id);
    if (!l) limiters.set(id, (l = rateLimiter(budget.per, budget.windowMs)));
    return l;
  };
  const limits: Limits = {
    take(name, { request, server, account }) {
      const limit: Limit = LIMITS[name];
      const scopes: [string, Budget | undefined, string | null][] = [
        ["client", limit.client, clientKey(request, server, ctx.config.TRUSTED_PROXIES)],
        ["account", limit.account, account === undefined || account === null ? null : `account:${account}`],
        ["process", limit.process, "all"],
      ];
      for (const [scope, budget, key] of scopes) {
        if (!budget || key === null) continue;
        const taken = limiter(name, scope, budget).take(key);
        if (!taken.ok) throw new HttpError(429, limit.message, undefined, retryAfter(taken));
      }
    },
  };
  perContext.set(ctx, limits);
  return limits;
}
