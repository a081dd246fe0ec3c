// The doctor's database verdicts from the values a server returns: the background workers against
// the jobs the app registers (a low max_worker_processes fails, the docs' settings pass), the
// PostgreSQL and TimescaleDB versions and migrations, and failed job runs told apart.
import { describe, expect, test } from "bun:test";
import { jobsVerdict, versionsVerdict, workersVerdict } from "../../../src/doctor";
import { POLICY_JOBS } from "../../../src/hits";

/** The jobs on a server the app has started on: its own and TimescaleDB's two. */
const JOBS = POLICY_JOBS + 2;

describe("workersVerdict", () => {
  test("PostgreSQL's defaults (8 processes, 16 TimescaleDB workers) fail, naming both settings and the values to set", () => {
    const verdict = workersVerdict({ maxWorkerProcesses: 8, backgroundWorkers: 16, parallelWorkers: 8, jobs: JOBS });
    expect(verdict.status).toBe("FAIL");
    expect(verdict.found).toContain(`max_worker_processes 8, timescaledb.max_background_workers 16, for ${JOBS} TimescaleDB jobs`);
    expect(verdict.found).toContain(`timescaledb.max_background_workers below ${JOBS + 1}, max_worker_processes below ${JOBS + 1 + 8 + 2}`);
    expect(verdict.fix).toBe(`set timescaledb.max_background_workers = ${JOBS + 1} and max_worker_processes = ${JOBS + 1 + 8 + 2} (ALTER SYSTEM SET …), then restart PostgreSQL`);
  });

  test("enough TimescaleDB workers but a low max_worker_processes fails on that one", () => {
    const verdict = workersVerdict({ maxWorkerProcesses: 32, backgroundWorkers: 40, parallelWorkers: 8, jobs: JOBS });
    expect(verdict.status).toBe("FAIL");
    expect(verdict.found).not.toContain("timescaledb.max_background_workers below");
    expect(verdict.found).toContain("max_worker_processes below 50");
  });

  test("the docs' settings (40 and 50) pass for the jobs the app registers", () => {
    expect(workersVerdict({ maxWorkerProcesses: 50, backgroundWorkers: 40, parallelWorkers: 8, jobs: JOBS }).status).toBe("ok");
    expect(workersVerdict({ maxWorkerProcesses: 49, backgroundWorkers: 40, parallelWorkers: 8, jobs: JOBS }).status).toBe("FAIL");
  });
});

describe("versionsVerdict", () => {
  const facts = (versionNum: number, applied: number[]) => ({
    versionNum, version: `${Math.floor(versionNum / 10000)}.${versionNum % 100}`, timescaledb: "2.28.3", installed: "2.28.3", applied,
  });
  const all = [1, 2, 3];

  test("PostgreSQL 16 and 17, fully migrated, pass", () => {
    expect(versionsVerdict(facts(170005, all), "db:5432/bothy", all)).toEqual({ status: "ok", found: "PostgreSQL 17.5, TimescaleDB 2.28.3, 3 of 3 migrations (db:5432/bothy)" });
    expect(versionsVerdict(facts(160009, all), "db", all).status).toBe("ok");
  });

  test("PostgreSQL 15 warns of its Failed job runs; older fails", () => {
    const v15 = versionsVerdict(facts(150020, all), "db", all);
    expect(v15.status).toBe("warn");
    expect(v15.found).toContain('records every TimescaleDB job run Failed ("cannot drop portal")');
    expect(v15.fix).toBe("move to PostgreSQL 16 or 17");
    expect(versionsVerdict(facts(140010, all), "db", all).status).toBe("FAIL");
  });

  test("pending migrations warn; migrations this code does not know fail; no TimescaleDB fails", () => {
    expect(versionsVerdict(facts(170005, [1, 2]), "db", all)).toMatchObject({ status: "warn", fix: "the server applies 3 at its next start: back up first" });
    expect(versionsVerdict(facts(170005, [1, 2, 3, 4]), "db", all)).toMatchObject({ status: "FAIL", found: "migrations 4 (db) are from a newer Bothy" });
    expect(versionsVerdict({ ...facts(170005, []), timescaledb: null, installed: null }, "db", all).status).toBe("FAIL");
  });
});

describe("jobsVerdict", () => {
  test("a real failure fails, naming the job and its error; PostgreSQL 15's harmless one warns", () => {
    const failing = jobsVerdict({ failing: [{ id: 1004, proc: "policy_refresh_continuous_aggregate", error: "out of memory" }], harmless: [] });
    expect(failing.status).toBe("FAIL");
    expect(failing.found).toContain("1004 policy_refresh_continuous_aggregate: out of memory");
    expect(jobsVerdict({ failing: [], harmless: [{ id: 1004 }] }).status).toBe("warn");
    expect(jobsVerdict({ failing: [], harmless: [] }).status).toBe("ok");
  });
});
