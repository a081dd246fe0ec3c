// Change against the previous period, one rule for the API's list rows, the dashboard's figures and
// its insights. Unrounded: rounding is the display's business (format.ts formatChange).

/** Change in % of a figure against the previous period; null when the previous period had none. */
export const percentChange = (now: number, then: number): number | null => (then > 0 ? ((now - then) / then) * 100 : null);
