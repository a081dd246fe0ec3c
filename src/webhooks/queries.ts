// The webhooks room's tables (sql/107_webhooks.sql): a domain's webhooks, the queue of their
// deliveries (one per alert and webhook, retried until done), and the log of each attempt.
import { namedQuery, type Queryable } from "../db";

export type WebhookKind = "slack" | "json";
type Webhook = { id: number; kind: WebhookKind; url: string; createdAt: Date };
export type Attempt = { at: Date; attempt: number; status: number | null; error: string | null };
/** A queued delivery with what sending it needs. */
export type Due = { id: number; webhookId: number; kind: WebhookKind; url: string; secret: string; payload: unknown; attempts: number };

/** Attempts kept per webhook in its log. */
const LOG_SIZE = 20;

export const webhooksOf = namedQuery("webhooks.list", (sql: Queryable, domainId: number) =>
  sql<Webhook[]>`SELECT id::int, kind, url, created_at AS "createdAt" FROM webhooks WHERE domain_id = ${domainId} ORDER BY id`,
);

export const countWebhooks = namedQuery("webhooks.count", async (sql: Queryable, domainId: number) => {
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM webhooks WHERE domain_id = ${domainId}`;
  return row?.n ?? 0;
});

export const insertWebhook = namedQuery("webhooks.insert", async (sql: Queryable, domainId: number, kind: WebhookKind, url: string, secret: string) => {
  const [row] = await sql<Webhook[]>`
    INSERT INTO webhooks (domain_id, kind, url, secret) VALUES (${domainId}, ${kind}, ${url}, ${secret})
    RETURNING id::int, kind, url, created_at AS "createdAt"`;
  return row!;
});

export const deleteWebhook = namedQuery("webhooks.delete", async (sql: Queryable, domainId: number, id: number) => {
  const rows = await sql`DELETE FROM webhooks WHERE domain_id = ${domainId} AND id = ${id} RETURNING id`;
  return rows.length === 1;
});

/** The last LOG_SIZE attempts of each of the domain's webhooks, newest first. */
export const attemptsOf = namedQuery("webhooks.attempts", (sql: Queryable, domainId: number) =>
  sql<(Attempt & { webhookId: number })[]>`
    SELECT a.webhook_id::int AS "webhookId", a.at, a.attempt, a.status, a.error
    FROM webhook_attempts a JOIN webhooks w ON w.id = a.webhook_id
    WHERE w.domain_id = ${domainId} ORDER BY a.id DESC`,
);

/**
 * Queues `payload` for each webhook of the domain, due at `dueAt`. NOTE: an alert (`annotationId`)
 * is queued once per webhook: the alert check passes an alert again until its mail went out.
 */
export const queueDeliveries = namedQuery(
  "webhooks.queue",
  async (sql: Queryable, q: { domainId: number; webhookId?: number; annotationId: number | null; payload: Record<string, unknown>; dueAt: Date }) =>
    sql<{ id: number }[]>`
      INSERT INTO webhook_deliveries (webhook_id, annotation_id, payload, due_at)
      SELECT id, ${q.annotationId}, ${sql.json(q.payload as Parameters<typeof sql.json>[0])}, ${q.dueAt} FROM webhooks
      WHERE domain_id = ${q.domainId} AND (${q.webhookId ?? null}::bigint IS NULL OR id = ${q.webhookId ?? null})
      ON CONFLICT (webhook_id, annotation_id) DO NOTHING
      RETURNING id::int`,
);

const DUE_COLUMNS = `d.id::int, d.webhook_id::int AS "webhookId", w.kind, w.url, w.secret, d.payload, d.attempts`;

/** Deliveries due at `now`, oldest first, at most `limit`. */
export const dueDeliveries = namedQuery("webhooks.due", (sql: Queryable, now: Date, limit: number) =>
  sql<Due[]>`
    SELECT ${sql.unsafe(DUE_COLUMNS)} FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
    WHERE d.done_at IS NULL AND d.due_at <= ${now} ORDER BY d.due_at, d.id LIMIT ${limit}`,
);

export const deliveryById = namedQuery("webhooks.delivery", async (sql: Queryable, id: number) => {
  const [row] = await sql<Due[]>`
    SELECT ${sql.unsafe(DUE_COLUMNS)} FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE d.id = ${id}`;
  return row ?? null;
});

/**
 * Records one attempt: the delivery is done (`next` null) or due again at `next`, and the attempt
 * joins its webhook's log, of which the last LOG_SIZE stay.
 */
export const recordAttempt = namedQuery(
  "webhooks.recordAttempt",
  async (sql: Queryable, d: Due, a: Attempt, next: Date | null) => {
    await sql`UPDATE webhook_deliveries SET attempts = ${a.attempt}, due_at = coalesce(${next}, due_at), done_at = ${next ? null : a.at} WHERE id = ${d.id}`;
    await sql`INSERT INTO webhook_attempts (webhook_id, at, attempt, status, error) VALUES (${d.webhookId}, ${a.at}, ${a.attempt}, ${a.status}, ${a.error})`;
    await sql`
      DELETE FROM webhook_attempts WHERE webhook_id = ${d.webhookId}
        AND id < (SELECT min(id) FROM (SELECT id FROM webhook_attempts WHERE webhook_id = ${d.webhookId} ORDER BY id DESC LIMIT ${LOG_SIZE}) kept)`;
  },
);

/** Done deliveries older than `before`: the log keeps what a user reads of them. */
export const pruneDeliveries = namedQuery("webhooks.prune", (sql: Queryable, before: Date) =>
  sql`DELETE FROM webhook_deliveries WHERE done_at < ${before}`,
);
