// Named queries: every query has a name, keeps its SQL beside it, and rethrows with that name,
// so a log line says which query failed ("readyz.timescaleVersion: connection refused").
import type { Sql } from "postgres";

export class QueryError extends Error {
  constructor(readonly query: string, cause: unknown) {
    super(`${query}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "QueryError";
  }
}

export function namedQuery<A extends unknown[], R>(name: string, run: (sql: Sql, ...args: A) => Promise<R>) {
  return async (sql: Sql, ...args: A): Promise<R> => {
    try {
      return await run(sql, ...args);
    } catch (err) {
      throw new QueryError(name, err);
    }
  };
}
