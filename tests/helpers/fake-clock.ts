// FAKE_NOW for the test runner: moves the wall clock of every process of a run (bun, the embedded
// TimescaleDB, spawned servers, and the pages the tests' Chromium loads) to start at the given
// instant, so the suite can be run at 00:05 in New York or on the 1st of a month without waiting.
// NOTE: libfaketime (Debian's `faketime`) is preloaded with a fixed offset rather than a start
// time: a start time restarts at that instant in each process, so a database started a minute
// later would disagree with its server. Monotonic clocks stay real, so timers and deadlines do too.
import { chmodSync, existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";

/** The variables that carry a moved clock into child processes whose environment a test builds. */
export const FAKE_CLOCK_VARS = ["LD_PRELOAD", "FAKETIME", "FAKETIME_DONT_FAKE_MONOTONIC", "CHROMIUM_PATH"] as const;

/** This process's moved clock, for a child's environment: empty when the clock is real. */
export const inheritedClock = (): Record<string, string> =>
  Object.fromEntries(FAKE_CLOCK_VARS.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));

/**
 * For a browser context under a moved clock: a script that moves its pages' Date by the same offset,
 * else null. NOTE: Date alone; Playwright's clock would also replace `performance`, whose navigation
 * entry the tracker reads.
 */
export function pageClockScript(): string | null {
  const offsetMs = Number(process.env.FAKETIME ?? 0) * 1000;
  if (!offsetMs) return null;
  return `(() => {
    const RealDate = Date, offset = ${offsetMs}, now = () => RealDate.now() + offset;
    globalThis.Date = new Proxy(RealDate, {
      construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
      apply: () => new RealDate(now()).toString(),
      get: (target, key) => (key === "now" ? now : Reflect.get(target, key)),
    });
  })();`;
}

/**
 * The environment that moves a process tree's clock to `fakeNow` now; throws a clear error on a bad
 * value. Writes into `dir` the Chromium launcher the moved tree uses.
 */
export function fakeClockEnv(fakeNow: string, dir: string, realNow = Date.now()): Record<string, string> {
  const at = Date.parse(fakeNow);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(fakeNow) || Number.isNaN(at)) {
    throw new Error(`FAKE_NOW=${fakeNow} is not an ISO instant with its zone, e.g. 2026-12-01T05:05:00Z (00:05 in New York)`);
  }
  if (!existsSync(LIBFAKETIME)) throw new Error(`FAKE_NOW needs libfaketime (${LIBFAKETIME}): apt-get install faketime`);
  // TRICKY: Chromium under libfaketime takes 30 s to load a page (and aborts with its skip list), so
  // it runs on the real clock; the tests' pages get the moved one from a script (pageClockScript).
  const chromium = join(dir, "chromium");
  writeFileSync(chromium, `#!/bin/sh\nunset LD_PRELOAD FAKETIME\nexec ${process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"} "$@"\n`);
  chmodSync(chromium, 0o755);
  // NOTE: the inspector's sandbox test runs Chromium as an unprivileged user, who must reach the launcher.
  chmodSync(dir, 0o755);
  return {
    LD_PRELOAD: [LIBFAKETIME, process.env.LD_PRELOAD].filter(Boolean).join(" "),
    FAKETIME: `${at - realNow >= 0 ? "+" : "-"}${Math.abs(Math.round((at - realNow) / 1000))}`,
    FAKETIME_DONT_FAKE_MONOTONIC: "1",
    CHROMIUM_PATH: chromium,
  };
}

/**
 * Removes what libfaketime left in /dev/shm for processes of a moved run that are gone: each
 * preloaded process makes a `faketime_shm_<pid>` and a semaphore, removed only by a clean exit,
 * which bun's and Chromium's exits skip.
 */
export function removeClockLeftovers(): void {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  let names: string[] = [];
  try {
    names = readdirSync("/dev/shm");
  } catch {}
  for (const name of names) {
    const pid = /^(?:sem\.)?faketime_(?:shm|sem)_(\d+)$/.exec(name)?.[1];
    if (pid && !alive(Number(pid))) rmSync(join("/dev/shm", name), { force: true });
  }
}
