// Change against the previous period, one rule for the API's list rows, the dashboard's figures and
// its insights. Unrounded: rounding is the display's business (format.ts formatChange).

/** Change in % of a figure against the previous period; null when the previous period had none. */
export const percentChange = (now: number, then: number): number | null => (then > 0 ? ((now - then) / then) * 100 : null);

/** Which way each figure's change is good news: more visitors, attention and goal conversions are
 * good; more CO2, page weight, bounce or load time are bad. One table, so no view colours a rise by habit. */
const CHANGE_POLARITY = { views: 1, visits: 1, unique: 1, timeOnPage: 1, conversions: 1, bounce: -1, co2: -1, weight: -1, loadTime: -1 } as const;
export type ChangeMetric = keyof typeof CHANGE_POLARITY;
export type ChangeTone = "good" | "bad" | "neutral";

/** The meaning of a change as shown (rounded to a whole % or point): none at 0, else by the metric's polarity. */
export function changeTone(metric: ChangeMetric, change: number): ChangeTone {
  const shown = Math.round(change);
  if (shown === 0) return "neutral";
  return shown * CHANGE_POLARITY[metric] > 0 ? "good" : "bad";
}
