// A small client for the in-process app: JSON bodies, the session cookie, x-access-token, and
// the outbox where mail lands when SMTP is not configured.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Sql } from "postgres";
import type { App } from "../../src/app";
import { SESSION_COOKIE } from "../../src/auth";
import { outboxDir } from "../../src/mail";
import { until } from "./collect";

export const ORIGIN = "http://bothy.test";

export type Call = { body?: unknown; cookie?: string; token?: string; headers?: Record<string, string> };

export async function call(app: App, method: string, path: string, opts: Call = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers["content-type"] ??= "application/json";
  if (opts.cookie) headers.cookie = `${SESSION_COOKIE}=${opts.cookie}`;
  if (opts.token) headers["x-access-token"] = opts.token;
  const res = await app.handle(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers,
      // NOTE: a string or bytes (an uploaded ZIP) go as they are; anything else as JSON.
      body: opts.body === undefined ? undefined
        : typeof opts.body === "string" ? opts.body
        : opts.body instanceof Uint8Array ? (opts.body as Uint8Array<ArrayBuffer>)
        : JSON.stringify(opts.body),
    }),
  );
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text, headers: res.headers };
}

/** The session cookie's value from a Set-Cookie answer (over http, where the name has no prefix). */
export const sessionFrom = (headers: Headers): string | undefined =>
  new RegExp(`(?:^|[\\s,])${SESSION_COOKIE}=([^;]*)`).exec(headers.get("set-cookie") ?? "")?.[1];

/** Signs up (which signs nobody in) and then signs in: the new account's session cookie. */
export async function signUpAndIn(app: App, body: { email: string; password: string; name: string }): Promise<string> {
  const up = await call(app, "POST", "/api/signup", { body });
  if (up.status !== 202) throw new Error(`sign-up answered ${up.status}: ${up.text}`);
  const cookie = sessionFrom((await call(app, "POST", "/api/signin", { body })).headers);
  if (!cookie) throw new Error(`sign-in after sign-up set no cookie`);
  return cookie;
}

// NOTE: mail bodies are quoted-printable: long lines are broken with "=\n" and "=" is "=3D".
const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Every mail written to DATA_DIR/outbox, oldest first, bodies decoded. */
export const outbox = (dataDir: string): string[] => {
  try {
    return readdirSync(outboxDir(dataDir))
      .sort()
      .map((f) => decodeQuotedPrintable(readFileSync(join(outboxDir(dataDir), f), "utf8")));
  } catch {
    return [];
  }
};

/** Waits until the outbox holds `count` mails: for mail sent off the request path (a reset's). */
export const outboxHolds = async (dataDir: string, count: number): Promise<string[]> =>
  (await until(`${count} mails in the outbox`, () => {
    const mails = outbox(dataDir);
    return mails.length >= count ? mails : null;
  }))!;

/** The token in the last mailed link to `path` (e.g. "/verify"), in its query's `param`. */
export const mailedToken = (dataDir: string, path: string, param = "token"): string => {
  const mails = outbox(dataDir).reverse();
  for (const mail of mails) {
    const m = new RegExp(`${path}\\?${param}=([A-Za-z0-9_-]+)`).exec(mail);
    if (m) return m[1]!;
  }
  throw new Error(`no mail with a ${path} link in the outbox`);
};

/** The UTC date `daysAgo` days before now, as YYYY-MM-DD: ranges inside a free plan's window. */
export const dayKey = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Signs up through the API, then marks the address verified as its mailed link would: the session
 * cookie of an account that may add domains. */
export async function verifiedSession(
  server: { app: App; db: { sql: Sql } },
  email: string,
  password: string,
  name = "N",
): Promise<string> {
  const cookie = await signUpAndIn(server.app, { email, password, name });
  await server.db.sql`UPDATE users SET verified = true WHERE email = ${email.toLowerCase()}`;
  return cookie;
}

/**
 * Verified sessions of a domain's owner (with `ownerScope`, e.g. pro), another account and an admin:
 * the three callers a room's access rules tell apart.
 */
export async function ownerOtherAdmin(
  server: { app: App; db: { sql: Sql } },
  ownerScope: string[] = [],
): Promise<{ owner: string; other: string; admin: string }> {
  const password = "a sturdy passphrase";
  const owner = await verifiedSession(server, "owner@example.com", password);
  const other = await verifiedSession(server, "other@example.com", password);
  const admin = await verifiedSession(server, "admin@example.com", password);
  if (ownerScope.length) await server.db.sql`UPDATE users SET scope = ${ownerScope} WHERE email = 'owner@example.com'`;
  await server.db.sql`UPDATE users SET scope = ${["admin"]} WHERE email = 'admin@example.com'`;
  return { owner, other, admin };
}
