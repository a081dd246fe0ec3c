// What a failed inspection tells its user. Playwright's own text ("newPage: Target page, context or
// browser has been closed", call logs, internal method names) belongs in the log, never on the
// result page: each failure is said in the product's words, with its cause when it is known.

/** The browser closed, or the page's renderer crashed, under a running job. */
export class BrowserGone extends Error {
  constructor(readonly why: "closed" | "crashed") {
    super(why === "closed" ? "the browser closed during the inspection" : "the page crashed the browser's renderer");
    this.name = "BrowserGone";
  }
}

/** The job ran past its deadline (the page never loaded, or the browser stopped answering). */
export class TookTooLong extends Error {
  constructor(what: string) {
    super(what);
    this.name = "TookTooLong";
  }
}

// NOTE: Playwright's client rebuilds its errors from the driver's, keeping their names; the
// message test catches a close that surfaces under another name.
const closedByPlaywright = (err: Error) =>
  err.name === "TargetClosedError" || /has been closed|browser has disconnected/i.test(err.message);

/** An error's first line, for the log: Playwright appends its call log below it. */
export const firstLine = (err: unknown): string => (err instanceof Error ? err.message.split("\n")[0]! : String(err));

/** The sentence stored with a failed run for an error that is not the page's (InspectError is). */
export function failureMessage(err: unknown, timeoutMs: number): string {
  if (!(err instanceof Error)) return "The inspection could not be completed; please try again";
  if (err instanceof TookTooLong || err.name === "TimeoutError") {
    return `The inspection took longer than ${Math.round(timeoutMs / 1000)} s; please try again later`;
  }
  if (err instanceof BrowserGone && err.why === "crashed") return "The page crashed the browser during the inspection";
  if (err instanceof BrowserGone || closedByPlaywright(err)) return "The browser stopped during the inspection; please try again";
  return "The inspection could not be completed; please try again";
}
