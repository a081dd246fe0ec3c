// Named queries: every query has a name, keeps its SQL beside it, and rethrows with that name,
// so a log line says which query failed ("readyz.timescaleVersion: connection refused").
import type { Sql, TransactionSql } from "postgres";

/** A client or an open transaction: queries that may run inside a caller's transaction take this. */
export type Queryable = Sql | TransactionSql;

// Failures that say the database cannot serve now, not that the query is wrong: postgres.js's own
// connection codes, the socket's errors, SQLSTATE class 08 (connection exception), 57P01–03 (shutting
// down, cannot connect now) and 53100 (disk full).
const UNAVAILABLE = new Set([
  "ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH",
  "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT",
  "57P01", "57P02", "57P03", "53100",
]);

/** True when `err` says the database is unreachable, shutting down or out of disk. */
function isUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && (UNAVAILABLE.has(code) || code.startsWith("08"));
}

export class QueryError extends Error {
  /** 503 when the database could not serve (isUnavailable): the edge answers "try again", not 500. */
  readonly status: 503 | undefined;
  constructor(readonly query: string, cause: unknown) {
    super(`${query}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "QueryError";
    this.status = isUnavailable(cause) || (cause instanceof QueryError && cause.status) ? 503 : undefined;
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
