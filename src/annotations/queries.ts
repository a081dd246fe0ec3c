// Named queries over `annotations` (sql/088_annotations.sql), the table this room owns: the owner's
// notes and the automatic alerts, read by local day for the dashboard, the API and the export.
import { namedQuery, type Queryable } from "../db";
import type { Annotation, AnnotationKind } from "../shared/annotations";

const COLUMNS = `id::int AS id, day::text AS day, text, kind`;

export const annotationsIn = namedQuery("annotations.in", (sql: Queryable, domainId: number, startKey: string, endKey: string) =>
  sql<Annotation[]>`
    SELECT ${sql.unsafe(COLUMNS)} FROM annotations
    WHERE domain_id = ${domainId} AND day BETWEEN ${startKey}::date AND ${endKey}::date ORDER BY day, id`,
);

export const insertNote = namedQuery("annotations.insertNote", async (sql: Queryable, domainId: number, day: string, text: string) => {
  const [row] = await sql<Annotation[]>`
    INSERT INTO annotations (domain_id, day, text, kind) VALUES (${domainId}, ${day}::date, ${text}, 'note')
    RETURNING ${sql.unsafe(COLUMNS)}`;
  return row!;
});

/** True when the domain had that annotation (another domain's id deletes nothing). */
export const deleteAnnotation = namedQuery("annotations.delete", async (sql: Queryable, domainId: number, id: number) => {
  const rows = await sql`DELETE FROM annotations WHERE domain_id = ${domainId} AND id = ${id} RETURNING id`;
  return rows.length > 0;
});

export type NewAlert = { domainId: number; day: string; text: string; kind: Exclude<AnnotationKind, "note">; key: string; data: Record<string, string | number> };

/** Adds the alert's annotation; nothing when one with its key exists already (the check ran before). */
export const insertAlert = namedQuery("annotations.insertAlert", async (sql: Queryable, a: NewAlert) => {
  await sql`
    INSERT INTO annotations (domain_id, day, text, kind, key, data)
    VALUES (${a.domainId}, ${a.day}::date, ${a.text}, ${a.kind}, ${a.key}, ${sql.json(a.data)})
    ON CONFLICT (domain_id, key) DO NOTHING`;
});

/** The bytes per visit a page was last alerted at, on or after `sinceDay`; null if never. */
export const lastAlertLevel = namedQuery("annotations.lastAlertLevel", async (sql: Queryable, domainId: number, path: string, sinceDay: string) => {
  const [row] = await sql<{ level: number }[]>`
    SELECT (data->>'bytesPerVisit')::float8 AS level FROM annotations
    WHERE domain_id = ${domainId} AND kind = 'regression' AND data->>'path' = ${path} AND day >= ${sinceDay}::date
    ORDER BY day DESC, id DESC LIMIT 1`;
  return row?.level ?? null;
});

/** Alerts of the domain whose mail has not gone yet (a failed send is tried again on the next pass). */
export const unmailedAlerts = namedQuery("annotations.unmailed", (sql: Queryable, domainId: number) =>
  sql<Annotation[]>`
    SELECT ${sql.unsafe(COLUMNS)} FROM annotations
    WHERE domain_id = ${domainId} AND kind <> 'note' AND mailed_at IS NULL ORDER BY day, id`,
);

export const markMailed = namedQuery("annotations.markMailed", async (sql: Queryable, ids: number[], at: Date) => {
  await sql`UPDATE annotations SET mailed_at = ${at} WHERE id = ANY(${ids}::bigint[])`;
});
