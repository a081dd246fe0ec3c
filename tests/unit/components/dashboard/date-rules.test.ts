// The dashboard's date rules: presets in a time zone, which days may be picked, the month grid,
// the overlay rule and the day-selection state machine.
import { describe, expect, test } from "bun:test";
import {
  IDLE,
  chartUnit,
  dayState,
  dayStyle,
  formatRange,
  hoursAllowed,
  matchPreset,
  monthGrid,
  monthLocked,
  openingPreset,
  pick,
  presetRange,
  shiftMonth,
  shownRange,
  type DayRules,
  type PickState,
} from "../../../../components/dashboard/date-rules";
import { dayIn } from "../../../../src/shared/days";

describe("presets", () => {
  const today = "2026-11-22";
  test("each preset's days end today (yesterday excepted) and include both ends", () => {
    expect(presetRange("today", today)).toEqual({ startKey: today, endKey: today });
    expect(presetRange("yesterday", today)).toEqual({ startKey: "2026-11-21", endKey: "2026-11-21" });
    expect(presetRange("7d", today)).toEqual({ startKey: "2026-11-16", endKey: today });
    expect(presetRange("14d", today)).toEqual({ startKey: "2026-11-09", endKey: today });
    expect(presetRange("month", today)).toEqual({ startKey: "2026-11-01", endKey: today });
    expect(presetRange("30d", today)).toEqual({ startKey: "2026-10-24", endKey: today });
    expect(presetRange("90d", today)).toEqual({ startKey: "2026-08-25", endKey: today });
  });

  test("presets follow the domain's today, not the viewer's", () => {
    const t = Date.parse("2026-11-22T20:00:00Z");
    expect(presetRange("today", dayIn("Pacific/Kiritimati", t)).startKey).toBe("2026-11-23");
    expect(presetRange("today", dayIn("Pacific/Pago_Pago", t)).startKey).toBe("2026-11-22");
  });

  test("the active tab is the preset equal to the range, and none for a custom range", () => {
    expect(matchPreset(presetRange("14d", today), today)).toBe("14d");
    expect(matchPreset({ startKey: "2026-11-02", endKey: "2026-11-05" }, today)).toBeNull();
    // "This month" is not a dashboard tab.
    expect(matchPreset(presetRange("month", today), today)).toBeNull();
  });

  test("on opening: the first preset when the range starts on the creation day, else the third", () => {
    expect(openingPreset({ startKey: "2026-11-01", endKey: "2026-11-22" }, "2026-11-01")).toBe("today");
    expect(openingPreset({ startKey: "2026-11-02", endKey: "2026-11-22" }, "2026-11-01")).toBe("7d");
  });
});

describe("hour and day units", () => {
  test("a single day is hourly; the hours tab works up to 7 days and not above", () => {
    expect(chartUnit({ startKey: "2026-11-22", endKey: "2026-11-22" }, false)).toBe("hour");
    expect(chartUnit({ startKey: "2026-11-16", endKey: "2026-11-22" }, false)).toBe("day");
    expect(chartUnit({ startKey: "2026-11-16", endKey: "2026-11-22" }, true)).toBe("hour");
    expect(hoursAllowed({ startKey: "2026-11-16", endKey: "2026-11-22" })).toBe(true);
    expect(hoursAllowed({ startKey: "2026-11-15", endKey: "2026-11-22" })).toBe(false);
    expect(chartUnit({ startKey: "2026-11-15", endKey: "2026-11-22" }, true)).toBe("day");
  });
});

