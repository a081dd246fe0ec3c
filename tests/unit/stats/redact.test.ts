import { describe, expect, test } from "bun:test";
import type { RefStats, SummaryStats } from "../../../src/stats/contract";
import { redactDemo, REDACTED } from "../../../src/stats/redact";

const envelope = {
  validated: {
    SK: "demo.bothy.eco", tz: "Europe/London", created: "2026-01-01T00:00:00.000Z", publicID: "p", startKey: "2026-01-01",
    endKey: "2026-01-07", today: "2026-01-07", pro: true, historyDays: 30, demo: false,
  },
  admin: false,
  periods: { now: { startKey: "2026-01-01", endKey: "2026-01-07" }, then: { startKey: "2025-12-25", endKey: "2025-12-31" } },
  error: null,
} as const;

const row = (label: string, value: number, pc: number, c: number | null = 10) => ({ label, value, pc, c });

const ref: RefStats = {
  ...envelope,
  validated: { ...envelope.validated },
  dataType: "REF",
  count: { result: 6, campaign: 0 },
  type: { result: "referrer", campaign: "campaign" },
  result: [
    row("direct", 50, 0.5), row("google.com", 20, 0.2), row("blog-1.example", 12, 0.12),
    { ...row("t.co", 8, 0.08), children: [row("t.co/x", 8, 1)] }, row("private.example", 6, 0.06), row("unknown", 4, 0.04),
  ],
  path: {
    "google.com": [row("/", 20, 1)],
    "blog-1.example": [row("/", 6, 0.5), row("/docs/", 6, 0.5)],
    "private.example": [row("/", 6, 1)],
  },
  campaign: [],
  tweets: [{ u: "https://x.com/someone/status/1", visits: [3, "visits"] }],
};

describe("redactDemo", () => {
  test("referrers that are not known search, social or mail hosts become one redacted row", () => {
    const out = redactDemo(ref) as RefStats;
    expect(out.result.map((r) => [r.label, r.value])).toEqual([
      ["direct", 50], ["google.com", 20], [REDACTED, 18], ["t.co", 8], ["unknown", 4],
    ]);
    const redacted = out.result.find((r) => r.label === REDACTED)!;
    expect(redacted.pc).toBeCloseTo(0.18);
    expect(redacted.c).toBeNull();
    expect(JSON.stringify(out)).not.toContain("example");
  });

  test("their entry pages are merged under the redacted label, with shares of their own total", () => {
    const out = redactDemo(ref) as RefStats;
    expect(Object.keys(out.path).sort()).toEqual(["google.com", REDACTED]);
    expect(out.path[REDACTED]).toEqual([row("/", 12, 12 / 18, null), row("/docs/", 6, 6 / 18)]);
  });

  test("posts are dropped and the answer says it is the demo", () => {
    const out = redactDemo(ref);
    expect((out as RefStats).tweets).toEqual([]);
    expect(out.validated.demo).toBe(true);
    expect(ref.tweets).toHaveLength(1); // the input is left alone
  });

  test("SUMMARY and PATH keep their numbers", () => {
    const summary = { ...envelope, dataType: "SUMMARY", country: [row("GB", 3, 1)] } as unknown as SummaryStats;
    const out = redactDemo(summary) as SummaryStats;
    expect(out.country).toEqual(summary.country);
    expect(out.validated.demo).toBe(true);
  });
});
