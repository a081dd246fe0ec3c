// The doctor room: `npm run doctor` checks a deployment from the configuration its server reads, as
// an ordered list of named steps (the database first: the jobs and workers steps read what it
// found). Each step answers ok, warn or FAIL with what it found and the fix, within its own time
// limit; a step that throws or overruns is a FAIL naming why.
import type { Config } from "../config";
import { databaseCheck, jobsCheck, workersCheck } from "./database";
import { chromiumCheck, diskCheck } from "./host";
import type { Check, Probe, Verdict } from "./probe";
import { baseUrlCheck, smtpCheck, stripeCheck } from "./services";

export { jobsVerdict, versionsVerdict, workersVerdict } from "./database";

/** In order: the database's steps share what the first one opened. */
export const CHECKS: Check[] = [databaseCheck, jobsCheck, workersCheck, diskCheck, baseUrlCheck, smtpCheck, stripeCheck, chromiumCheck];

type Finding = Verdict & { name: string };

/** The step's verdict, or a FAIL when it throws or has not answered within its time (times `timeScale`). */
async function runStep(check: Check, probe: Probe): Promise<Verdict> {
  const limitMs = check.timeoutS * 1000 * probe.timeScale;
  let timer: Timer | undefined;
  const late = new Promise<Verdict>((resolve) => {
    timer = setTimeout(() => resolve({ status: "FAIL", found: `no answer within ${limitMs / 1000} s`, fix: check.slowFix }), limitMs);
  });
  const run = check.run(probe).catch((err: unknown): Verdict => ({
    status: "FAIL",
    found: err instanceof Error ? err.message : String(err),
    fix: check.slowFix,
  }));
  return Promise.race([run, late]).finally(() => clearTimeout(timer));
}

/** Runs every check in order, handing each finding to `report` as it comes; then closes what the checks opened. */
export async function runDoctor(config: Config, opts: { timeScale?: number; report?: (f: Finding) => void } = {}): Promise<Finding[]> {
  const probe: Probe = { config, timeScale: opts.timeScale ?? 1, db: null, closers: [] };
  const findings: Finding[] = [];
  try {
    for (const check of CHECKS) {
      const finding = { name: check.name, ...(await runStep(check, probe)) };
      findings.push(finding);
      opts.report?.(finding);
    }
  } finally {
    for (const close of probe.closers.reverse()) await close().catch(() => {});
  }
  return findings;
}

/** One line: status, the check's name, what was found, and the fix after an arrow. */
export const findingLine = (f: Finding): string =>
  `${f.status.padEnd(4)}  ${f.name.padEnd(10)} ${f.found}${f.fix && f.status !== "ok" ? ` → ${f.fix}` : ""}`;
