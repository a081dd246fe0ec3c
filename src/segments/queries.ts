// Named queries over `segments` (sql/098_segments.sql), the table this room owns: a domain's saved
// filter sets, listed by name, each changed or deleted only through the domain it belongs to.
import { namedQuery, refusedBy, type Queryable } from "../db";
import type { Filter } from "../shared/filters";
import type { Segment } from "../shared/segments";

// NOTE: the times as Date#toISOString writes them, so the row is the API's answer as it is.
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const COLUMNS = `id::int AS id, name, filters,
  to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS "createdAt", to_char(updated_at AT TIME ZONE 'UTC', ${ISO}) AS "updatedAt"`;

/**
 * A write's answer: the segment, or why there is none: a name the domain has already, no such
 * segment, or no such domain (deleted since the caller's access check).
 */
export type Written = { ok: true; segment: Segment } | { ok: false; reason: "duplicate" | "missing" | "no-domain" };

const written = async (write: () => Promise<Segment[]>): Promise<Written> => {
  try {
    const [row] = await write();
    return row ? { ok: true, segment: row } : { ok: false, reason: "missing" };
  } catch (err) {
    // NOTE: the constraints' refusals are answers, not failures.
    if (refusedBy(err, "23505", "segments_domain_name")) return { ok: false, reason: "duplicate" };
    // TRICKY: under load the stats room's domain look-up may answer from a few seconds ago, so a
    // domain deleted meanwhile can still pass the access check.
    if (refusedBy(err, "23503", "segments_domain_id_fkey")) return { ok: false, reason: "no-domain" };
    throw err;
  }
};

export const segmentsOf = namedQuery("segments.of", (sql: Queryable, domainId: number) =>
  sql<Segment[]>`SELECT ${sql.unsafe(COLUMNS)} FROM segments WHERE domain_id = ${domainId} ORDER BY lower(name), name, id`,
);

/** The domain a segment belongs to; null when there is no such segment. */
export const domainOfSegment = namedQuery("segments.domainOf", async (sql: Queryable, id: number) => {
  const [row] = await sql<{ domainId: number }[]>`SELECT domain_id AS "domainId" FROM segments WHERE id = ${id}`;
  return row?.domainId ?? null;
});

export const insertSegment = namedQuery(
  "segments.insert",
  (sql: Queryable, s: { domainId: number; name: string; filters: Filter[]; createdBy: string }) =>
    written(() => sql<Segment[]>`
      INSERT INTO segments (domain_id, name, filters, created_by) VALUES (${s.domainId}, ${s.name}, ${sql.json(s.filters)}, ${s.createdBy})
      RETURNING ${sql.unsafe(COLUMNS)}`),
);

/** Renames the segment and/or replaces its filters; what is not given stays. */
export const updateSegment = namedQuery(
  "segments.update",
  (sql: Queryable, domainId: number, id: number, patch: { name?: string; filters?: Filter[] }) =>
    written(() => sql<Segment[]>`
      UPDATE segments SET
        name = coalesce(${patch.name ?? null}, name),
        filters = coalesce(${patch.filters ? sql.json(patch.filters) : null}::jsonb, filters),
        updated_at = now()
      WHERE domain_id = ${domainId} AND id = ${id}
      RETURNING ${sql.unsafe(COLUMNS)}`),
);

/** True when the domain had that segment (another domain's id deletes nothing). */
export const deleteSegment = namedQuery("segments.delete", async (sql: Queryable, domainId: number, id: number) => {
  const rows = await sql`DELETE FROM segments WHERE domain_id = ${domainId} AND id = ${id} RETURNING id`;
  return rows.length > 0;
});
