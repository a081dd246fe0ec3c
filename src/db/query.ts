// Named queries: every query has a name, keeps its SQL beside it, and rethrows with that name,
// so a log line says which query failed ("readyz.timescaleVersion: connection refused").
import postgres, { type Sql, type TransactionSql } from "postgres";
import { guardOf } from "./client";

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

/**
 * True when `err` is the server refusing a write by one constraint (`code`: 23505 unique, 23503
 * foreign key, …): an answer the caller turns into a value, not a failure.
 */
export const refusedBy = (err: unknown, code: string, constraint: string): boolean =>
  err instanceof postgres.PostgresError && err.code === code && err.constraint_name === constraint;

/** True when `err` says the database is unreachable, shutting down or out of disk. */
function isUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && (UNAVAILABLE.has(code) || code.startsWith("08"));
}

/**
 * True when `err` came out of postgres.js's query machinery (it adds `query` to the errors it hands
 * a caller) without being an error response of the server or a socket's or connection's failure
 * (those carry `errno`, and postgres.js reconnects by itself): a client-side failure, such as a
 * serializer that threw, that may have left the connection's queue out of step with the server.
 */
function isDriverFault(err: unknown): boolean {
  if (!err || typeof err !== "object" || err instanceof postgres.PostgresError || err instanceof QueryError) return false;
  return "query" in err && !("errno" in err) && !isUnavailable(err);
}

/** What a query that began before its client was reset fails with (a 503: try again). */
class ConnectionReset extends Error {
  readonly code = "CONNECTION_DESTROYED";
  constructor() {
    super("the database connection was reset while this query ran");
  }
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
    // NOTE: see ./client.ts: after a driver fault the connection's answers may belong to other
    // queries, so an answer to a query begun before a reset is refused, not returned.
    const guard = guardOf(sql);
    const generation = guard?.generation;
    let result: R;
    try {
      result = await run(sql, ...args);
    } catch (err) {
      if (guard && isDriverFault(err)) {
        guard.reset(err);
        throw new QueryError(name, err);
      }
      throw new QueryError(name, guard && guard.generation !== generation ? new ConnectionReset() : err);
    }
    if (guard && guard.generation !== generation) throw new QueryError(name, new ConnectionReset());
    return result;
  };
}
