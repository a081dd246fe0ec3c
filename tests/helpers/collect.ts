// Helpers for collection tests: beacons as the tracker sends them, domains, and waiting for a
// condition (never a fixed sleep).
import type { Sql } from "postgres";
import { req } from "./server";
import { scaled } from "./time";

export const CHROME_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

type Handler = { handle(request: Request): Promise<Response> };

/** POSTs a body the way sendBeacon does: text/plain, no preflight. Strings are sent as they are. */
export function beacon(app: Handler, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.handle(
    req(path, {
      method: "POST",
      body: typeof body === "string" || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME_UA, ...headers },
    }),
  );
}

export async function addDomain(sql: Sql, name: string, tz = "Europe/London"): Promise<number> {
  const [row] = await sql<{ id: number }[]>`INSERT INTO domains (name, tz) VALUES (${name}, ${tz}) RETURNING id`;
  return row!.id;
}

/** Polls `check` every `everyMs` until it returns a truthy value; fails with `what` after `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T> | T, timeoutMs = 15_000, everyMs = 20): Promise<T> {
  const deadline = Date.now() + scaled(timeoutMs);
  let last: unknown;
  // NOTE: checks once more after the deadline: a busy event loop (a cold web build minifies on this
  // thread) can sleep past it, and the awaited thing may have happened in that time.
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() >= deadline) break;
    await Bun.sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${last}` : ""}`);
}

export const countHits = async (sql: Sql, siteId: number) =>
  Number((await sql`SELECT count(*)::int AS n FROM hits WHERE site_id = ${siteId}`)[0]!.n);
