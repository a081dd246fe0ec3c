// refreshAggregates against a stand-in client: a refresh TimescaleDB refuses because another of the
// same aggregate is running (a server's policy) is tried again; any other failure is not. And the
// background workers the docs ask of a server, counted from the jobs registerPolicies makes.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Sql } from "postgres";
import { AGGREGATES, POLICY_JOBS, refreshAggregates } from "../../../src/hits";
import { QueryError } from "../../../src/db";

/** A client that answers the bucket query, and refuses the first `refusals` refreshes with `code`. */
function client(code: string, refusals: number) {
  const refreshes: string[] = [];
  const sql = ((strings: TemplateStringsArray, ...values: unknown[]) => {
    if (strings.join("").includes("time_bucket")) return Promise.resolve([{ end: new Date() }]);
    refreshes.push(String(values[0]));
    if (refreshes.length > refusals) return Promise.resolve([]);
    return Promise.reject(Object.assign(new Error("could not refresh continuous aggregate"), { code }));
  }) as unknown as Sql;
  return { sql, refreshes };
}

test("a refresh refused for a concurrent one is tried again until it runs", async () => {
  const { sql, refreshes } = client("55P03", 2);
  await refreshAggregates(sql);
  const views = AGGREGATES.map((a) => a.view);
  expect(refreshes).toEqual([views[0]!, views[0]!, ...views]);
});

test("any other failure is not retried, and names the query", async () => {
  const { sql, refreshes } = client("42P01", 1);
  const error = await refreshAggregates(sql).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(QueryError);
  expect((error as Error).message).toStartWith("collect.refreshAggregates: ");
  expect(refreshes).toEqual([AGGREGATES[0]!.view]);
});

// The worker settings the docs ask of a TimescaleDB server, against the jobs the app registers there.
describe("the docs' background worker settings", () => {
  const ROOT = join(import.meta.dir, "../../..");
  /** Of TimescaleDB's own: its telemetry and its job history retention. */
  const OWN_JOBS = 2;
  /** PostgreSQL's max_parallel_workers by default, and the launchers of TimescaleDB and logical replication. */
  const OTHER_WORKERS = 8 + 2;

  /** The first number a text sets `name` to: "`name` to 40" in prose, "name=40" in a command. */
  const setting = (text: string, name: string) => Number(new RegExp(`${name.replace(".", "\\.")}\`?(?: to |=)(\\d+)`).exec(text)?.[1]);

  for (const file of ["content/docs/deployment.md", "README.md", "docker-compose.yml"]) {
    test(`${file} asks for a worker for each job, one scheduler and PostgreSQL's others`, () => {
      const text = readFileSync(join(ROOT, file), "utf8").replace(/\s+/g, " ");
      const background = setting(text, "timescaledb.max_background_workers");
      expect(background).toBeGreaterThanOrEqual(POLICY_JOBS + OWN_JOBS + 1);
      expect(setting(text, "max_worker_processes")).toBeGreaterThanOrEqual(background + OTHER_WORKERS);
      if (file.endsWith(".md")) expect(Number(/registers (\d+) TimescaleDB jobs/.exec(text)?.[1])).toBe(POLICY_JOBS);
    });
  }
});
