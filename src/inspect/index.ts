// The inspect room: GET /api/check-analysis (queue a run, answer "check_again" while it runs,
// then the result), GET /api/get-screenshot, GET /api/inspect-badge (the embeddable SVG), GET
// /api/carbon-txt (a page's stored carbon.txt claims) and GET /api/inspect-card.png (the result's
// Open Graph image). In this process it also runs the queue
// (INSPECT_CONCURRENCY loops, one shared Chromium) unless that is left to `npm run worker:inspect`,
// and, with INSPECT_TOKEN set, serves such workers the queue over its internal API (internal.ts).
import { Elysia, t } from "elysia";
import { bearerKey, proKeyHolder } from "../auth";
import type { Config } from "../config";
import type { Room } from "../context";
import { clientKey } from "../http/client";
import { HttpError } from "../http/errors";
import { rateLimiter, retryAfter } from "../http/rate-limit";
import { badgeSvg } from "./badge";
import { browserHost } from "./browser";
import { CardUnavailable, cardSource } from "./card";
import { checkTarget } from "./guard";
import { guardedGet, type GetLimits, type PostBody } from "./guarded-get";
import { internalRoutes } from "./internal";
import { databaseJobs } from "./jobs";
import { runInspections } from "./loops";
import { answerFrom, CACHED_AFTER_MS, errorAnswer, PRIVATE_MESSAGE, type CheckAnswer } from "./result";
import { guardFrom } from "./service";
import { enqueue, history, isLive, latest, screenshot } from "./store";
import { CARD_PATH, normaliseUrl, type Target } from "../shared/inspect-url";

/** check=true re-runs only when the last run is older than this: polls that repeat check=true
 * must not start a new run each second. */
const RECHECK_AFTER_MS = 30_000;

/** What the card's 503 says, and when to ask again: a minute, as a relaunched browser is ready by then. */
const CARD_UNAVAILABLE_MESSAGE = "The result's image cannot be drawn right now; please try again in a minute";
const CARD_RETRY_S = 60;
const NOT_PRO = "Inspecting with an API key needs a Pro account; without one, leave the key out.";

export { deleteScreenshot, queueHealth, recentScreenshots, screenshot } from "./store";
export { inspectionWorker } from "./loops";
export { launchPrinterBrowser, probeChromium } from "./browser";
export type { Measurement } from "./local";
export type { CheckAnswer } from "./result";

/** The bytes of the newest successful inspection of a domain's home page, or null: what an import
 * estimates a page view's weight from when the domain measured none of its own. */
export const homePageBytes = async (sql: Parameters<typeof latest>[0], domain: string): Promise<number | null> => {
  const row = await latest(sql, `https://${domain}/`);
  return row?.status === "done" ? row.bytes : null;
};

/** One GET through the SSRF guard as this instance configures it (./guarded-get.ts), for another
 * room's look-up of a page (a domain's home page, to verify its owner). */
export const guardedGetter = (config: Config) => {
  const guard = guardFrom(config);
  return (url: URL, limits: GetLimits) => guardedGet(url, { ...guard, ...limits });
};

/** One POST through the same SSRF guard, for a webhook's delivery, and the guard's verdict on a URL
 * alone (`check`, when one is added): `allow` lists the internal hosts this instance's receivers may
 * sit on (WEBHOOK_ALLOW_HOSTS), in place of the inspector's own. */
export const guardedPoster = (config: Config, allow: readonly string[]) => {
  const guard = { ...guardFrom(config), allow };
  return {
    post: (url: URL, limits: GetLimits, post: PostBody) => guardedGet(url, { ...guard, ...limits, post }),
    check: (url: URL) => checkTarget(url.hostname, url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80, guard),
  };
};

/** The URL a result is stored under, for the routes that only read one; a bad URL is a 400. */
function stored(raw: string): string {
  const parsed = normaliseUrl(raw);
  if (!parsed.ok) throw new HttpError(400, parsed.private ? PRIVATE_MESSAGE : parsed.error);
  return parsed.value.url;
}

