// A full text dump of the database, for tests that must prove something is nowhere: a deleted
// account, an IP address, a user-agent string. Every table, partition, chunk and materialized
// aggregate (TimescaleDB's internal schemas included) is read row by row.
import type { Sql } from "postgres";

export async function dumpAllTables(sql: Sql): Promise<string> {
  const relations = await sql<{ name: string }[]>`
    SELECT format('%I.%I', n.nspname, c.relname) AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'm', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')`;
  const parts: string[] = [];
  for (const { name } of relations) {
    const rows = await sql.unsafe(`SELECT t::text AS row FROM ${name} t`);
    parts.push(`-- ${name}\n${rows.map((r) => r.row).join("\n")}`);
  }
  return parts.join("\n");
}
