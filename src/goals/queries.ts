// Named queries over `goals` (sql/099_goals.sql) and `funnels` (sql/101_funnels.sql), the tables
// this room owns: a domain's goals and funnels, listed by name, each changed or deleted only through
// the domain it belongs to, at most MAX_GOALS and MAX_FUNNELS each; a goal a funnel uses stays.
import { namedQuery, refusedBy, type Queryable } from "../db";
import { MAX_FUNNELS, type Funnel } from "../shared/funnels";
import { MAX_GOALS, type Goal, type GoalKind } from "../shared/goals";

// NOTE: the time as Date#toISOString writes it, so the row is the API's answer as it is.
const CREATED_AT = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`;
const COLUMNS = `id::int AS id, name, kind, match, value, ${CREATED_AT}`;
const FUNNEL_COLUMNS = `id::int AS id, name, steps::int[] AS steps, ${CREATED_AT}`;

/**
 * A write's answer: the goal or funnel, or why there is none: a name the domain has already, no such
 * row, no such domain (deleted since the caller's access check), or a domain with its most.
 */
export type Written<T> = { ok: true; row: T } | { ok: false; reason: "duplicate" | "missing" | "no-domain" | "full" };

const written = async <T>(table: "goals" | "funnels", write: () => Promise<T[]>, none: "missing" | "full"): Promise<Written<T>> => {
  try {
    const [row] = await write();
    return row ? { ok: true, row } : { ok: false, reason: none };
  } catch (err) {
    // NOTE: the constraints' refusals are answers, not failures.
    if (refusedBy(err, "23505", `${table}_domain_name`)) return { ok: false, reason: "duplicate" };
    // TRICKY: the stats room's domain look-up may answer from a few seconds ago, so a domain deleted
    // meanwhile can still pass the access check.
    if (refusedBy(err, "23503", `${table}_domain_id_fkey`)) return { ok: false, reason: "no-domain" };
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
    written("goals", () => sql<Goal[]>`
      INSERT INTO goals (domain_id, name, kind, match, value)
      SELECT ${g.domainId}, ${g.name}, ${g.kind}, ${g.match}, ${g.value}
      WHERE (SELECT count(*) FROM goals WHERE domain_id = ${g.domainId}) < ${MAX_GOALS}
      RETURNING ${sql.unsafe(COLUMNS)}`, "full"),
);

/** Renames the goal, changes its match and/or its value (`null` clears it); what is not given stays. */
export const updateGoal = namedQuery(
  "goals.update",
  (sql: Queryable, domainId: number, id: number, patch: { name?: string; match?: string; value?: string | null }) =>
    written("goals", () => sql<Goal[]>`
      UPDATE goals SET
        name = coalesce(${patch.name ?? null}, name),
        match = coalesce(${patch.match ?? null}, match),
        value = CASE WHEN ${patch.value !== undefined} THEN ${patch.value ?? null} ELSE value END
      WHERE domain_id = ${domainId} AND id = ${id}
      RETURNING ${sql.unsafe(COLUMNS)}`, "missing"),
);

/**
 * Deletes the goal unless a funnel uses it: "deleted", the name of a funnel using it, or "missing"
 * (another domain's id deletes nothing). TRICKY: one statement, so a funnel made meanwhile cannot
 * be left with a step whose goal is gone.
 */
export const deleteGoal = namedQuery("goals.delete", async (sql: Queryable, domainId: number, id: number) => {
  const [row] = await sql<{ deleted: boolean; usedBy: string | null }[]>`
    WITH used AS (SELECT name FROM funnels WHERE domain_id = ${domainId} AND ${id}::bigint = ANY(steps) ORDER BY lower(name) LIMIT 1),
    gone AS (DELETE FROM goals WHERE domain_id = ${domainId} AND id = ${id} AND NOT EXISTS (SELECT 1 FROM used) RETURNING id)
    SELECT EXISTS (SELECT 1 FROM gone) AS deleted, (SELECT name FROM used) AS "usedBy"`;
  return row!.deleted ? "deleted" : row!.usedBy === null ? "missing" : { usedBy: row!.usedBy };
});

export const funnelsOf = namedQuery("goals.funnelsOf", (sql: Queryable, domainId: number) =>
  sql<Funnel[]>`SELECT ${sql.unsafe(FUNNEL_COLUMNS)} FROM funnels WHERE domain_id = ${domainId} ORDER BY lower(name), name, id`,
);

export const insertFunnel = namedQuery("goals.insertFunnel", (sql: Queryable, f: { domainId: number; name: string; steps: number[] }) =>
  written("funnels", () => sql<Funnel[]>`
    INSERT INTO funnels (domain_id, name, steps)
    SELECT ${f.domainId}, ${f.name}, ${f.steps}::bigint[]
    WHERE (SELECT count(*) FROM funnels WHERE domain_id = ${f.domainId}) < ${MAX_FUNNELS}
    RETURNING ${sql.unsafe(FUNNEL_COLUMNS)}`, "full"),
);

/** Renames the funnel and/or changes its steps; what is not given stays. */
export const updateFunnel = namedQuery(
  "goals.updateFunnel",
  (sql: Queryable, domainId: number, id: number, patch: { name?: string; steps?: number[] }) =>
    written("funnels", () => sql<Funnel[]>`
      UPDATE funnels SET name = coalesce(${patch.name ?? null}, name), steps = coalesce(${patch.steps ?? null}::bigint[], steps)
      WHERE domain_id = ${domainId} AND id = ${id}
      RETURNING ${sql.unsafe(FUNNEL_COLUMNS)}`, "missing"),
);

/** True when the domain had that funnel. */
export const deleteFunnel = namedQuery("goals.deleteFunnel", async (sql: Queryable, domainId: number, id: number) => {
  const rows = await sql`DELETE FROM funnels WHERE domain_id = ${domainId} AND id = ${id} RETURNING id`;
  return rows.length > 0;
});
