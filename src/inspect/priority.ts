// The browsers the app launches run behind its own work when the CPU is short. Playwright starts
// Chromium in a session of its own (setsid), and Linux shares the CPU equally between sessions'
// autogroups, whatever nice values the processes inside them have: an inspection's renderer took a
// whole core from an app that needed it for collection and dashboards. Each such session's
// autogroup gets the lowest weight instead. Linux only; where /proc has no autogroups, nothing changes.
import { readdirSync, writeFileSync } from "node:fs";
import { readKernelFile } from "./sandbox";

/** The autogroup nice of a launched browser's session by default (CHROMIUM_NICE): the lowest weight there is. */
export const BROWSER_NICE = 19;

/** The children of this process that lead a session of their own, as Playwright spawns a browser. */
export function browserSessions(): number[] {
  const pid = process.pid;
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = tasks.flatMap((tid) => (readKernelFile(`/proc/${pid}/task/${tid}/children`) ?? "").split(" ").filter(Boolean).map(Number));
  return children.filter((child) => {
    // NOTE: the fields after the command's closing parenthesis: state, ppid, pgrp, session, …
    const stat = readKernelFile(`/proc/${child}/stat`);
    const session = stat ? Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[3]) : NaN;
    return session === child && /chrom/i.test(readKernelFile(`/proc/${child}/cmdline`) ?? "");
  });
}

/** The autogroup nice of `pid`'s session, or null where there is none to read. */
export function sessionNice(pid: number): number | null {
  const match = /nice\s+(-?\d+)/.exec(readKernelFile(`/proc/${pid}/autogroup`) ?? "");
  return match ? Number(match[1]) : null;
}

/** How often a launch looks for its browser's session while Chromium starts. */
const LAUNCH_POLL_MS = 20;

/** Puts every browser session this process started at `nice`. */
function backgroundBrowsers(nice: number): void {
  for (const pid of browserSessions()) {
    if (sessionNice(pid) === nice) continue;
    try {
      writeFileSync(`/proc/${pid}/autogroup`, String(nice));
    } catch {
      // NOTE: no autogroups (a kernel without them, or a browser that just exited): nothing to lower.
    }
  }
}

/**
 * `launch`, with the browser's session put in the background as soon as it exists, not once the
 * browser answers: under load, starting Chromium took 1.4 s of a busy machine.
 */
export async function inBackground<T>(launch: Promise<T>, nice = BROWSER_NICE): Promise<T> {
  const poll = setInterval(() => backgroundBrowsers(nice), LAUNCH_POLL_MS);
  try {
    return await launch;
  } finally {
    clearInterval(poll);
    backgroundBrowsers(nice);
  }
}
