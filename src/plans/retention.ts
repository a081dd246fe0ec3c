// How long a domain keeps its raw hits, by its owner's plan: Pro (or a domain with the pro scope)
// keeps everything, Free keeps FREE_HISTORY_DAYS. A domain leaving Pro keeps everything for
// DOWNGRADE_GRACE_DAYS first (retention_grace_until); bothy_retention (sql/073) does the deleting.
import { namedQuery, type Queryable } from "../db";
import { DOWNGRADE_GRACE_DAYS, FREE_HISTORY_DAYS } from "../shared/plans";

const DAY_MS = 86_400_000;

/**
 * Sets the retention of every domain `uid` owns for the plan they now have: called when a domain is
 * created or taken over and when Pro is granted or revoked (`at` is when). Revoking starts the grace
 * period once: domains already under the free window keep theirs, so a replayed revocation never
 * moves the date.
 */
export const applyPlanRetention = namedQuery(
  "plans.applyRetention",
  async (sql: Queryable, uid: string, plan: { pro: boolean; at: Date }) => {
    if (plan.pro) {
      await sql`UPDATE domains SET retention_days = NULL, retention_grace_until = NULL
        WHERE owner = ${uid} AND retention_days IS NOT NULL`;
      return;
    }
    const graceEnds = new Date(plan.at.getTime() + DOWNGRADE_GRACE_DAYS * DAY_MS);
    await sql`UPDATE domains SET retention_days = ${FREE_HISTORY_DAYS}, retention_grace_until = ${graceEnds}
      WHERE owner = ${uid} AND retention_days IS NULL AND NOT ('pro' = ANY(scope))`;
  },
);

/** A new domain of a free account keeps the free window from the start: it has no history to spare. */
export const applyNewDomainRetention = namedQuery(
  "plans.applyNewDomainRetention",
  async (sql: Queryable, domainId: number, pro: boolean) => {
    await sql`UPDATE domains SET retention_days = ${pro ? null : FREE_HISTORY_DAYS}, retention_grace_until = NULL
      WHERE id = ${domainId}`;
  },
);

/**
 * Brings every owned domain in line with its owner's plan, as applyPlanRetention would: domains
 * from before plans kept retention, and an instance leaving beta (where everyone is Pro), get the
 * free window after a grace period; domains of Pro owners lose any window.
 */
export const reconcilePlanRetention = namedQuery("plans.reconcileRetention", async (sql: Queryable, beta: boolean, at: Date) => {
  const graceEnds = new Date(at.getTime() + DOWNGRADE_GRACE_DAYS * DAY_MS);
  await sql`UPDATE domains d SET retention_days = NULL, retention_grace_until = NULL FROM users u
    WHERE d.owner = u.uid AND d.retention_days IS NOT NULL AND (${beta} OR 'pro' = ANY(u.scope) OR 'pro' = ANY(d.scope))`;
  if (beta) return;
  await sql`UPDATE domains d SET retention_days = ${FREE_HISTORY_DAYS}, retention_grace_until = ${graceEnds} FROM users u
    WHERE d.owner = u.uid AND d.retention_days IS NULL AND NOT ('pro' = ANY(u.scope)) AND NOT ('pro' = ANY(d.scope))`;
});

/** When the owner's downgrade grace ends, if any of their domains is still in it. */
export const retentionGraceEnd = namedQuery("plans.retentionGraceEnd", async (sql: Queryable, uid: string) => {
  const [row] = await sql<{ until: Date | null }[]>`
    SELECT max(retention_grace_until) AS until FROM domains
    WHERE owner = ${uid} AND deleted_at IS NULL AND retention_grace_until > now()`;
  return row?.until ?? null;
});
