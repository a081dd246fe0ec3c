// The app's postgres.js client, made so that one connection can never answer the wrong caller.
//
// TRICKY: postgres.js pipelines queries on a connection: while query A waits for its answer, B is
// pushed to the connection's `sent` list and written behind it. B's parameters are serialized
// client-side when it is written; when a serializer throws there (a `Date` that is not a date:
// RangeError "Invalid Date"; `undefined`; a BigInt in JSON), postgres.js rejects the *active*
// query A with B's error and leaves B in `sent`, never written. From then on every answer the
// server sends is matched to the query queued before it: A's rows go to B's caller, the next
// query's to the one after, one session's user row to another caller, until the connection closes
// (tests/server/db/client.test.ts reproduces it on a bare client). Two defences:
// - `max_pipeline: 0`: a connection takes the next query only when the previous one is answered,
//   so a query whose serializer throws is the active one and the error goes to its own caller.
// - Any error from the driver that is not a PostgreSQL error response or a lost connection means
//   the protocol state can no longer be trusted: `reset()` replaces the client (the old one ends
//   at once, its in-flight queries fail with CONNECTION_DESTROYED, a 503 at the edge), and
//   namedQuery refuses the answer of any query that began before a reset.
import postgres, { type Options, type Sql } from "postgres";

type Guard = {
  /** Bumped by every reset: an answer to a query begun under an older generation is not trusted. */
  generation: number;
  reset(reason: unknown): void;
};

// NOTE: keyed by the stand-in and by every transaction opened through it, so namedQuery finds
// the guard whichever of them it was handed.
const guards = new WeakMap<object, Guard>();

/** The guard of a client made by resettableClient (or of a transaction on one); undefined otherwise. */
export const guardOf = (sql: object): Guard | undefined => guards.get(sql);

type Callback = (sql: Sql) => unknown;

/**
 * A client whose connections can be thrown away and reopened under its users: `sql` is a
 * stand-in that forwards every call and property to the live postgres.js client.
 */
export function resettableClient(target: string | undefined, options: Options<Record<string, never>>, onReset: (reason: unknown) => void): Sql {
  // NOTE: max_pipeline is read by postgres.js but missing from its typings.
  const unpipelined = { ...options, max_pipeline: 0 } as Options<Record<string, never>>;
  const make = () => (target === undefined ? postgres(unpipelined) : postgres(target, unpipelined)) as unknown as Sql;
  let live = make();
  let ended = false;
  const guard: Guard = {
    generation: 0,
    reset(reason) {
      if (ended) return;
      guard.generation++;
      const old = live;
      live = make();
      onReset(reason);
      void old.end({ timeout: 0 }).catch(() => {});
    },
  };
  // NOTE: a transaction's or a reserved connection's own `sql` is registered too, so its queries
  // answer to the same guard.
  const registering = (fn: Callback): Callback => (tx) => {
    guards.set(tx, guard);
    return fn(tx);
  };
  const overrides: Record<PropertyKey, unknown> = {
    begin: (...args: unknown[]) => {
      const fn = args.pop() as Callback;
      return (live.begin as (...a: unknown[]) => unknown)(...args, registering(fn));
    },
    reserve: async () => {
      const reserved = await live.reserve();
      guards.set(reserved, guard);
      return reserved;
    },
    end: (opts?: { timeout?: number }) => {
      ended = true;
      return live.end(opts);
    },
  };
  const standIn = new Proxy(function sql() {} as unknown as Sql, {
    apply: (_target, _this, args: unknown[]) => (live as unknown as (...a: unknown[]) => unknown)(...args),
    get: (_target, prop) => (prop in overrides ? overrides[prop] : Reflect.get(live, prop)),
    has: (_target, prop) => prop in live,
  });
  guards.set(standIn, guard);
  return standIn;
}
