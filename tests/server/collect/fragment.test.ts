// Fragments as stored, whatever the client sends: a hash router's route is kept with the path, any
// other fragment (an OAuth #access_token=…) is dropped before the hit is written; the tracker's
// "?"-prefixed utm_* still count as campaigns.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { addDomain, beacon, until } from "../../helpers/collect";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
let site: number;
beforeAll(async () => {
  server = await startTestServer({ env: { COLLECT_FLUSH_MS: "20" } });
  site = await addDomain(server.db.sql, "spa.example");
});
afterAll(() => server.stop());

const stored = async (n: number) =>
  until(`${n} rows`, async () => {
    const rows = await server.db.sql<{ path: string; utm_source: string | null }[]>`
      SELECT path, utm_source FROM hits WHERE site_id = ${site} ORDER BY path`;
    return rows.length === n ? rows : null;
  });

test("#access_token=… and other parameter fragments are never stored; routes are", async () => {
  const sent = [
    "/login?#access_token=abc&token_type=bearer",
    "/app?#/inbox?access_token=abc",
    "/app?#a=b&c=d",
    "/app?#!/item/4",
    "/welcome??utm_source=News#id_token",
  ];
  for (const p of sent) expect((await beacon(server.app, "/b/v", { d: "spa.example", p, w: 1280, u: 1 })).status).toBe(202);
  const rows = (await stored(sent.length))!;
  expect(rows.map((r) => r.path).sort()).toEqual(["/app", "/app#!/item/4", "/app#/inbox", "/login", "/welcome"]);
  expect(rows.find((r) => r.path === "/welcome")!.utm_source).toBe("news");
  const [leak] = await server.db.sql`SELECT count(*)::int AS n FROM hits WHERE path LIKE '%access_token%' OR path LIKE '%id_token%'`;
  expect(leak!.n).toBe(0);
});
