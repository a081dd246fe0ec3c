// What the doctor's steps share: the configuration, the time scale of their limits, and the
// database as the first step reached it (a connection, or a running server's /readyz answer).
import type { Sql } from "postgres";
import type { Config } from "../config";

export type Verdict = { status: "ok" | "warn" | "FAIL"; found: string; fix?: string };

/** The app's failed TimescaleDB jobs as /readyz lists them. */
export type JobList = { failing: { id: number; proc: string; error: string | null }[]; harmless: { id: number }[] };

/** /readyz's answer when ready (src/health). */
export type Ready = { status: "ready"; database: { mode: "embedded" | "server"; timescaledb: string; migrations: number }; jobs: JobList };

type Reached =
  | { via: "sql"; sql: Sql; mode: "embedded" | "server" }
  /** The embedded database is held by the running server: what its /readyz says. */
  | { via: "readyz"; ready: Ready }
  | { via: "none"; why: string };

export type Probe = {
  config: Config;
  /** Multiplies every step's limit (tests pass TEST_TIME_SCALE). */
  timeScale: number;
  /** Set by the database step; null before it ran. */
  db: Reached | null;
  /** Run once every step ended, last opened first. */
  closers: (() => Promise<unknown>)[];
};

export type Check = {
  name: string;
  /** Seconds the step may take before it is a FAIL. */
  timeoutS: number;
  /** The fix a FAIL names when the step overran or threw. */
  slowFix: string;
  run(probe: Probe): Promise<Verdict>;
};

/** A fetch that gives up after `seconds` (times the probe's scale). */
export const fetchWithin = (probe: Probe, seconds: number, url: string, init: RequestInit = {}) =>
  fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(seconds * 1000 * probe.timeScale) });

/**
 * An error's message, with its code when the message lacks it. NOTE: a system error's code
 * (ECONNREFUSED, ENOTFOUND) alone says more than the words Bun's fetch gives every such failure.
 */
export function reason(err: unknown): string {
  const e = err as { message?: string; code?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code;
  const message = e?.message ?? String(err);
  if (!code || message.includes(code)) return message;
  return /^E[A-Z]+$/.test(code) ? code : `${code}: ${message}`;
}
