// One structured JSON line per event on stdout. Callers pass plain fields; nothing here
// ever adds request headers, so no IP address or user-agent can slip into a line.
import type { LogLevel } from "./config";

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

let threshold = RANK.info;

export function setLogLevel(level: LogLevel): void {
  threshold = RANK[level];
}

/** True when lines at `level` are written; lets a hot path skip building a line nobody reads. */
export const logsAt = (level: Exclude<LogLevel, "silent">): boolean => RANK[level] >= threshold;

type Fields = Record<string, string | number | boolean | null | undefined>;

type Sink = (level: Exclude<LogLevel, "silent">, line: string) => void;
const stdio: Sink = (level, line) =>
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
let sink = stdio;

/** Sends lines elsewhere (tests read them); no argument restores stdout/stderr. */
export function setLogSink(next: Sink = stdio): void {
  sink = next;
}

// NOTE: the times of recent error lines, whatever the level threshold, for the admin's monitoring
// page; bounded, so an error storm costs a fixed amount of memory.
const ERROR_TIMES_KEPT = 10_000;
const errorTimes: number[] = [];

/** Error lines logged by this process in the last `ms` (up to ERROR_TIMES_KEPT). */
export function errorsSince(ms: number): number {
  const from = Date.now() - ms;
  return errorTimes.filter((t) => t >= from).length;
}

function write(level: Exclude<LogLevel, "silent">, msg: string, fields?: Fields): void {
  if (level === "error") {
    errorTimes.push(Date.now());
    if (errorTimes.length > ERROR_TIMES_KEPT) errorTimes.shift();
  }
  if (RANK[level] < threshold) return;
  sink(level, JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields }));
}

export const log = {
  debug: (msg: string, fields?: Fields) => write("debug", msg, fields),
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};
