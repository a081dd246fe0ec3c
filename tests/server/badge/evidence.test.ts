// Which month a badge is for: the last calendar month that has ended in the domain's own time zone
// at the moment asked (so the same instant is March's badge in one zone and February's in another,
// and January's badge is December's of the year before), read as one PATH range of that month.
import { expect, test } from "bun:test";
import { lastFullMonth, readEvidence } from "../../../src/badge/evidence";
import type { Site } from "../../../src/domains";
import type { PathStats, Stats } from "../../../src/shared/stats";

test("the last full month of a day: its first and last days, across a year's end and a leap February", () => {
  expect(lastFullMonth("2026-04-01")).toEqual({ month: "2026-03", startKey: "2026-03-01", endKey: "2026-03-31" });
  expect(lastFullMonth("2026-01-15")).toEqual({ month: "2025-12", startKey: "2025-12-01", endKey: "2025-12-31" });
  expect(lastFullMonth("2028-03-31")).toEqual({ month: "2028-02", startKey: "2028-02-01", endKey: "2028-02-29" });
});

test("the month is the domain zone's: one instant is April 1st in Kiritimati (UTC+14) but still March 31st in UTC", async () => {
  const asked: unknown[] = [];
  const read = async (q: { startKey: string; endKey: string; dataType: "PATH" }): Promise<Stats> => {
    asked.push(q);
    return { dataType: "PATH", carbonTotals: { visits: 0, transferredBytes: 0, co2Grams: 0, avgCo2Grams: 0, rating: "A+", green: "unknown" } } as unknown as PathStats;
  };
  const site = (tz: string) => ({ name: "zone.example", tz }) as Site;
  const at = Date.parse("2026-03-31T12:00:00Z");
  const east = await readEvidence(read, site("Pacific/Kiritimati"), at);
  const utc = await readEvidence(read, site("UTC"), at);
  expect(asked).toEqual([
    { startKey: "2026-03-01", endKey: "2026-03-31", dataType: "PATH" },
    { startKey: "2026-02-01", endKey: "2026-02-28", dataType: "PATH" },
  ]);
  // NOTE: no visit in the month: nothing rated, whatever letter the empty month's grams would get.
  expect([east?.rating, utc?.rating, east?.bytesPerVisit]).toEqual([null, null, 0]);
});
