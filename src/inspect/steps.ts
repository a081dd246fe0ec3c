// Wall time per step of one inspection (navigation, quiet window, screenshot, storing…), summed
// by step name. The job runner hands it to an optional observer: `npm run bench:inspect` prints
// the breakdown, so a slow step shows by name instead of being guessed at.

/** Milliseconds per step, in the order the steps first ran. */
export type Steps = Record<string, number>;

export type StepClock = {
  steps: Steps;
  /** Adds the time since the previous mark (or the clock's start) to `name`. */
  mark(name: string): void;
};

export function stepClock(): StepClock {
  const steps: Steps = {};
  let last = performance.now();
  return {
    steps,
    mark: (name) => {
      const now = performance.now();
      steps[name] = (steps[name] ?? 0) + now - last;
      last = now;
    },
  };
}
