// The suite's server databases (TEST_DATABASE_URL) without a server: each gets a random name that
// is a plain identifier, and its URL is the server's with only the database changed.
import { expect, test } from "bun:test";
import { databaseUrl, testDatabaseName } from "../../helpers/db";

test("a test database's name: a prefix and 16 hex digits from the random bytes", () => {
  expect(testDatabaseName(new Uint8Array([0, 1, 0xab, 0xff, 2, 3, 4, 5]))).toBe("bothy_test_0001abff02030405");
  const names = new Set(Array.from({ length: 100 }, () => testDatabaseName()));
  expect(names.size).toBe(100);
  for (const name of names) expect(name).toMatch(/^bothy_test_[0-9a-f]{16}$/);
});

test("its URL keeps the server's user, password, host, port and parameters, and names the new database", () => {
  expect(databaseUrl("postgres://ann:s%40cret@127.0.0.1:55432/postgres?sslmode=disable", "bothy_test_00")).toBe(
    "postgres://ann:s%40cret@127.0.0.1:55432/bothy_test_00?sslmode=disable",
  );
  expect(databaseUrl("postgresql://ann@db.internal", "bothy_test_01")).toBe("postgresql://ann@db.internal/bothy_test_01");
  expect(databaseUrl("postgres://ann:pw@[::1]:5432/", "bothy_test_02")).toBe("postgres://ann:pw@[::1]:5432/bothy_test_02");
});
