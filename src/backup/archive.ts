// A backup file: an uncompressed tar holding `manifest.json` (Bothy's version, the applied
// migrations, row counts, the payload's sha256) and `pgdata.tar.gz`, the data dir's files gzipped.
// The outer tar lets `tar -xOf FILE manifest.json` read the manifest without Bothy.
import { createHash } from "node:crypto";
import pkg from "../../package.json";

/** What the manifest counts: the main tables, in the same turn as the files are read. */
const COUNTED_TABLES = ["users", "domains", "hits", "imported_daily", "goals", "annotations", "api_keys", "sessions"] as const;

/**
 * One row, one JSON field: the counts and the applied migrations, for the database's own thread.
 * TRICKY: a snapshot before an upgrade holds an older schema, which may lack some of the tables, so
 * each is counted by name through query_to_xml and a missing one is left out.
 */
export const SNAPSHOT_SQL = `SELECT json_build_object(
  'counts', (SELECT json_object_agg(t, (regexp_match(query_to_xml(format('SELECT count(*) AS n FROM %I', t), false, true, '')::text, '<n>(\\d+)</n>'))[1]::bigint)
             FROM unnest(ARRAY[${COUNTED_TABLES.map((t) => `'${t}'`).join(", ")}]) AS t WHERE to_regclass(t) IS NOT NULL),
  'migrations', (SELECT json_agg(version ORDER BY version) FROM schema_migrations))::text AS figures`;

type Figures = { counts: Record<string, number>; migrations: number[] };

export type Manifest = Figures & {
  format: "bothy-backup/1";
  bothy: string;
  createdAt: string;
  payload: { name: typeof PAYLOAD; bytes: number; sha256: string };
};

const MANIFEST = "manifest.json";
const PAYLOAD = "pgdata.tar.gz";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The figures SNAPSHOT_SQL answered, read back from its JSON. */
export function readFigures(json: string): Figures {
  const parsed = JSON.parse(json) as { counts: Record<string, number | string> | null; migrations: number[] | null };
  const counts = Object.fromEntries(Object.entries(parsed.counts ?? {}).map(([table, n]) => [table, Number(n)]));
  return { counts, migrations: parsed.migrations ?? [] };
}

/** The backup file's bytes and its manifest, from the figures and the data dir's tar taken in one turn. */
export async function packBackup(figures: Figures, tar: Uint8Array<ArrayBuffer>, now = new Date()): Promise<{ bytes: Uint8Array; manifest: Manifest }> {
  const payload = Bun.gzipSync(tar);
  const manifest: Manifest = {
    format: "bothy-backup/1",
    bothy: pkg.version,
    createdAt: now.toISOString(),
    ...figures,
    payload: { name: PAYLOAD, bytes: payload.byteLength, sha256: sha256(payload) },
  };
  const archive = new Bun.Archive({ [MANIFEST]: JSON.stringify(manifest, null, 2) + "\n", [PAYLOAD]: payload });
  return { bytes: await archive.bytes(), manifest };
}

type Unpacked = { ok: true; manifest: Manifest; tar: Uint8Array<ArrayBuffer> } | { ok: false; error: string };

/** The manifest and the data dir's tar of a backup file, checked against the checksum; or why not. */
export async function unpackBackup(file: string, bytes: Uint8Array): Promise<Unpacked> {
  const damaged = (why: string): Unpacked => ({ ok: false, error: `backup ${file} is damaged: ${why}` });
  let entries: Map<string, File>;
  try {
    entries = await new Bun.Archive(bytes).files();
  } catch (err) {
    return damaged(`not a readable archive (${err instanceof Error ? err.message : String(err)})`);
  }
  const manifestFile = entries.get(MANIFEST);
  const payloadFile = entries.get(PAYLOAD);
  if (!manifestFile || !payloadFile) return damaged(`${MANIFEST} or ${PAYLOAD} is missing`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await manifestFile.text()) as Manifest;
  } catch {
    return damaged(`${MANIFEST} is not JSON`);
  }
  if (manifest.format !== "bothy-backup/1" || typeof manifest.payload?.sha256 !== "string" || typeof manifest.counts !== "object") {
    return damaged(`${MANIFEST} is not a Bothy backup manifest`);
  }
  const payload = new Uint8Array(await payloadFile.arrayBuffer());
  const actual = sha256(payload);
  if (actual !== manifest.payload.sha256) return damaged(`checksum of ${PAYLOAD} is ${actual}, the manifest says ${manifest.payload.sha256}`);
  try {
    return { ok: true, manifest, tar: Bun.gunzipSync(payload) };
  } catch {
    return damaged(`${PAYLOAD} does not decompress`);
  }
}

/** The tables whose restored count differs from the manifest's, as `table N (backup M)`. */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  return Object.entries(expected)
    .filter(([table, n]) => actual[table] !== n)
    .map(([table, n]) => `${table} ${actual[table] ?? "missing"} (backup ${n})`);
}
