// The demo's traffic model (./README.md gives each factor and its size): how many page views a local
// hour of the demo's month expects, split by where they come from (ordinary visits, a Hacker News
// spike, a newsletter campaign), and a Poisson draw of them. Pure and deterministic by seed and
// start day, so the seeding and the live timer (./live.ts) follow the same curve.
import { rng } from "../collect";
import { addDays, daysBetween, HOUR_MS, localTime, utcMidnight } from "../shared/days";

/**
 * The model's version, stored with the demo's seeding claim: a node of another version replaces the
 * demo's data at start (./live.ts). Bump it when what the demo writes changes (this file, ./site.ts,
 * ./visits.ts, the seed or the days seeded).
 */
export const DEMO_MODEL_VERSION = 3;

const MODEL = {
  /** Page views of an average day at the start of the month, before the weekday factor. */
  base: 520,
  /** Sunday to Saturday: a work-week site. */
  weekday: [0.7, 1.06, 1.12, 1.1, 1.05, 0.94, 0.64],
  /** Growth towards +30 %, with an e-folding time of 40 days: about +16 % over the first month. */
  growth: 0.3,
  growthDays: 40,
  /** Day-to-day noise: a uniform factor within ±8 %. */
  noise: 0.08,
  /** The Hacker News day: 2.5 base days more, from 13:00; each next day keeps 35 % of the day before. */
  spike: { extra: 2.5, tail: 0.35, earliest: 16 },
  /** The newsletter's campaign week, from a Tuesday: +45 % on its first day, ×0.6 each next day. */
  campaign: { extra: 0.45, decay: 0.6, earliest: 4, days: 7 },
  /** Spike and campaign come back every four weeks (same weekdays) once the demo outlives its month. */
  cycle: 28,
  /** Arrivals from AI assistants: 3 % of referred visits at the start, +0.2 point a day, at most 12 %. */
  ai: { start: 0.03, perDay: 0.002, most: 0.12 },
};

/** Shares of a day's ordinary page views by local hour: a night trough, a working-day plateau, an evening bump. */
const HOURS = normal([0.9, 0.6, 0.4, 0.3, 0.3, 0.4, 0.9, 1.8, 3, 4.2, 4.8, 5, 4.9, 5, 4.8, 4.5, 4.2, 3.8, 3.4, 3.6, 3.9, 3.5, 2.6, 1.6]);
/** The spike day's extra views by hour: the post reaches the front page at 13:00 and fades by midnight. */
const SPIKE_HOURS = normal([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.6, 1, 0.9, 0.75, 0.6, 0.5, 0.4, 0.32, 0.25, 0.2, 0.15]);

function normal(xs: number[]) {
  const total = xs.reduce((a, b) => a + b, 0);
  return xs.map((x) => x / total);
}

export type Source = "visit" | "spike" | "campaign";
export type Expected = Record<Source, number>;

const mod = (a: number, n: number) => ((a % n) + n) % n;
const weekdayOf = (day: string) => new Date(utcMidnight(day)).getUTCDay();

/** The model of a demo whose month starts on local day `start` (YYYY-MM-DD). */
export function demoModel(seed: number, start: string) {
  const draw = rng(seed);
  // NOTE: spike and campaign days are drawn once per model, on weekdays a real post or newsletter
  // would pick: the spike on a Tuesday to Thursday, the campaign from a Tuesday.
  const firstFrom = (earliest: number, days: number[]) => {
    let i = earliest;
    while (!days.includes(weekdayOf(addDays(start, i)))) i++;
    return i;
  };
  const spikeAt = firstFrom(MODEL.spike.earliest + Math.floor(draw() * 4), [2, 3, 4]);
  const campaignAt = firstFrom(MODEL.campaign.earliest, [2]);
  // NOTE: each day's noise comes from its own index, so any day is computed alone, in any order.
  const noise = (i: number) => 1 + MODEL.noise * (2 * rng((seed ^ Math.imul(i + 1, 0x9e3779b1)) >>> 0)() - 1);
  const trend = (i: number) => MODEL.base * (1 + MODEL.growth * (1 - Math.exp(-Math.max(0, i) / MODEL.growthDays)));

  /** Expected page views of a local day, by source. */
  const day = (key: string): Expected => {
    const i = daysBetween(start, key);
    const k = mod(i - spikeAt, MODEL.cycle);
    const c = mod(i - campaignAt, MODEL.cycle);
    return {
      visit: trend(i) * MODEL.weekday[weekdayOf(key)]! * noise(i),
      spike: k < 7 ? trend(i) * MODEL.spike.extra * MODEL.spike.tail ** k : 0,
      campaign: c < MODEL.campaign.days ? trend(i) * MODEL.campaign.extra * MODEL.campaign.decay ** c : 0,
    };
  };

  /** Expected page views of one local hour of a day, by source. */
  const hour = (key: string, h: number): Expected => {
    const d = day(key);
    const spikeDay = mod(daysBetween(start, key) - spikeAt, MODEL.cycle) === 0;
    return { visit: d.visit * HOURS[h]!, spike: d.spike * (spikeDay ? SPIKE_HOURS : HOURS)[h]!, campaign: d.campaign * HOURS[h]! };
  };

  return {
    start,
    spikeDay: addDays(start, spikeAt),
    campaignDay: addDays(start, campaignAt),
    day,
    /** Total expected page views of a local day. */
    total: (key: string) => sum(day(key)),
    /** Expected page views over [from, to) in zone `tz`, by source; meant for spans within an hour. */
    between(tz: string, from: number, to: number): Expected {
      const local = localTime(tz, from);
      const per = hour(local.day, local.hour);
      const f = (to - from) / HOUR_MS;
      return { visit: per.visit * f, spike: per.spike * f, campaign: per.campaign * f };
    },
    /** Share of referred visits that an AI assistant sent, on a local day. */
    aiShare: (key: string) => Math.min(MODEL.ai.most, MODEL.ai.start + MODEL.ai.perDay * Math.max(0, daysBetween(start, key))),
  };
}

export type DemoModel = ReturnType<typeof demoModel>;

const sum = (e: Expected) => e.visit + e.spike + e.campaign;

/** A Poisson draw of mean `mean` (normal approximation above 30). */
function poisson(random: () => number, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 30) {
    const g = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * g));
  }
  let n = 0;
  for (let p = Math.exp(-mean), acc = random(); acc > p; acc *= random()) n++;
  return n;
}

/** Every page view's time and source over [from, to) in zone `tz`, drawn hour by hour. */
export function plannedViews(model: DemoModel, tz: string, from: number, to: number, seed: number) {
  const random = rng(seed);
  const out: { time: number; source: Source }[] = [];
  for (let t = from; t < to; t = Math.min(to, Math.floor(t / HOUR_MS + 1) * HOUR_MS)) {
    const end = Math.min(to, Math.floor(t / HOUR_MS + 1) * HOUR_MS);
    const expected = model.between(tz, t, end);
    for (const source of ["visit", "spike", "campaign"] as const) {
      for (let n = poisson(random, expected[source]); n > 0; n--) out.push({ time: t + Math.floor(random() * (end - t)), source });
    }
  }
  return out.sort((a, b) => a.time - b.time);
}
