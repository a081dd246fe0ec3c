// The time-zone list of the domain forms: in UTC-offset order (then by zone name) on any date, each
// labelled "UTC+01:00 Europe/Berlin", UTC itself and the fallback alike.
import { describe, expect, test } from "bun:test";
import { FALLBACK_TIMEZONE_TEXT, timezoneOptions } from "../../../src/shared/timezones";

/** "+05:30" → 330 minutes. */
const minutes = (offset: string) => (offset[0] === "-" ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));

describe("time-zone options", () => {
  // NOTE: a northern winter and a northern summer day, so daylight saving moves offsets both ways.
  for (const at of [new Date("2026-01-15T12:00:00Z"), new Date("2026-07-15T12:00:00Z")]) {
    test(`are sorted by UTC offset, then by zone name, on ${at.toISOString().slice(0, 10)}`, () => {
      const options = timezoneOptions(at);
      const keys = options.map((o) => [minutes(o.offset), o.zone] as const);
      const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
      expect(keys).toEqual(sorted);
    });

    test(`are labelled "UTC±hh:mm Zone/Name" alike, UTC included, on ${at.toISOString().slice(0, 10)}`, () => {
      for (const o of timezoneOptions(at)) expect(o.text).toBe(`UTC${o.offset} ${o.zone}`);
      expect(timezoneOptions(at).some((o) => o.text.includes("GMT"))).toBe(false);
    });
  }

  test("Berlin reads UTC+01:00 in winter and UTC+02:00 in summer; the fallback is UTC's own text", () => {
    const berlin = (at: string) => timezoneOptions(new Date(at)).find((o) => o.zone === "Europe/Berlin")!.text;
    expect(berlin("2026-01-15T12:00:00Z")).toBe("UTC+01:00 Europe/Berlin");
    expect(berlin("2026-07-15T12:00:00Z")).toBe("UTC+02:00 Europe/Berlin");
    expect(timezoneOptions().find((o) => o.zone === "UTC")!.text).toBe(FALLBACK_TIMEZONE_TEXT);
    expect(FALLBACK_TIMEZONE_TEXT).toBe("UTC+00:00 UTC");
  });
});
