// The requests room: POST /api/request stores a request for access while the instance is in beta
// (the /request page's form), for the admin area to list (listAccessRequests). Outside beta there
// is nothing to request: the route answers 404, as the page redirects home.
// NOTE: anyone may post, signed in or not, so each client (a per-process pseudonym, never stored)
// and the whole process have an hourly budget, as the inspector's.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { namedQuery } from "../db";
import { clientKey } from "../http/client";
import { HttpError } from "../http/errors";
import { rateLimiter, retryAfter } from "../http/rate-limit";
import { isBeta } from "../plans";
import { HOUR_MS } from "../shared/days";

const PER_CLIENT_HOUR = 5;
const PER_PROCESS_HOUR = 200;

type AccessRequest = { id: number; email: string; name: string; website: string | null; message: string | null; created: Date; handled: Date | null };

const COLUMNS = `id::int AS id, email, name, website, message, created, handled_at AS handled`;

const saveAccessRequest = namedQuery(
  "requests.save",
  async (sql, r: { email: string; name: string; website?: string; message?: string }) => {
    await sql`INSERT INTO access_requests (email, name, website, message)
      VALUES (${r.email.toLowerCase()}, ${r.name}, ${r.website || null}, ${r.message || null})`;
  },
);

/** The newest requests first, at most `limit`. */
export const listAccessRequests = namedQuery("requests.list", (sql, limit: number) =>
  sql<AccessRequest[]>`SELECT ${sql.unsafe(COLUMNS)} FROM access_requests ORDER BY created DESC, id DESC LIMIT ${limit}`,
);

export const accessRequestById = namedQuery("requests.byId", async (sql, id: string) => {
  const [row] = await sql<AccessRequest[]>`SELECT ${sql.unsafe(COLUMNS)} FROM access_requests WHERE id = ${id}::bigint`;
  return row ?? null;
});

/** False when there is no such request. */
export const markAccessRequestHandled = namedQuery("requests.markHandled", async (sql, id: string) => {
  const rows = await sql`UPDATE access_requests SET handled_at = coalesce(handled_at, now()) WHERE id = ${id}::bigint RETURNING id`;
  return rows.length === 1;
});

const EMAIL = "Enter your email address, like you@example.com.";
const NAME = "Tell us your name.";

export const requestsRoom = ({ config, db }: AppContext) => {
  const perClient = rateLimiter(PER_CLIENT_HOUR, HOUR_MS);
  const perProcess = rateLimiter(PER_PROCESS_HOUR, HOUR_MS);
  return new Elysia({ name: "requests" }).post(
    "/api/request",
    async ({ body, request, server, set }) => {
      if (!isBeta(config)) throw new HttpError(404, "Bothy is open to everyone: sign up instead.");
      for (const [limiter, key] of [[perClient, clientKey(request, server, config.TRUSTED_PROXIES)], [perProcess, "all"]] as const) {
        const taken = limiter.take(key);
        if (!taken.ok) throw new HttpError(429, "Too many requests. Please try again in an hour.", undefined, retryAfter(taken));
      }
      await saveAccessRequest(db.sql, { ...body, name: body.name.trim(), website: body.website?.trim(), message: body.message?.trim() });
      set.status = 201;
      return { ok: true };
    },
    {
      body: t.Object({
        email: t.String({ format: "email", maxLength: 254, error: EMAIL }),
        name: t.String({ minLength: 1, maxLength: 200, pattern: "\\S", error: NAME }),
        website: t.Optional(t.String({ maxLength: 300, error: "Use at most 300 characters." })),
        message: t.Optional(t.String({ maxLength: 5000, error: "Use at most 5,000 characters." })),
      }),
    },
  );
};
