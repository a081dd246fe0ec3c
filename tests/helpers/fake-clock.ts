// FAKE_NOW for the test runner: moves the wall clock of every process of a run (bun, the
// embedded TimescaleDB, spawned servers, Chromium) to start at the given instant, so the suite can
// be run at 00:05 in New York or on the 1st of a month without waiting for one.
// NOTE: libfaketime (Debian's `faketime`) is preloaded with a fixed offset rather than a start
// time: a start time restarts at that instant in each process, so a database started a minute
// later would disagree with its server. Monotonic clocks stay real, so timers and deadlines do too.
import { existsSync } from "node:fs";

const LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";

/** The environment that moves a process tree's clock to `fakeNow` now; throws a clear error on a bad value. */
export function fakeClockEnv(fakeNow: string, realNow = Date.now()): Record<string, string> {
  const at = Date.parse(fakeNow);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(fakeNow) || Number.isNaN(at)) {
    throw new Error(`FAKE_NOW=${fakeNow} is not an ISO instant with its zone, e.g. 2026-12-01T05:05:00Z (00:05 in New York)`);
  }
  if (!existsSync(LIBFAKETIME)) throw new Error(`FAKE_NOW needs libfaketime (${LIBFAKETIME}): apt-get install faketime`);
  return {
    LD_PRELOAD: [LIBFAKETIME, process.env.LD_PRELOAD].filter(Boolean).join(" "),
    FAKETIME: `${at - realNow >= 0 ? "+" : "-"}${Math.abs(Math.round((at - realNow) / 1000))}`,
    FAKETIME_DONT_FAKE_MONOTONIC: "1",
  };
}