export const inspectRoom: Room = ({ config, db, lifecycle }) => {
  const guard = guardFrom(config);
  const limiter = rateLimiter(config.INSPECT_RATE_LIMIT, 3600_000);
  // NOTE: beside the per-client limit, one budget for the whole process: many addresses (a botnet,
  // or one IPv6 holder's many /64s) must not keep the browser busy around the clock.
  const budget = rateLimiter(config.INSPECT_GLOBAL_RATE_LIMIT, 3600_000);
  let wake = () => {};
  // NOTE: when this process runs the queue, its browser draws a card the first time someone asks
  // for it; otherwise `worker:inspect` drew it at the end of the job, and this process launches no
  // Chromium at all.
  const browser = config.INSPECT_CONCURRENCY > 0 ? browserHost(config.CHROMIUM_PATH, undefined, config.CHROMIUM_NICE) : null;
  const card = cardSource(db.sql, browser);
  const jobs = databaseJobs(db.sql);
  const keyHolder = proKeyHolder({ config, db });
  if (browser) {
    const loops = runInspections(config, jobs, browser, { concurrency: config.INSPECT_CONCURRENCY, pollMs: 1000 });
    wake = loops.wake;
    lifecycle.onShutdown("inspect-queue", loops.stop);
  }

  /**
   * Queues a run of `tgt` for the client, or refuses with 429 when it started too many; a target
   * the guard refuses comes back as its error answer, and nothing is queued. TRICKY: the guard
   * resolves the host name, which is outbound work: the budgets are taken first, so a caller
   * cannot make this server look up names without limit.
   */
  const start = async (tgt: Target, client: string): Promise<CheckAnswer | null> => {
    const taken = limiter.take(client);
    if (!taken.ok) {
      throw new HttpError(429, "Too many inspections from this address; try again in an hour", undefined, retryAfter(taken));
    }
    const spent = budget.take("all");
    if (!spent.ok) throw new HttpError(429, "The inspector is busy; try again later", undefined, retryAfter(spent));
    const verdict = await checkTarget(tgt.hostname, tgt.port, guard);
    if (!verdict.ok) {
      return verdict.reason === "unresolved" ? errorAnswer(tgt.url, "generic_error", "generic_error") : errorAnswer(tgt.url, verdict.message, "forbidden");
    }
    await enqueue(db.sql, tgt.url);
    wake();
    return null;
  };

  /** Validates the URL (no network: what is stored is read without a look-up); answers an error
   * result instead when it is private. */
  const target = (raw: string): Target | CheckAnswer => {
    const parsed = normaliseUrl(raw);
    if (!parsed.ok) {
      if (parsed.private) return errorAnswer(raw, PRIVATE_MESSAGE, "private");
      throw new HttpError(400, parsed.error);
    }
    return parsed.value;
  };

  /** A refused target's answer as get-screenshot's 403 body. */
  const refusal = (answer: CheckAnswer) => {
    const refused = "result" in answer ? answer.result : null;
    return { error: refused?.errorType ?? "unavailable", errorMessage: refused?.error ?? "This page cannot be inspected" };
  };

  return new Elysia({ name: "inspect" })
    .use(internalRoutes(config.INSPECT_TOKEN, jobs))
    .derive(({ request, server }) => ({ client: clientKey(request, server, config.TRUSTED_PROXIES) }))
    .get(
      "/api/check-analysis",
      async ({ query, client, headers }): Promise<CheckAnswer> => {
        // NOTE: with a Pro API key (bothy-check --against), new runs count against the account, not
        // the address: a CI fleet behind one NAT shares an address but not a budget.
        const caller = headers.authorization === undefined ? client : `key:${(await keyHolder(bearerKey(headers.authorization), NOT_PRO)).uid}`;
        const tgt = target(query.url);
        if (!("hostname" in tgt)) return tgt;
        if (await isLive(db.sql, tgt.url)) return { action: "check_again" };
        const last = await latest(db.sql, tgt.url);
        const age = last ? Date.now() - last.finishedAt.getTime() : Infinity;
        // NOTE: a failure is not kept like a result: past 15 minutes the next visitor tries again.
        const keep = last !== null && (age < RECHECK_AFTER_MS || (!query.check && (last.status === "done" || age <= CACHED_AFTER_MS)));
        if (last && keep) return answerFrom(last, await history(db.sql, tgt.url, 100));
        return (await start(tgt, caller)) ?? { action: "check_again" };
      },
      {
        query: t.Object({
          url: t.String({ minLength: 1, maxLength: 4096 }),
          check: t.Optional(t.BooleanString()),
        }),
        headers: t.Object({ authorization: t.Optional(t.String({ maxLength: 300, description: "Bearer <Pro API key>: optional" })) }),
      },
    )
    .get(
      "/api/get-screenshot",
      async ({ query, client, set }) => {
        const tgt = target(query.url);
        if (!("hostname" in tgt)) {
          set.status = 403;
          return refusal(tgt);
        }
        const shot = await screenshot(db.sql, tgt.url);
        const stale = !shot || Date.now() - shot.takenAt.getTime() > CACHED_AFTER_MS;
        const refused = query.force && stale && !(await isLive(db.sql, tgt.url)) ? await start(tgt, client) : null;
        if (refused) {
          set.status = 403;
          return refusal(refused);
        }
        if (!shot) {
          set.status = 404;
          return { error: "not_found", errorMessage: "No screenshot of this page yet" };
        }
        return { result: `data:image/jpeg;base64,${shot.jpeg.toString("base64")}`, timestamp: shot.takenAt.toISOString() };
      },
      {
        query: t.Object({
          url: t.String({ minLength: 1, maxLength: 4096 }),
          force: t.Optional(t.BooleanString()),
        }),
      },
    )
    .get(
      "/api/inspect-badge",
      async ({ query }) => {
        const last = await latest(db.sql, stored(query.url));
        if (!last || last.status !== "done" || !last.detail) throw new HttpError(404, "This page has not been inspected yet");
        // NOTE: a day of caching: a badge shows the date it was checked, and a new check is rare.
        return new Response(badgeSvg(last.detail.rating, last.co2 ?? 0, last.finishedAt), {
          headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400" },
        });
      },
      { query: t.Object({ url: t.String({ minLength: 1, maxLength: 4096 }) }) },
    )
    .get(
      "/api/carbon-txt",
      async ({ query }) => {
        const url = stored(query.url);
        const last = await latest(db.sql, url);
        // NOTE: never inspected is an answer, not a 404: the dashboard asks for every site it shows.
        if (!last || last.status !== "done" || !last.detail) return { url, checkedAt: null, carbonTxt: null };
        return { url, checkedAt: last.finishedAt.toISOString(), carbonTxt: last.detail.carbonTxt ?? null };
      },
      {
        query: t.Object({ url: t.String({ minLength: 1, maxLength: 4096 }) }),
        detail: { tags: ["Inspector"], summary: "The carbon.txt claims the newest inspection of a page read", description: "Read from the stored result: nothing is fetched. `carbonTxt` is null when the page was never inspected, or before the inspector read carbon.txt." },
      },
    )
    .get(
      CARD_PATH,
      async ({ query }) => {
        const found = await card(stored(query.url)).catch((err: unknown) => {
          if (err instanceof CardUnavailable) {
            throw new HttpError(503, CARD_UNAVAILABLE_MESSAGE, undefined, { "retry-after": String(CARD_RETRY_S) });
          }
          throw err;
        });
        if (!found) throw new HttpError(404, "This page has not been inspected yet");
        if (found === "none") throw new HttpError(404, "No image of this result yet");
        // NOTE: a day, as the badge: social sites fetch it once per post, and a new check is rare.
        return new Response(new Uint8Array(found.png), {
          headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400", "Last-Modified": found.finishedAt.toUTCString() },
        });
      },
      { query: t.Object({ url: t.String({ minLength: 1, maxLength: 4096 }) }) },
    );
};
