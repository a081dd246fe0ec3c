// The tracker's weight as the product states it: its budget in bytes gzip, which the size test
// holds the built script to, and the words every page uses for it, so the copy cannot drift
// from the measured script.

/** The most the built tracker may weigh, gzip (tests/unit/collect/tracker-size.test.ts). */
export const TRACKER_BUDGET_GZIP = 1024;

/** The most the built web-vitals extension (loaded with data-vitals) may weigh, gzip. */
export const VITALS_BUDGET_GZIP = 2500;

/** How pages word the tracker's weight: the budget, which the build never exceeds. */
export const TRACKER_SIZE = `at most ${TRACKER_BUDGET_GZIP.toLocaleString("en-GB")} bytes compressed`;

/** The same words opening a sentence or a table cell. */
export const TRACKER_SIZE_START = TRACKER_SIZE[0]!.toUpperCase() + TRACKER_SIZE.slice(1);
