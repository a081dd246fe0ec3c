// A backup file: an uncompressed tar holding `manifest.json` (Bothy's version, the applied
// migrations, row counts, the payload's sha256) and the payload: `pgdata.tar.gz`, the embedded
// data dir's files gzipped, or `database.pgdump`, a database server's pg_dump (custom format,
// compressed by pg_dump; the manifest adds the server's versions). The outer tar lets
// `tar -xOf FILE manifest.json` read the manifest without Bothy.
import { createHash } from "node:crypto";
import pkg from "../../package.json";
import { namedQuery, type Queryable } from "../db";

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

/** The versions of the database server a pg_dump came from: its restore needs the same TimescaleDB. */
export type ServerFacts = { postgres: string; timescaledb: string | null };

export type Manifest = Figures & {
  format: "bothy-backup/1";
  bothy: string;
  createdAt: string;
  /** Only in a backup of a database server (DATABASE_URL). */
  server?: ServerFacts;
  payload: { name: Payload; bytes: number; sha256: string };
};

const MANIFEST = "manifest.json";
const PAYLOAD = "pgdata.tar.gz";
const DUMP = "database.pgdump";
type Payload = typeof PAYLOAD | typeof DUMP;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The figures SNAPSHOT_SQL answered, read back from its JSON. */
export function readFigures(json: string): Figures {
  const parsed = JSON.parse(json) as { counts: Record<string, number | string> | null; migrations: number[] | null };
  const counts = Object.fromEntries(Object.entries(parsed.counts ?? {}).map(([table, n]) => [table, Number(n)]));
  return { counts, migrations: parsed.migrations ?? [] };
}

/** The figures of the database `sql` reaches (in its transaction, when it is one). */
export const figuresIn = namedQuery("backup.figures", async (sql: Queryable) => {
  const [row] = await sql.unsafe<{ figures: string }[]>(SNAPSHOT_SQL);
  return readFigures(row!.figures);
});

/** The backup file's bytes and its manifest, from the figures and the data dir's tar taken in one turn. */
export const packBackup = (figures: Figures, tar: Uint8Array<ArrayBuffer>, now = new Date()) => pack(figures, PAYLOAD, Bun.gzipSync(tar), now);

/** The backup file's bytes and its manifest, from a server's pg_dump and the figures of its snapshot. */
export const packDump = (figures: Figures, server: ServerFacts, dump: Uint8Array, now = new Date()) => pack({ ...figures, server }, DUMP, dump, now);

async function pack(figures: Figures & { server?: ServerFacts }, name: Payload, payload: Uint8Array, now: Date): Promise<{ bytes: Uint8Array; manifest: Manifest }> {
  const manifest: Manifest = {
    format: "bothy-backup/1",
    bothy: pkg.version,
    createdAt: now.toISOString(),
    ...figures,
    payload: { name, bytes: payload.byteLength, sha256: sha256(payload) },
  };
  const archive = new Bun.Archive({ [MANIFEST]: JSON.stringify(manifest, null, 2) + "\n", [name]: payload });
  return { bytes: await archive.bytes(), manifest };
}

type Read = { ok: true; manifest: Manifest; payload: Uint8Array<ArrayBuffer> } | { ok: false; error: string };

// NOTE: a backup restores only the way it was taken, and the refusal says which way that is.
const OTHER_WAY: Record<Payload, string> = {
  [PAYLOAD]: "holds an embedded database's files: restore it into an empty DATA_DIR with DATABASE_URL unset",
  [DUMP]: "is a database server's pg_dump: restore it with DATABASE_URL naming a new, empty database",
};

/** The manifest and the payload `name` of a backup file, checked against the checksum; or why not. */
async function read(file: string, bytes: Uint8Array, name: Payload): Promise<Read> {
  const damaged = (why: string): Read => ({ ok: false, error: `backup ${file} is damaged: ${why}` });
  let entries: Map<string, File>;
  try {
    entries = await new Bun.Archive(bytes).files();
  } catch (err) {
    return damaged(`not a readable archive (${err instanceof Error ? err.message : String(err)})`);
  }
  const other = name === PAYLOAD ? DUMP : PAYLOAD;
  if (!entries.has(name) && entries.has(other)) return { ok: false, error: `backup ${file} ${OTHER_WAY[other]}` };
  const manifestFile = entries.get(MANIFEST);
  const payloadFile = entries.get(name);
  if (!manifestFile || !payloadFile) return damaged(`${MANIFEST} or ${name} is missing`);
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
  if (actual !== manifest.payload.sha256) return damaged(`checksum of ${name} is ${actual}, the manifest says ${manifest.payload.sha256}`);
  return { ok: true, manifest, payload };
}

type Unpacked = { ok: true; manifest: Manifest; tar: Uint8Array<ArrayBuffer> } | { ok: false; error: string };

/** The manifest and the data dir's tar of an embedded database's backup, checked; or why not. */
export async function unpackBackup(file: string, bytes: Uint8Array): Promise<Unpacked> {
  const got = await read(file, bytes, PAYLOAD);
  if (!got.ok) return got;
  try {
    return { ok: true, manifest: got.manifest, tar: Bun.gunzipSync(got.payload) };
  } catch {
    return { ok: false, error: `backup ${file} is damaged: ${PAYLOAD} does not decompress` };
  }
}

type UnpackedDump = { ok: true; manifest: Manifest; server: ServerFacts; dump: Uint8Array } | { ok: false; error: string };

/** The manifest, the server's versions and the pg_dump of a database server's backup, checked; or why not. */
export async function unpackDump(file: string, bytes: Uint8Array): Promise<UnpackedDump> {
  const got = await read(file, bytes, DUMP);
  if (!got.ok) return got;
  const server = got.manifest.server;
  if (!server) return { ok: false, error: `backup ${file} is damaged: ${MANIFEST} names no database server` };
  return { ok: true, manifest: got.manifest, server, dump: got.payload };
}

/** The tables whose restored count differs from the manifest's, as `table N (backup M)`. */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  return Object.entries(expected)
    .filter(([table, n]) => actual[table] !== n)
    .map(([table, n]) => `${table} ${actual[table] ?? "missing"} (backup ${n})`);
}
