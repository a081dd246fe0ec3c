// Named queries over `goals` (sql/099_goals.sql), the table this room owns: a domain's goals, listed
// by name, each changed or deleted only through the domain it belongs to, at most MAX_GOALS each.
import { namedQuery, refusedBy, type Queryable } from "../db";
import { MAX_GOALS, type Goal, type GoalKind } from "../shared/goals";

// NOTE: the time as Date#toISOString writes it, so the row is the API's answer as it is.
const COLUMNS = `id::int AS id, name, kind, match, value,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`;

/**
 * A write's answer: the goal, or why there is none: a name the domain has already, no such goal,
 * no such domain (deleted since the caller's access check), or a domain with MAX_GOALS goals.
 */
export type Written = { ok: true; goal: Goal } | { ok: false; reason: "duplicate" | "missing" | "no-domain" | "full" };

const written = async (write: () => Promise<Goal[]>, none: "missing" | "full"): Promise<Written> => {
  try {
    const [row] = await write();
    return row ? { ok: true, goal: row } : { ok: false, reason: none };
  } catch (err) {
    // NOTE: the constraints' refusals are answers, not failures.
    if (refusedBy(err, "23505", "goals_domain_name")) return { ok: false, reason: "duplicate" };
    // TRICKY: the stats room's domain look-up may answer from a few seconds ago, so a domain deleted
    // meanwhile can still pass the access check.
    if (refusedBy(err, "23503", "goals_domain_id_fkey")) return { ok: false, reason: "no-domain" };
    throw err;
  }
};

export const goalsOf = namedQuery("goals.of", (sql: Queryable, domainId: number) =>
  sql<Goal[]>`SELECT ${sql.unsafe(COLUMNS)} FROM goals WHERE domain_id = ${domainId} ORDER BY lower(name), name, id`,
);

// TRICKY: the count and the insert are one statement, so two adds at once cannot both pass a
// count read before either wrote; a domain with MAX_GOALS goals inserts nothing ("full").
export const insertGoal = namedQuery(
  "goals.insert",
  (sql: Queryable, g: { domainId: number; name: string; kind: GoalKind; match: string; value: string | null }) =>
    written(() => sql<Goal[]>`
      INSERT INTO goals (domain_id, name, kind, match, value)
      SELECT ${g.domainId}, ${g.name}, ${g.kind}, ${g.match}, ${g.value}
      WHERE (SELECT count(*) FROM goals WHERE domain_id = ${g.domainId}) < ${MAX_GOALS}
      RETURNING ${sql.unsafe(COLUMNS)}`, "full"),
);

/** Renames the goal, changes its match and/or its value (`null` clears it); what is not given stays. */
export const updateGoal = namedQuery(
  "goals.update",
  (sql: Queryable, domainId: number, id: number, patch: { name?: string; match?: string; value?: string | null }) =>
    written(() => sql<Goal[]>`
      UPDATE goals SET
        name = coalesce(${patch.name ?? null}, name),
        match = coalesce(${patch.match ?? null}, match),
        value = CASE WHEN ${patch.value !== undefined} THEN ${patch.value ?? null} ELSE value END
      WHERE domain_id = ${domainId} AND id = ${id}
      RETURNING ${sql.unsafe(COLUMNS)}`, "missing"),
);

/** True when the domain had that goal (another domain's id deletes nothing). */
export const deleteGoal = namedQuery("goals.delete", async (sql: Queryable, domainId: number, id: number) => {
  const rows = await sql`DELETE FROM goals WHERE domain_id = ${domainId} AND id = ${id} RETURNING id`;
  return rows.length > 0;
});
