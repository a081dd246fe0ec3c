// Stats reads go to DATABASE_READ_URL: the app runs against a shared database (`db:serve`, or the
// suite's server with TEST_DATABASE_URL), with the read URL pointing at a TCP relay in front of the
// same database (as a streaming replica would be). The relay sees no traffic until a stats read,
// then carries it; with the relay down, stats fail while the rest of the API, on the primary, still
// answers.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { call, dayKey, verifiedSession } from "../../helpers/api";
import { sharedDatabase, startTestServer } from "../../helpers/server";
import { UNAVAILABLE_MESSAGE } from "../../../src/http/errors";

// NOTE: a recent range: free plans read only the last 30 days.
const START = dayKey(7);
const END = dayKey(1);
let db: Awaited<ReturnType<typeof sharedDatabase>>;
let server: Awaited<ReturnType<typeof startTestServer>>;
let relay: Server;
const relayed = { connections: 0, bytes: 0 };
const open = new Set<Socket>();

beforeAll(async () => {
  db = await sharedDatabase();
  const target = new URL(db.url);
  relay = createServer((client) => {
    relayed.connections++;
    const upstream = createConnection(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on("close", () => open.delete(s));
      s.on("error", () => {});
    }
    client.on("data", (chunk) => (relayed.bytes += chunk.length));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const port = (relay.address() as { port: number }).port;
  const readUrl = new URL(db.url);
  readUrl.port = String(port);
  server = await startTestServer({
    env: { DATABASE_URL: db.url, DATABASE_READ_URL: readUrl.toString(), DATABASE_POOL: "1" },
  });
});
afterAll(async () => {
  await server?.stop();
  relay?.close();
  await db?.stop();
});

test("stats are read through DATABASE_READ_URL, and only stats", async () => {
  expect(server.db.read).not.toBe(server.db.sql);
  const cookie = await verifiedSession(server, "reader@example.com", "a sturdy passphrase");
  const same = { origin: "http://bothy.test" };
  expect((await call(server.app, "POST", "/api/domains", { cookie, headers: same, body: { domain: "read.example.com" } })).status).toBe(201);
  // Sign-up, sessions and domains live on the primary: the replica has not been asked anything.
  expect(relayed).toEqual({ connections: 0, bytes: 0 });

  const res = await call(server.app, "GET", `/api/stats?domain=read.example.com&startKey=${START}&endKey=${END}&dataType=SUMMARY`, { cookie });
  expect(res.status).toBe(200);
  expect(res.json.validated.SK).toBe("read.example.com");
  expect(relayed.connections).toBe(1);
  expect(relayed.bytes).toBeGreaterThan(0);

  // With the replica gone, stats fail; everything on the primary still answers.
  relay.close();
  for (const s of open) s.destroy();
  const down = await call(server.app, "GET", `/api/stats?domain=read.example.com&startKey=${START}&endKey=${END}&dataType=SUMMARY`, { cookie });
  // NOTE: a database that cannot be reached is an outage: 503 with Retry-After, not a 500.
  expect(down.status).toBe(503);
  expect(down.json.error.message).toBe(UNAVAILABLE_MESSAGE);
  expect((await call(server.app, "GET", "/api/domains", { cookie })).status).toBe(200);
});
