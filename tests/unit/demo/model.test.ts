// The demo's traffic model and visits: deterministic by seed and start day, a day's hours add up
// to the day, weekends dip, the spike and the campaign fall on the weekdays a post or a newsletter picks.
import { describe, expect, test } from "bun:test";
import { demoModel, plannedViews } from "../../../src/demo/model";
import { demoVisits } from "../../../src/demo/visits";
import { addDays, dayKeys, HOUR_MS, utcMidnight } from "../../../src/shared/days";

const START = "2026-03-02";
const TZ = "Europe/London";
const weekday = (day: string) => new Date(utcMidnight(day)).getUTCDay();

describe("the demo's model", () => {
  test("the same seed and start day give the same days, views and hits; another seed others", () => {
    const from = utcMidnight(START);
    const plan = (seed: number) => plannedViews(demoModel(seed, START), TZ, from, from + 2 * 86_400_000, seed);
    expect(plan(7)).toEqual(plan(7));
    expect(plan(8)).not.toEqual(plan(7));
    const hits = (seed: number) => plan(seed).slice(0, 50).flatMap((v) => demoVisits("demo.example", seed)(v.time, v.source, 0.05));
    expect(hits(7)).toEqual(hits(7));
  });

  test("a day's hours add up to the day", () => {
    const model = demoModel(1, START);
    const day = addDays(START, 9);
    let sum = 0;
    for (let t = utcMidnight(day); t < utcMidnight(day) + 86_400_000; t += HOUR_MS) {
      const e = model.between("UTC", t, t + HOUR_MS);
      sum += e.visit + e.spike + e.campaign;
    }
    expect(sum).toBeCloseTo(model.total(day), 6);
  });

  test("weekends dip, the spike is on a Tuesday to Thursday of the month's second half, the campaign starts on a Tuesday", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const model = demoModel(seed, START);
      const days = dayKeys(START, addDays(START, 29));
      const visits = (keep: (d: string) => boolean) => days.filter(keep).map((d) => model.day(d).visit);
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      expect(mean(visits((d) => [0, 6].includes(weekday(d))))).toBeLessThan(0.8 * mean(visits((d) => ![0, 6].includes(weekday(d)))));
      expect([2, 3, 4]).toContain(weekday(model.spikeDay));
      expect(model.spikeDay >= addDays(START, 16) && model.spikeDay <= addDays(START, 25)).toBe(true);
      expect(weekday(model.campaignDay)).toBe(2);
      expect(model.aiShare(addDays(START, 29))).toBeGreaterThan(model.aiShare(START));
    }
  });
});
