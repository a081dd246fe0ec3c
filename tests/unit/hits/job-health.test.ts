// PostgreSQL 15's harmless job failure told from a real one, with the values TimescaleDB reports:
// the server's version, the run's last error, and for a refresh the aggregate's watermark against
// where the failed run would have materialized it.
import { describe, expect, test } from "bun:test";
import { harmlessFailure } from "../../../src/hits";

const REFRESH = "policy_refresh_continuous_aggregate";
const STARTED = new Date("2026-11-28T08:30:00Z");
const job = (over: Partial<Parameters<typeof harmlessFailure>[0]> = {}): Parameters<typeof harmlessFailure>[0] => ({
  id: 1001, proc: REFRESH, table: "hits_daily_page", failures: 12, lastRun: STARTED,
  error: "cannot drop portal", serverVersion: 150020, ...over,
});
const at = (iso: string) => new Date(iso);

describe("a failed TimescaleDB job", () => {
  test("on PostgreSQL 15, a refresh whose aggregate moved as far as the run would take it is the harmless one", () => {
    // A daily aggregate ends a bucket back: the run at 08:30 materializes up to the 27th.
    expect(harmlessFailure(job(), at("2026-11-27T00:00:00Z"))).toBe(true);
    expect(harmlessFailure(job(), at("2026-11-28T00:00:00Z"))).toBe(true);
    // An hourly twin ends 2 minutes back: up to 08:00.
    expect(harmlessFailure(job({ table: "hits_hourly_page" }), at("2026-11-28T08:00:00Z"))).toBe(true);
    // PostgreSQL words it with the portal's state and name.
    expect(harmlessFailure(job({ error: 'cannot drop active portal "<unnamed>"' }), at("2026-11-27T00:00:00Z"))).toBe(true);
  });

  test("a refresh whose aggregate stayed behind is a real failure, whatever the message", () => {
    expect(harmlessFailure(job(), at("2026-11-26T00:00:00Z"))).toBe(false);
    expect(harmlessFailure(job({ table: "hits_hourly_page" }), at("2026-11-28T07:00:00Z"))).toBe(false);
    expect(harmlessFailure(job(), null)).toBe(false);
    expect(harmlessFailure(job({ lastRun: null }), at("2026-11-27T00:00:00Z"))).toBe(false);
    expect(harmlessFailure(job({ table: "not_an_aggregate" }), at("2026-11-27T00:00:00Z"))).toBe(false);
  });

  test("PostgreSQL 16 and later, or any other message, is a real failure", () => {
    expect(harmlessFailure(job({ serverVersion: 160004 }), at("2026-11-28T00:00:00Z"))).toBe(false);
    expect(harmlessFailure(job({ serverVersion: 170002 }), at("2026-11-28T00:00:00Z"))).toBe(false);
    expect(harmlessFailure(job({ error: "deadlock detected" }), at("2026-11-28T00:00:00Z"))).toBe(false);
    expect(harmlessFailure(job({ error: "job crash detected, see server logs" }), at("2026-11-28T00:00:00Z"))).toBe(false);
    expect(harmlessFailure(job({ error: null }), at("2026-11-28T00:00:00Z"))).toBe(false);
  });

  test("compression and retention on PostgreSQL 15 with that message are the harmless one: there is no watermark to check", () => {
    expect(harmlessFailure(job({ proc: "policy_compression", table: "hits" }), null)).toBe(true);
    expect(harmlessFailure(job({ proc: "bothy_retention", table: null }), null)).toBe(true);
    expect(harmlessFailure(job({ proc: "policy_compression", table: "hits", serverVersion: 160000 }), null)).toBe(false);
  });
});
