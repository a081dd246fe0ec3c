// Named queries over the report settings (domains.reports_since, report_recipients) and the report
// runs (report_runs, sql/074_reports.sql), and the alerts' opt-in and daily claim
// (domains.report_alerts, domains.alerts_checked, sql/088_annotations.sql). Owner-facing reads are
// scoped by owner; the sender's reads take the clock's instant as a parameter, never now(), so tests
// can drive the schedule.
import { namedQuery, type Queryable } from "../db";

/** A domain of the owner as the report settings need it; null id for a claim (it counts nothing). */
type ReportDomain = { id: number | null; name: string; verified: boolean; reportsSince: Date | null; alerts: boolean };

export type Recipient = {
  id: number;
  domainId: number;
  domain: string;
  email: string;
  isOwner: boolean;
  confirmed: boolean;
  unsubscribed: boolean;
};

const RECIPIENT = `r.id, r.domain_id AS "domainId", d.name AS domain,
  CASE WHEN r.is_owner THEN u.email ELSE r.email END AS email, r.is_owner AS "isOwner",
  r.confirmed_at IS NOT NULL AS confirmed, r.unsubscribed_at IS NOT NULL AS unsubscribed`;
const RECIPIENT_FROM = `report_recipients r JOIN domains d ON d.id = r.domain_id LEFT JOIN users u ON u.uid = d.owner`;

export const ownedReportDomain = namedQuery("reports.ownedDomain", async (sql: Queryable, owner: string, name: string) => {
  const [row] = await sql<ReportDomain[]>`
    SELECT id, name, verified_at IS NOT NULL AS verified, reports_since AS "reportsSince", report_alerts AS alerts
    FROM domains WHERE owner = ${owner} AND name = ${name} AND deleted_at IS NULL
    UNION ALL SELECT NULL, name, false, NULL, false FROM domain_claims WHERE owner = ${owner} AND name = ${name}
    ORDER BY id NULLS LAST LIMIT 1`;
  return row ?? null;
});

export const recipientsOf = namedQuery("reports.recipientsOf", (sql: Queryable, domainId: number) =>
  sql<Recipient[]>`
    SELECT ${sql.unsafe(RECIPIENT)} FROM ${sql.unsafe(RECIPIENT_FROM)}
    WHERE r.domain_id = ${domainId} ORDER BY r.is_owner DESC, r.created, r.id`,
);

export const recipientById = namedQuery("reports.recipientById", async (sql: Queryable, id: number) => {
  const [row] = await sql<Recipient[]>`
    SELECT ${sql.unsafe(RECIPIENT)} FROM ${sql.unsafe(RECIPIENT_FROM)} WHERE r.id = ${id} AND d.deleted_at IS NULL`;
  return row ?? null;
});

/** Turns reports on (keeping the first instant they were on) and subscribes the owner again. */
export const enableReports = namedQuery("reports.enable", async (sql: Queryable, domainId: number, ownerEmail: string, now: Date) => {
  await sql`UPDATE domains SET reports_since = COALESCE(reports_since, ${now}) WHERE id = ${domainId}`;
  const owner = await sql`UPDATE report_recipients SET unsubscribed_at = NULL WHERE domain_id = ${domainId} AND is_owner RETURNING id`;
  if (owner.length) return;
  // NOTE: the owner's row keeps the address it was made with only for the unique key; mail goes to
  // the account's current address (RECIPIENT), which the account has verified.
  await sql`
    INSERT INTO report_recipients (domain_id, email, is_owner, confirmed_at) VALUES (${domainId}, ${ownerEmail}, true, ${now})
    ON CONFLICT (domain_id, email) DO UPDATE SET is_owner = true, confirmed_at = COALESCE(report_recipients.confirmed_at, ${now}),
      unsubscribed_at = NULL`;
});

export const disableReports = namedQuery("reports.disable", async (sql: Queryable, domainId: number) => {
  await sql`UPDATE domains SET reports_since = NULL WHERE id = ${domainId}`;
});

export const countExtraRecipients = namedQuery("reports.countExtras", async (sql: Queryable, domainId: number) => {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM report_recipients WHERE domain_id = ${domainId} AND NOT is_owner`;
  return row!.n;
});

/** The new recipient's id; null when the address is on the list already. */
export const insertRecipient = namedQuery("reports.insertRecipient", async (sql: Queryable, domainId: number, email: string) => {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO report_recipients (domain_id, email) VALUES (${domainId}, ${email})
    ON CONFLICT (domain_id, email) DO NOTHING RETURNING id`;
  return row?.id ?? null;
});

/** True when an added address (never the owner's) was removed. */
export const deleteRecipient = namedQuery("reports.deleteRecipient", async (sql: Queryable, domainId: number, email: string) => {
  const rows = await sql`DELETE FROM report_recipients WHERE domain_id = ${domainId} AND email = ${email} AND NOT is_owner RETURNING id`;
  return rows.length > 0;
});

export const confirmRecipient = namedQuery("reports.confirm", async (sql: Queryable, id: number, now: Date) => {
  await sql`UPDATE report_recipients SET confirmed_at = COALESCE(confirmed_at, ${now}), unsubscribed_at = NULL WHERE id = ${id}`;
});

