// A full text dump of every ordinary table in the database, for tests that must prove something
// is nowhere: a deleted account, an IP address, a user-agent string.
import type { Sql } from "postgres";

export async function dumpAllTables(sql: Sql): Promise<string> {
  const tables = await sql<{ name: string }[]>`
    SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
    WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
      AND schemaname NOT LIKE '\\_timescaledb%' ESCAPE '\\'`;
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await sql.unsafe(`SELECT t::text AS row FROM ${name} t`);
    parts.push(`## ${name}\n${rows.map((r) => r.row).join("\n")}`);
  }
  return parts.join("\n");
}
