// The last-admin rule under concurrency: two admins demoting (or deleting) each other at the same
// moment leave one admin, never none. On the embedded database one connection runs one statement
// at a time, so only the outcome can be checked there; on a database server (TEST_DATABASE_URL) the
// test holds the rule's lock itself, lets both changes queue behind it, then releases them together.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { deleteAccount, setScope } from "../../../src/auth";
import { hashPassword } from "../../../src/auth/passwords";
import { createUser } from "../../../src/auth/users";
import { until } from "../../helpers/collect";
import { TEST_SERVER_URL } from "../../helpers/db";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
let admins: string[];

beforeEach(async () => {
  server = await startTestServer();
  const hash = await hashPassword("a sturdy passphrase");
  admins = [];
  for (const email of ["first.admin@example.com", "second.admin@example.com"]) {
    const user = await createUser(server.db.sql, { email, name: "A", passwordHash: hash, scope: ["admin"], verified: true });
    admins.push(user!.uid);
  }
});
afterEach(() => server.stop());

const adminCount = async () => (await server.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE 'admin' = ANY(scope)`)[0]!.n;

test("two admins demoting each other at once: one succeeds, one admin remains", async () => {
  const [a, b] = admins as [string, string];
  const outcomes = await Promise.all([setScope(server.db.sql, a, "admin", false), setScope(server.db.sql, b, "admin", false)]);
  expect(outcomes.sort()).toEqual(["done", "last-admin"]);
  expect(await adminCount()).toBe(1);
});

test("two admins deleting each other at once: one is deleted, one admin remains", async () => {
  const [a, b] = admins as [string, string];
  const ctx = { db: server.db };
  const outcomes = await Promise.all([deleteAccount(ctx, a), deleteAccount(ctx, b)]);
  expect(outcomes.sort()).toEqual(["done", "last-admin"]);
  expect(await adminCount()).toBe(1);
});

test.skipIf(!TEST_SERVER_URL)("on a database server, demotions released together still leave one admin", async () => {
  const [a, b] = admins as [string, string];
  const holder = await server.db.sql.reserve();
  try {
    // NOTE: the rule's lock, held by this session: both demotions must queue behind it, or
    // (without the lock) both run at once and each sees the other still admin.
    await holder`SELECT pg_advisory_lock(${0x6164_6d6e}::bigint)`;
    const racing = Promise.all([setScope(server.db.sql, a, "admin", false), setScope(server.db.sql, b, "admin", false)]);
    await until("both demotions waiting for the lock", async () => {
      const [w] = await holder<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`;
      return w!.n === 2;
    });
    await holder`SELECT pg_advisory_unlock(${0x6164_6d6e}::bigint)`;
    expect((await racing).sort()).toEqual(["done", "last-admin"]);
    expect(await adminCount()).toBe(1);
  } finally {
    holder.release();
  }
});