export const unsubscribeRecipient = namedQuery("reports.unsubscribe", async (sql: Queryable, id: number, now: Date) => {
  await sql`UPDATE report_recipients SET unsubscribed_at = COALESCE(unsubscribed_at, ${now}) WHERE id = ${id}`;
});

/** Domains with reports on, with what the schedule and the plan check need. */
type ScheduledDomain = { id: number; tz: string; reportsSince: Date; ownerScope: string[] };

export const scheduledDomains = namedQuery("reports.scheduledDomains", (sql: Queryable) =>
  sql<ScheduledDomain[]>`
    SELECT d.id, d.tz, d.reports_since AS "reportsSince", u.scope AS "ownerScope"
    FROM domains d JOIN users u ON u.uid = d.owner
    WHERE d.reports_since IS NOT NULL AND d.deleted_at IS NULL AND d.verified_at IS NOT NULL`,
);

/** One run per active recipient of the domain for the week; a run already planned stays as it is. */
export const planRuns = namedQuery("reports.planRuns", async (sql: Queryable, domainId: number, week: string, now: Date) => {
  await sql`
    INSERT INTO report_runs (domain_id, week, recipient_id, next_attempt_at)
    SELECT domain_id, ${week}::date, id, ${now} FROM report_recipients
    WHERE domain_id = ${domainId} AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL
    ON CONFLICT DO NOTHING`;
});

type Run = { domainId: number; week: string; recipientId: number; attempts: number };

/**
 * Takes one due run for `leaseMs`: unsent, its retry time come, no live lease, its recipient still
 * confirmed and subscribed, its domain's reports still on. TRICKY: SKIP LOCKED lets a second worker
 * pass over the row the first is taking; the lease then keeps it away until the first is done.
 */
export const claimRun = namedQuery("reports.claimRun", async (sql: Queryable, now: Date, leaseMs: number, maxAttempts: number) => {
  const [row] = await sql<Run[]>`
    UPDATE report_runs SET attempts = attempts + 1, lease_until = ${now}::timestamptz + ${leaseMs} * interval '1 millisecond'
    WHERE (domain_id, week, recipient_id) = (
      SELECT run.domain_id, run.week, run.recipient_id
      FROM report_runs run
      JOIN report_recipients r ON r.id = run.recipient_id
      JOIN domains d ON d.id = run.domain_id
      WHERE run.sent_at IS NULL AND run.next_attempt_at <= ${now} AND (run.lease_until IS NULL OR run.lease_until < ${now})
        AND run.attempts < ${maxAttempts}
        AND r.confirmed_at IS NOT NULL AND r.unsubscribed_at IS NULL
        AND d.reports_since IS NOT NULL AND d.deleted_at IS NULL
      ORDER BY run.next_attempt_at
      LIMIT 1
      FOR UPDATE OF run SKIP LOCKED)
    RETURNING domain_id AS "domainId", to_char(week, 'YYYY-MM-DD') AS week, recipient_id AS "recipientId", attempts`;
  return row ?? null;
});

export const markSent = namedQuery("reports.markSent", async (sql: Queryable, run: Run, now: Date) => {
  await sql`
    UPDATE report_runs SET sent_at = ${now}, lease_until = NULL, error = NULL
    WHERE domain_id = ${run.domainId} AND week = ${run.week}::date AND recipient_id = ${run.recipientId}`;
});

export const markFailed = namedQuery("reports.markFailed", async (sql: Queryable, run: Run, retryAt: Date, error: string) => {
  await sql`
    UPDATE report_runs SET next_attempt_at = ${retryAt}, lease_until = NULL, error = ${error.slice(0, 500)}
    WHERE domain_id = ${run.domainId} AND week = ${run.week}::date AND recipient_id = ${run.recipientId}`;
});

/** A domain whose owner turned alerts on, with the address alerts go to. */
type AlertDomain = { id: number; name: string; tz: string; ownerScope: string[]; ownerEmail: string };

export const alertDomains = namedQuery("reports.alertDomains", (sql: Queryable) =>
  sql<AlertDomain[]>`
    SELECT d.id, d.name, d.tz, u.scope AS "ownerScope", u.email AS "ownerEmail"
    FROM domains d JOIN users u ON u.uid = d.owner
    WHERE d.report_alerts AND d.deleted_at IS NULL AND d.verified_at IS NOT NULL`,
);

/**
 * Takes the alert check of local day `today` for the domain: the day it last ran (null if never)
 * when this caller got it, undefined when it ran today already (here or on another node).
 */
export const claimAlertDay = namedQuery("reports.claimAlertDay", async (sql: Queryable, domainId: number, today: string) => {
  const [row] = await sql<{ previous: string | null }[]>`
    UPDATE domains d SET alerts_checked = ${today}::date
    FROM (SELECT id, alerts_checked FROM domains WHERE id = ${domainId} FOR UPDATE) p
    WHERE d.id = p.id AND (p.alerts_checked IS NULL OR p.alerts_checked < ${today}::date)
    RETURNING p.alerts_checked::text AS previous`;
  return row ? row.previous : undefined;
});

export const setAlerts = namedQuery("reports.setAlerts", async (sql: Queryable, domainId: number, on: boolean) => {
  await sql`UPDATE domains SET report_alerts = ${on} WHERE id = ${domainId}`;
});
