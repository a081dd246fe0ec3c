// refreshAggregates against a stand-in client: a refresh TimescaleDB refuses because another of the
// same aggregate is running (a server's policy) is tried again; any other failure is not.
import { expect, test } from "bun:test";
import type { Sql } from "postgres";
import { AGGREGATES, refreshAggregates } from "../../../src/hits";
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
