// GET /api/inspect-card.png when Chromium cannot draw the card: a 503 in the house error shape with
// Retry-After, nothing stored, and the next request tries again. (api.test.ts draws real cards;
// internal.test.ts has an app whose worker draws them.)
import { afterAll, beforeAll, expect, test } from "bun:test";
import { req, startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  // NOTE: no browser at that path, so every draw fails; the queue (which draws cards on demand) has
  // no job, so nothing else asks for one.
  server = await startTestServer({ env: { INSPECT_CONCURRENCY: "1", CHROMIUM_PATH: "/nonexistent/chromium" } });
});
afterAll(() => server.stop());

test("a card Chromium fails to draw answers 503 with Retry-After, stores nothing, and a later request tries again", async () => {
  const url = "https://card.example/";
  await server.db.sql`
    INSERT INTO inspections (url, status, requested_at, started_at, finished_at, bytes, bytes_initial, filecount, co2, detail)
    VALUES (${url}, 'done', now(), now(), now(), 1000, 500, 3, 0.1, ${server.db.sql.json({ title: "Card", finalUrl: url, rating: "A" })})`;
  for (const attempt of [1, 2]) {
    const res = await server.app.handle(req(`/api/inspect-card.png?url=${encodeURIComponent(url)}`));
    expect(res.status, `attempt ${attempt}`).toBe(503);
    expect(res.headers.get("retry-after")).toBe("60");
    expect(await res.json()).toEqual({
      error: { status: 503, code: "unavailable", message: "The result's image cannot be drawn right now; please try again in a minute" },
    });
  }
  const [cards] = await server.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM inspection_cards`;
  expect(cards!.n).toBe(0);
});
