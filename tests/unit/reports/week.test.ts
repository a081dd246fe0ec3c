// When a weekly report is due: Monday 08:00 local, for the Monday–Sunday before, across zones,
// a DST change and reports turned on mid-week.
import { describe, expect, test } from "bun:test";
import { dueWeek } from "../../../src/reports/week";

const LONG_AGO = new Date("2000-01-01T00:00:00Z");
const at = (iso: string) => Date.parse(iso);

describe("dueWeek", () => {
  test("nothing before Monday 08:00 local, last week from 08:00 on, all week long", () => {
    // Monday 2026-03-02; London is on UTC in winter.
    expect(dueWeek("Europe/London", at("2026-03-02T07:59:00Z"), LONG_AGO)).toBeNull();
    expect(dueWeek("Europe/London", at("2026-03-02T08:00:00Z"), LONG_AGO)).toBe("2026-02-23");
    expect(dueWeek("Europe/London", at("2026-03-08T23:59:00Z"), LONG_AGO)).toBe("2026-02-23");
    expect(dueWeek("Europe/London", at("2026-03-09T07:59:00Z"), LONG_AGO)).toBeNull();
  });

  test("the hour is the domain's: 08:00 in Kolkata is 02:30 UTC, in Los Angeles 16:00 UTC", () => {
    expect(dueWeek("Asia/Kolkata", at("2026-03-02T02:29:00Z"), LONG_AGO)).toBeNull();
    expect(dueWeek("Asia/Kolkata", at("2026-03-02T02:30:00Z"), LONG_AGO)).toBe("2026-02-23");
    // Sunday 23:00 UTC is already Monday 08:00 in Tokyo.
    expect(dueWeek("Asia/Tokyo", at("2026-03-01T23:00:00Z"), LONG_AGO)).toBe("2026-02-23");
    expect(dueWeek("America/Los_Angeles", at("2026-03-02T15:59:00Z"), LONG_AGO)).toBeNull();
    expect(dueWeek("America/Los_Angeles", at("2026-03-02T16:00:00Z"), LONG_AGO)).toBe("2026-02-23");
  });

  test("across a DST change: the Monday after London moves to BST, 08:00 is 07:00 UTC", () => {
    expect(dueWeek("Europe/London", at("2026-03-30T06:59:00Z"), LONG_AGO)).toBeNull();
    expect(dueWeek("Europe/London", at("2026-03-30T07:00:00Z"), LONG_AGO)).toBe("2026-03-23");
  });

  test("turned on after this Monday 08:00: nothing until the next Monday", () => {
    const wednesday = new Date("2026-03-04T12:00:00Z");
    expect(dueWeek("Europe/London", at("2026-03-05T09:00:00Z"), wednesday)).toBeNull();
    expect(dueWeek("Europe/London", at("2026-03-09T08:00:00Z"), wednesday)).toBe("2026-03-02");
    // Turned on Monday 07:30: that morning's report still goes.
    expect(dueWeek("Europe/London", at("2026-03-02T08:00:00Z"), new Date("2026-03-02T07:30:00Z"))).toBe("2026-02-23");
  });
});
