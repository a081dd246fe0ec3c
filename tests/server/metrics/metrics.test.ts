// GET /metrics against the real server: 404 while METRICS_TOKEN is unset, 401 without the right
// bearer token, and with it a Prometheus text exposition that a strict parser reads, whose hit
// counters move when hits arrive and whose stats histogram counts reads by dataType.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { metricsRoom } from "../../../src/metrics";
import { call, dayKey, signUpAndIn } from "../../helpers/api";
import { beacon, until } from "../../helpers/collect";
import { parsePrometheus, sampleValue } from "../../helpers/prometheus";
import { req, startTestServer } from "../../helpers/server";

const TOKEN = "a-metrics-token-of-at-least-32-characters";
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => server.stop());

const scrape = async (token = TOKEN) => server.app.handle(req("/metrics", { headers: { authorization: `Bearer ${token}` } }));
const parsed = async () => parsePrometheus(await (await scrape()).text());

describe("/metrics", () => {
  test("answers 404 when METRICS_TOKEN is unset", async () => {
    const { Elysia } = await import("elysia");
    const { loadConfig } = await import("../../../src/config");
    const config = loadConfig({ DATA_DIR: server.dataDir });
    expect(config.METRICS_TOKEN).toBeUndefined();
    const app = new Elysia().use(metricsRoom({ config, db: server.db } as Parameters<typeof metricsRoom>[0]));
    const res = await app.handle(req("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } }));
    expect(res.status).toBe(404);
  });

  test("answers 401 with a Bearer challenge without the token or with a wrong one", async () => {
    const none = await server.app.handle(req("/metrics"));
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe("Bearer");
    expect((await none.json()).error.code).toBe("unauthorized");
    expect((await scrape(`${TOKEN}x`)).status).toBe(401);
    expect((await scrape("short")).status).toBe(401);
  });

  test("parses as the Prometheus text format, with process metrics and every family Bothy exposes", async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/plain; version=0.0.4");
    const e = parsePrometheus(await res.text());
    expect(Object.fromEntries([...e.types].filter(([n]) => !n.startsWith("bothy_process") && !n.startsWith("bothy_nodejs")))).toEqual({
      bothy_collect_flush_seconds: "histogram",
      bothy_stats_read_seconds: "histogram",
      bothy_inspect_jobs_total: "counter",
      bothy_hits_accepted_total: "counter",
      bothy_hits_written_total: "counter",
      bothy_hits_refused_total: "counter",
      bothy_hits_dropped_total: "counter",
      bothy_collect_flush_failures_total: "counter",
      bothy_collect_buffered_hits: "gauge",
      bothy_stats_cache_lookups_total: "counter",
      bothy_stats_read_admission_total: "counter",
      bothy_realtime_reads_total: "counter",
      bothy_realtime_streams: "gauge",
    });
    expect(sampleValue(e, "bothy_process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(() => parsePrometheus("bothy_x 1")).toThrow("sample without a TYPE");
    expect(() => parsePrometheus("# TYPE bothy_x counter\nbothy_x{a=1} 1")).toThrow("bad labels");
  });

  test("hit counters move when hits arrive, and stats reads are timed by dataType", async () => {
    const before = await parsed();
    const accepted = sampleValue(before, "bothy_hits_accepted_total") ?? -1;
    const unknown = sampleValue(before, "bothy_hits_dropped_total", { reason: "unknown_domain" }) ?? -1;
    expect(accepted).toBe(0);

    const cookie = await signUpAndIn(server.app, { email: "m@example.com", password: "a sturdy passphrase", name: "M" });
    await server.db.sql`UPDATE users SET verified = true WHERE email = 'm@example.com'`;
    const same = { origin: "http://bothy.test" };
    expect((await call(server.app, "POST", "/api/domains", { cookie, headers: same, body: { domain: "m.example", tz: "UTC" } })).status).toBe(201);
    for (const p of ["/a", "/b"]) expect((await beacon(server.app, "/b/v", { d: "m.example", p })).status).toBe(202);
    expect((await beacon(server.app, "/b/v", { d: "nobody.example", p: "/" })).status).toBe(202);
    const after = (await until("two hits written", async () => {
      const e = await parsed();
      return sampleValue(e, "bothy_hits_written_total") === 2 ? e : null;
    }))!;
    expect(sampleValue(after, "bothy_hits_accepted_total")).toBe(accepted + 2);
    expect(sampleValue(after, "bothy_hits_dropped_total", { reason: "unknown_domain" })).toBe(unknown + 1);
    expect(sampleValue(after, "bothy_collect_flush_seconds_count")).toBeGreaterThan(0);

    // NOTE: a past day, sealed whatever the hour, so the read asks the cache (today is not sealed in
    // its first seconds); the domain is made older so the day is not cut at its creation.
    await server.db.sql`UPDATE domains SET created = '2025-01-01' WHERE name = 'm.example'`;
    const stats = await call(server.app, "GET", `/api/stats?domain=m.example&startKey=${dayKey(2)}&endKey=${dayKey(2)}&dataType=SUMMARY`, { cookie });
    expect(stats.status).toBe(200);
    const read = await parsed();
    expect(sampleValue(read, "bothy_stats_read_seconds_count", { dataType: "SUMMARY" })).toBe(1);
    expect(sampleValue(read, "bothy_stats_read_seconds_count", { dataType: "PATH" })).toBeUndefined();
    const lookups = (sampleValue(read, "bothy_stats_cache_lookups_total", { result: "hit" }) ?? 0) +
      (sampleValue(read, "bothy_stats_cache_lookups_total", { result: "miss" }) ?? 0);
    expect(lookups).toBeGreaterThan(0);
  });
});
