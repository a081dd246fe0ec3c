// Named queries: every query has a name, keeps its SQL beside it, and rethrows with that name,
// so a log line says which query failed ("readyz.timescaleVersion: connection refused").
import type { Sql, TransactionSql } from "postgres";

/** A client or an open transaction: queries that may run inside a caller's transaction take this. */
export type Queryable = Sql | TransactionSql;

export class QueryError extends Error {
  constructor(readonly query: string, cause: unknown) {
    super(`${query}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "QueryError";
  }
}

export function namedQuery<A extends unknown[], R, S extends Queryable = Sql>(
  name: string,
  run: (sql: S, ...args: A) => Promise<R>,
) {
  return async (sql: S, ...args: A): Promise<R> => {
    try {
      return await run(sql, ...args);
    } catch (err) {
      throw new QueryError(name, err);
    }
  };
}
