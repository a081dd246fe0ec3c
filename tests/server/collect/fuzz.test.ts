// Bad input on every collection endpoint: malformed JSON, huge fields, wrong types, unknown domains,
// binary garbage. Every answer is 2xx or 4xx, never 5xx; the server stays healthy; nothing is stored.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { addDomain, beacon, CHROME_UA, until } from "../../helpers/collect";
import { req, startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ env: { COLLECT_FLUSH_MS: "20" } });
  await addDomain(server.db.sql, "shop.example");
});
afterAll(() => server.stop());

// Deterministic xorshift, so a failure replays the same way.
let seed = 0x2f6b1d;
const rand = () => ((seed ^= seed << 13), (seed ^= seed >>> 17), (seed ^= seed << 5), (seed >>> 0) / 2 ** 32);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const garbage = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));

const valid = { d: "shop.example", p: "/" };
const WRONG_VALUES = [null, true, -1, 1e308, "", "x".repeat(3000), [], {}, [1, 2], { nested: { deep: 1 } }, "\u0000", "🙂".repeat(600)];
const FIELDS = ["d", "p", "r", "w", "z", "l", "t", "b", "u", "v", "x", "n"];

function badBodies(): (string | Uint8Array)[] {
  const out: (string | Uint8Array)[] = [
    "", "{", "}", "null", "[]", "42", '"text"', "{\"d\":", "{'d':'shop.example'}", "\uFEFF{}",
    Uint8Array.from([0xff, 0xfe, 0xfd]), // not UTF-8
    JSON.stringify({ ...valid, p: "no-leading-slash" }),
    JSON.stringify({ ...valid, d: "bad domain with spaces" }),
    JSON.stringify({ ...valid, w: 1.5 }),
    JSON.stringify({ ...valid, u: 2 }),
    JSON.stringify({ ...valid, t: -5 }),
    JSON.stringify({ ...valid, r: "r".repeat(2049) }),
    JSON.stringify({ d: "x".repeat(254), p: "/" }),
    // A NUL in any stored string would fail its batch on every retry and stall collection.
    JSON.stringify({ ...valid, n: "a\u0000b" }),
    JSON.stringify({ ...valid, n: "e", v: "\u0000" }),
    JSON.stringify({ ...valid, p: "/a\u0000" }),
    JSON.stringify({ ...valid, r: "https://x.example/\u0000" }),
  ];
  for (let i = 0; i < 40; i++) out.push(garbage(1 + Math.floor(rand() * 600)));
  for (let i = 0; i < 60; i++) {
    const field = pick(FIELDS), value = pick(WRONG_VALUES);
    // NOTE: the unique and bounce flags take true and false (the tracker sends its comparisons).
    if (!(value === true && (field === "u" || field === "x"))) out.push(JSON.stringify({ ...valid, [field]: value }));
  }
  return out;
}

test("fuzzed requests get 2xx/4xx, never 5xx, the server stays healthy and stores nothing", async () => {
  const statuses = new Map<number, number>();
  const note = (path: string, status: number) => {
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status >= 500) throw new Error(`${path} answered ${status}`);
  };
  for (const body of badBodies()) {
    for (const path of ["/b/v", "/b/l", "/b/e"]) note(path, (await beacon(server.app, path, body)).status);
  }
  // Unknown domains and odd content types: accepted or refused, but never an error.
  for (const d of ["unknown.example", "UNKNOWN.EXAMPLE", "www.unknown.example", "[::1]", "a"]) {
    note("/b/v", (await beacon(server.app, "/b/v", { d, p: "/" })).status);
  }
  for (const type of ["application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "image/png"]) {
    note("/b/v", (await beacon(server.app, "/b/v", "d=shop.example&p=/", { "content-type": type })).status);
  }
  // The pixel's query string.
  for (const q of ["", "?d=", "?d=shop.example&p=nope", `?d=shop.example&p=/${"a".repeat(3000)}`, "?d=%FF%FE", "?d[]=1&p[]=2", "?d=shop.example&p=/%00"]) {
    note("/b/px.gif", (await server.app.handle(req(`/b/px.gif${q}`, { headers: { "user-agent": CHROME_UA } }))).status);
  }
  // Wrong methods on the real port (405/404 must not be 5xx either).
  for (const method of ["PUT", "DELETE", "PATCH", "GET"]) {
    note(`/b/v ${method}`, (await fetch(`${server.url}/b/v`, { method })).status);
  }

  expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
  expect(statuses.get(400) ?? 0).toBeGreaterThan(300);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  // A valid hit still lands after all that, and it is the only row.
  expect((await beacon(server.app, "/b/v", valid)).status).toBe(202);
  const countAll = async () => Number((await server.db.sql`SELECT count(*) AS n FROM hits`)[0]!.n);
  await until("the valid hit to be written", async () => (await countAll()) >= 1, 10_000);
  expect(await countAll()).toBe(1);
});