describe("which days may be picked", () => {
  const pro: DayRules = { today: "2026-11-22", created: "2026-06-10", historyDays: null };
  const free: DayRules = { ...pro, historyDays: 30 };

  test("a day after today cannot be selected", () => {
    expect(dayState("2026-11-23", pro)).toBe("future");
    expect(dayState("2026-11-22", pro)).toBe("ok");
  });

  test("a day before creation minus one day is disabled; the day before creation is not", () => {
    expect(dayState("2026-06-09", pro)).toBe("ok");
    expect(dayState("2026-06-08", pro)).toBe("early");
  });

  test("free users: more than 30 days before today is locked; Pro: unlimited", () => {
    expect(dayState("2026-10-23", free)).toBe("ok");
    expect(dayState("2026-10-22", free)).toBe("locked");
    expect(dayState("2026-10-22", pro)).toBe("ok");
  });

  test("the overlay covers a month only when every day of it is locked for a free user", () => {
    expect(monthLocked("2026-09", free)).toBe(true);
    expect(monthLocked("2026-10", free)).toBe(false); // 23–31 October are still open
    expect(monthLocked("2026-09", pro)).toBe(false);
  });
});

describe("the month grid", () => {
  test("Monday first, padded to whole weeks", () => {
    const nov = monthGrid("2026-11"); // 1 November 2026 is a Sunday
    expect(nov[0]).toEqual([null, null, null, null, null, null, "2026-11-01"]);
    expect(nov.at(-1)).toEqual(["2026-11-30", null, null, null, null, null, null]);
    expect(nov.flat().filter(Boolean)).toHaveLength(30);
    expect(monthGrid("2027-02")[0]![0]).toBe("2027-02-01"); // a Monday: no padding
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
  });
});

describe("the day-selection state machine", () => {
  const range = { startKey: "2026-11-16", endKey: "2026-11-22" };

  test("first click sets both ends and waits; hover previews; second click orders, emits and goes idle", () => {
    let s: PickState = IDLE;
    let r = pick(s, { type: "click", day: "2026-11-10" });
    s = r.state;
    expect(r.emit).toBeUndefined();
    expect(shownRange(s, range)).toEqual({ range: { startKey: "2026-11-10", endKey: "2026-11-10" }, preview: true });
    s = pick(s, { type: "hover", day: "2026-11-13" }).state;
    expect(shownRange(s, range)).toEqual({ range: { startKey: "2026-11-10", endKey: "2026-11-13" }, preview: true });
    r = pick(s, { type: "click", day: "2026-11-13" });
    expect(r.emit).toEqual({ startKey: "2026-11-10", endKey: "2026-11-13" });
    expect(r.state).toEqual(IDLE);
    expect(shownRange(r.state, range)).toEqual({ range, preview: false });
  });

  test("a backwards pick is reordered, in the preview and in the emitted range", () => {
    let s = pick(IDLE, { type: "click", day: "2026-11-20" }).state;
    s = pick(s, { type: "hover", day: "2026-11-04" }).state;
    expect(shownRange(s, range).range).toEqual({ startKey: "2026-11-04", endKey: "2026-11-20" });
    expect(pick(s, { type: "click", day: "2026-11-04" }).emit).toEqual({ startKey: "2026-11-04", endKey: "2026-11-20" });
  });

  test("closing or an outside range change resets to idle; hovering while idle changes nothing", () => {
    const waiting = pick(IDLE, { type: "click", day: "2026-11-20" }).state;
    expect(pick(waiting, { type: "close" }).state).toEqual(IDLE);
    expect(pick(waiting, { type: "external" }).state).toEqual(IDLE);
    expect(pick(IDLE, { type: "hover", day: "2026-11-02" }).state).toEqual(IDLE);
  });

  test("day styles: single, first, last, in-range", () => {
    expect(dayStyle("2026-11-16", range)).toBe("first");
    expect(dayStyle("2026-11-18", range)).toBe("in-range");
    expect(dayStyle("2026-11-22", range)).toBe("last");
    expect(dayStyle("2026-11-23", range)).toBeNull();
    expect(dayStyle("2026-11-22", { startKey: "2026-11-22", endKey: "2026-11-22" })).toBe("single");
  });

  test("the header reads the range in en-GB", () => {
    expect(formatRange(range)).toBe("16 Nov 2026 – 22 Nov 2026");
    expect(formatRange({ startKey: "2026-11-22", endKey: "2026-11-22" })).toBe("22 Nov 2026");
  });
});
