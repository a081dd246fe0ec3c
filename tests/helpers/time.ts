// The one multiplier of every helper deadline: TEST_TIME_SCALE (default 1; e.g. 3 on a slow or busy
// machine). Deadlines only say when to give up on something that should happen, so a larger scale
// makes a run slower to fail, never a passing test fail.
export const TIME_SCALE = Math.max(1, Number(process.env.TEST_TIME_SCALE) || 1);

/** A deadline in milliseconds, scaled. */
export const scaled = (ms: number): number => ms * TIME_SCALE;

/** Seconds as a scaled deadline in milliseconds. */
export const scaledMs = (seconds: number): number => scaled(seconds * 1000);
