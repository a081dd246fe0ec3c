// The database client never hands one query's answer to another: a bare postgres.js client does
// when a parameter's serializer throws behind a query in flight (the reproduction below); the app's
// client (src/db/client.ts) gives each caller its own answer or its own error, and after any other
// client-side fault it reopens its connection and refuses answers to queries begun before.
import { afterAll, beforeAll, expect, test } from "bun:test";
import postgres, { type Sql } from "postgres";
import { embeddedClient, namedQuery } from "../../../src/db";
import { startEmbedded, type EmbeddedServer } from "../../../src/db/embedded";
import { freshDataDir, removeDir } from "../../helpers/db";

let dir: string;
let server: EmbeddedServer;

beforeAll(async () => {
  dir = await freshDataDir();
  server = await startEmbedded(dir);
});
afterAll(async () => {
  await server?.stop();
  removeDir(dir);
});

const INVALID_DATE = new Date(Number.NaN);
const rows = (q: Promise<{ v: string }[]>) => q.then((r) => r.map((x) => x.v));

const dated = (sql: Sql, date: Date) => rows(sql`SELECT ${date}::timestamptz::text AS v`);

/**
 * A query in flight, then one whose Date cannot be serialized, then one more, back to back.
 * NOTE: the dated statement runs once first, so it is prepared: its parameters are then serialized
 * as it is written behind the query in flight (a new statement's wait for the server's Describe).
 */
async function pipelined(sql: Sql) {
  await dated(sql, new Date());
  const inFlight = rows(sql`SELECT 'in flight' AS v FROM pg_sleep(0.05)`);
  const broken = dated(sql, INVALID_DATE);
  const after = rows(sql`SELECT 'after' AS v`);
  return { inFlight, broken, after };
}

test("a bare postgres.js client hands the next query's rows to the query whose serializer threw", async () => {
  const bare = postgres({ path: server.socket, user: "postgres", password: server.password, database: "postgres", max: 1, onnotice: () => {} });
  try {
    const { inFlight, broken, after } = await pipelined(bare);
    void after.catch(() => {});
    // The innocent query in flight gets the broken one's error…
    expect(await inFlight.catch((e: Error) => e.name)).toBe("RangeError");
    // …and the broken one, never sent, gets the rows of the query sent after it.
    expect(await broken).toEqual(["after"]);
  } finally {
    await bare.end({ timeout: 0 });
  }
});

test("the app's client answers each caller with its own rows or its own error", async () => {
  const sql = embeddedClient(server);
  try {
    const { inFlight, broken, after } = await pipelined(sql);
    expect(await inFlight).toEqual(["in flight"]);
    // The server refused the value (22021: a NUL byte), so the error is the broken query's own.
    expect(await broken.catch((e: { code?: string }) => e.code)).toBe("22021");
    expect(await after).toEqual(["after"]);
    expect(await sql`SELECT ${undefined as unknown as string}::text AS v`.catch((e: { code?: string }) => e.code)).toBe("22021");
  } finally {
    await sql.end();
  }
});

test("after a client-side fault the client reopens: no query gets another's rows, later ones answer", async () => {
  const sql = embeddedClient(server);
  const read = namedQuery("test.read", (s, v: string) => rows(s`SELECT ${v}::text AS v FROM pg_sleep(0.02)`));
  // NOTE: postgres.js throws MAX_PARAMETERS_EXCEEDED while writing the query, behind the one in flight.
  const fault = namedQuery("test.fault", (s) => rows(s.unsafe("SELECT 'fault' AS v", new Array<number>(65_535).fill(1))));
  const outcome = (q: Promise<string[]>) => q.catch((e: Error & { status?: number }) => `${e.name} ${e.status ?? ""}`.trim());
  try {
    await read(sql, "warm");
    const [before, faulted, queued] = await Promise.all([outcome(read(sql, "before")), outcome(fault(sql)), outcome(read(sql, "queued"))]);
    for (const [own, got] of [["before", before], ["fault", faulted], ["queued", queued]] as const) {
      if (Array.isArray(got)) expect(got).toEqual([own]);
      else expect(got).toStartWith("QueryError");
    }
    // The client reopened by itself.
    expect(await read(sql, "later")).toEqual(["later"]);
  } finally {
    await sql.end();
  }
});
