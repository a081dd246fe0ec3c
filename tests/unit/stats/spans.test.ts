// How a period is cut into pieces (src/stats/spans.ts): what is sealed and cached, what is read live.
import { describe, expect, test } from "bun:test";
import { dayEnd, dayStart, piecesOf, SLICE_DAYS, STEP_MS, weekOfDays } from "../../../src/stats/spans";
import { SEAL_LAG_MS } from "../../../src/hits";

const at = (iso: string) => Date.parse(iso);

describe("dayStart", () => {
  test("a local midnight off the UTC hour: Asia/Kathmandu is +05:45", () => {
    expect(new Date(dayStart("Asia/Kathmandu", "2026-11-22", at("2026-11-22T05:00:00Z"))).toISOString()).toBe("2026-11-21T18:15:00.000Z");
  });

  test("a day that starts in summer time and one that starts after the clocks went back", () => {
    // America/St_Johns: −2:30 until 2026-11-01 04:30Z, then −3:30.
    expect(new Date(dayStart("America/St_Johns", "2026-11-01", at("2026-11-01T20:00:00Z"))).toISOString()).toBe("2026-11-01T02:30:00.000Z");
    expect(new Date(dayStart("America/St_Johns", "2026-11-02", at("2026-11-02T20:00:00Z"))).toISOString()).toBe("2026-11-02T03:30:00.000Z");
  });
});

describe("dayEnd", () => {
  test("the next local midnight, in zones from −11 to +14 hours", () => {
    expect(new Date(dayEnd("Europe/London", "2026-11-21")).toISOString()).toBe("2026-11-22T00:00:00.000Z");
    expect(new Date(dayEnd("Pacific/Pago_Pago", "2026-11-21")).toISOString()).toBe("2026-11-22T11:00:00.000Z");
    expect(new Date(dayEnd("Pacific/Kiritimati", "2026-11-21")).toISOString()).toBe("2026-11-21T10:00:00.000Z");
    expect(new Date(dayEnd("Asia/Kathmandu", "2026-11-21")).toISOString()).toBe("2026-11-21T18:15:00.000Z");
  });
});

describe("piecesOf", () => {
  const now = at("2026-11-22T10:07:30Z");

  test("past days only: one sealed piece", () => {
    expect(piecesOf("2026-11-01", "2026-11-20", "2026-11-22", "Europe/London", now)).toEqual([
      { kind: "days", from: "2026-11-01", to: "2026-11-20", sealed: true, until: new Date("2026-11-21T00:00:00Z") },
    ]);
  });

  test("a range ending today: sealed past days, today's closed steps, and the live rest", () => {
    const open = new Date(Math.floor((now - SEAL_LAG_MS) / STEP_MS) * STEP_MS);
    expect(open.toISOString()).toBe("2026-11-22T10:07:20.000Z");
    expect(piecesOf("2026-11-16", "2026-11-22", "2026-11-22", "Europe/London", now)).toEqual([
      { kind: "days", from: "2026-11-16", to: "2026-11-21", sealed: true, until: new Date("2026-11-22T00:00:00Z") },
      { kind: "today", day: "2026-11-22", from: new Date("2026-11-22T00:00:00Z"), to: open },
      { kind: "live", day: "2026-11-22", to: "2026-11-22", from: open },
    ]);
  });

  test("today alone in a zone whose day began off the step grid", () => {
    const pieces = piecesOf("2026-11-22", "2026-11-22", "2026-11-22", "Asia/Kathmandu", now);
    expect(pieces.map((p) => p.kind)).toEqual(["today", "live"]);
    expect(pieces[0]).toMatchObject({ from: new Date("2026-11-21T18:15:00Z") });
  });

  test("in the first seconds of a day nothing is sealed: yesterday may still get a batch in flight", () => {
    const justAfter = at("2026-11-22T00:00:05Z");
    expect(piecesOf("2026-11-16", "2026-11-22", "2026-11-22", "Europe/London", justAfter)).toEqual([
      { kind: "days", from: "2026-11-16", to: "2026-11-22", sealed: false, until: null },
    ]);
    expect(piecesOf("2026-11-20", "2026-11-21", "2026-11-22", "Europe/London", justAfter)).toEqual([
      { kind: "days", from: "2026-11-20", to: "2026-11-21", sealed: false, until: new Date("2026-11-22T00:00:00Z") },
    ]);
    // Days before yesterday are sealed all the same.
    expect(piecesOf("2026-11-10", "2026-11-15", "2026-11-22", "Europe/London", justAfter)[0]).toMatchObject({ sealed: true });
  });

  test("days after today are read live (there is nothing there yet)", () => {
    expect(piecesOf("2026-11-23", "2026-11-30", "2026-11-22", "Europe/London", now)).toEqual([
      { kind: "days", from: "2026-11-23", to: "2026-11-30", sealed: false, until: null },
    ]);
  });
});

describe("weekOfDays", () => {
  test("a days piece becomes pieces of at most SLICE_DAYS local days, each ending when its last day ends; the last keeps the piece's end", () => {
    expect(SLICE_DAYS).toBe(7);
    const tz = "America/St_Johns";
    const until = new Date(dayEnd(tz, "2026-11-16"));
    const cut = weekOfDays([{ kind: "days", from: "2026-11-01", to: "2026-11-16", sealed: true, until }], tz);
    expect(cut).toEqual([
      { kind: "days", from: "2026-11-01", to: "2026-11-07", sealed: true, until: new Date(dayEnd(tz, "2026-11-07")) },
      { kind: "days", from: "2026-11-08", to: "2026-11-14", sealed: true, until: new Date(dayEnd(tz, "2026-11-14")) },
      { kind: "days", from: "2026-11-15", to: "2026-11-16", sealed: true, until },
    ]);
  });

  test("today's pieces and a short piece are left as they are; an open piece's last week stays open", () => {
    const today = { kind: "today" as const, day: "2026-11-12", from: new Date(0), to: new Date(5000) };
    const short = { kind: "days" as const, from: "2026-11-04", to: "2026-11-10", sealed: false, until: null };
    expect(weekOfDays([short, today], "UTC")).toEqual([short, today]);
    const open = weekOfDays([{ kind: "days", from: "2026-11-04", to: "2026-11-12", sealed: false, until: null }], "UTC");
    expect(open.map((p) => p.kind === "days" && [p.from, p.to, p.until?.toISOString() ?? null])).toEqual([
      ["2026-11-04", "2026-11-10", "2026-11-11T00:00:00.000Z"], ["2026-11-11", "2026-11-12", null],
    ]);
  });
});
