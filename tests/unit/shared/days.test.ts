// Day maths shared by the server and the dashboard: local days east and west of UTC, local hours,
// and day-key arithmetic across months, leap days and DST changes, and a day written short ("20 Nov").
import { describe, expect, test } from "bun:test";
import { addDays, dayIn, dayKeys, dayMs, daysBetween, localTime, shortDay } from "../../../src/shared/days";

describe("days in a time zone", () => {
  test("the same instant is a different local day east and west of UTC", () => {
    const t = Date.parse("2026-03-01T23:30:00Z");
    expect(dayIn("UTC", t)).toBe("2026-03-01");
    expect(dayIn("Europe/Berlin", t)).toBe("2026-03-02");
    expect(dayIn("America/Los_Angeles", t)).toBe("2026-03-01");
    expect(dayIn("Pacific/Auckland", Date.parse("2026-01-01T12:00:00Z"))).toBe("2026-01-02");
  });

  test("day arithmetic crosses months, leap days and DST changes", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30"); // EU DST starts that night: no hour drift in keys
    expect(addDays("2026-01-01", -365)).toBe("2025-01-01");
  });
});

describe("day keys", () => {
  test("only real calendar days are day keys", () => {
    expect(dayMs("2026-02-28")).toBe(Date.UTC(2026, 1, 28));
    expect(dayMs("2026-02-30")).toBeNull();
    expect(dayMs("2026-13-01")).toBeNull();
    expect(dayMs("26-01-01")).toBeNull();
  });

  test("ranges of keys and the days between them", () => {
    expect(dayKeys("2026-02-27", "2026-03-02")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
  });

  test("the local hour follows the zone's offset, DST included", () => {
    expect(localTime("Europe/Berlin", Date.parse("2026-03-29T00:30:00Z"))).toEqual({ day: "2026-03-29", hour: 1 });
    expect(localTime("Europe/Berlin", Date.parse("2026-03-29T01:30:00Z"))).toEqual({ day: "2026-03-29", hour: 3 });
    expect(localTime("Asia/Kolkata", Date.parse("2026-03-29T18:29:00Z"))).toEqual({ day: "2026-03-29", hour: 23 });
  });
});

describe("a day written short", () => {
  test("as the dashboard writes it, the key's own day whatever the viewer's zone", () => {
    expect(shortDay("2026-11-20")).toBe("20 Nov");
    expect(shortDay("2026-01-01")).toBe("1 Jan");
    expect(shortDay("2024-02-29")).toBe("29 Feb");
  });
});
