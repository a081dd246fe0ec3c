// Delivering a webhook's events: each queued delivery is POSTed through the inspector's SSRF guard
// (no internal address unless WEBHOOK_ALLOW_HOSTS lists it, the connection to the address checked,
// no redirect followed, a deadline), and each attempt is logged. A 2xx is done; a 5xx, a 429 or no
// answer is tried again after a growing pause, MAX_ATTEMPTS in all; any other answer is final.
// The job of the job timer sends what is due; the settings page's test sends its one at once.
import type { Config } from "../config";
import type { MaintenanceJob, Queryable } from "../db";
import { guardedPoster } from "../inspect";
import type { Annotation } from "../shared/annotations";
import { request, type WebhookEvent } from "./payload";
import { dueDeliveries, pruneDeliveries, queueDeliveries, recordAttempt, type Attempt, type Due } from "./queries";

/** Pauses before the 2nd, 3rd, … attempt. */
const BACKOFF_S = [60, 300, 1800, 7200];
const MAX_ATTEMPTS = BACKOFF_S.length + 1;
const LIMITS = { timeoutMs: 10_000, maxBytes: 16 * 1024 };
/** Deliveries one pass sends, side by side. */
const BATCH = 20;
/** Finished deliveries are kept this long (their attempts stay in the log). */
const KEEP_DONE_MS = 7 * 86_400_000;

type Poster = ReturnType<typeof guardedPoster>;

export const posterFrom = (config: Config): Poster => guardedPoster(config, config.WEBHOOK_ALLOW_HOSTS ?? []);

/** The pause before the attempt after attempt `n`, the first pause when the test is sent at once. */
export const retryAt = (now: Date, n: number) => new Date(now.getTime() + BACKOFF_S[Math.min(n, BACKOFF_S.length) - 1]! * 1000);

/** Sends one delivery at `now`, logs the attempt and queues the next one when it may be retried. */
export async function attempt(sql: Queryable, poster: Poster, d: Due, now: Date): Promise<Attempt> {
  const { body, headers } = request(d.kind, d.secret, d.payload as WebhookEvent, now);
  const answer = await poster.post(new URL(d.url), LIMITS, { body, headers });
  const n = d.attempts + 1;
  const status = answer.ok ? answer.status : null;
  const ok = status !== null && status >= 200 && status < 300;
  const retryable = status === null || status >= 500 || status === 429;
  // NOTE: a redirect is an answer like any other 3xx: final, never followed (it may point inside).
  const error = ok ? null : answer.ok ? `HTTP ${status}${status! >= 300 && status! < 400 ? " (redirects are not followed)" : ""}` : answer.message;
  const result = { at: now, attempt: n, status, error };
  await recordAttempt(sql, d, result, !ok && retryable && n < MAX_ATTEMPTS ? retryAt(now, n) : null);
  return result;
}

/** Queues each alert of a domain for each of its webhooks; `link` opens the dashboard at them. */
export async function queueAlerts(sql: Queryable, domain: { id: number; name: string }, alerts: Annotation[], link: string, now: Date) {
  for (const a of alerts) {
    const event: WebhookEvent = { event: "alert", domain: domain.name, text: a.text, alert: { day: a.day, kind: a.kind }, link };
    await queueDeliveries(sql, { domainId: domain.id, annotationId: a.id, payload: event, dueAt: now });
  }
}

/** The job of the job timer: sends what is due, forgets finished deliveries after a week. */
export function deliveryJob(config: Config, clock: () => Date = () => new Date()): MaintenanceJob {
  const poster = posterFrom(config);
  return {
    name: "webhooks.deliver",
    run: async (sql) => {
      const now = clock();
      await Promise.all((await dueDeliveries(sql, now, BATCH)).map((d) => attempt(sql, poster, d, now)));
      await pruneDeliveries(sql, new Date(now.getTime() - KEEP_DONE_MS));
    },
  };
}
