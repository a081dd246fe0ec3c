// The app's postgres.js client, made so that one connection can never answer the wrong caller.
//
// TRICKY: postgres.js pipelines queries on a connection: while query A waits for its answer, B is
// pushed to the connection's `sent` list and written behind it. A prepared statement's parameters
// are serialized as it is written; when a serializer throws there (a `Date` that is not a date:
// RangeError "Invalid Date", as for "2026-13-01" sent to a `::date` parameter), postgres.js rejects
// the *active* query A with B's error and leaves B in `sent`, never written. From then on every
// answer is matched to the query queued before it: one caller's rows, one session's user row, go
// to another caller, until the connection closes (tests/server/db/client.test.ts reproduces it on
// a bare client). Two defences:
// - Serializers never throw: a value one cannot serialize is sent as a NUL byte, which the server
//   refuses for every type (22021), so the error response goes to that query's own caller.
//   `undefined` takes the same way instead of postgres.js's UNDEFINED_VALUE, thrown at the same point.
// - Any other error from the driver that is not a PostgreSQL error response or a lost connection
//   means the protocol state can no longer be trusted: `reset()` replaces the client (the old one
//   ends at once, its queries fail with CONNECTION_DESTROYED, a 503 at the edge), and namedQuery
//   refuses the answer of any query begun before a reset.
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
type Serializer = (value: unknown) => unknown;

/** What an unserializable value is sent as: no PostgreSQL type accepts a NUL byte in its text. */
const REFUSED_BY_SERVER = "\u0000";
// NOTE: a parameter of a type with no serializer is sent as `'' + value`: the marker's text is refused too.
const UNDEFINED = Object.freeze({ toString: () => REFUSED_BY_SERVER });

/**
 * Makes every serializer of a client answer REFUSED_BY_SERVER instead of throwing, and `onRefused`
 * hear why: those present now, wrapped once, and those postgres.js adds later (each connection adds
 * its array types' serializers), wrapped as they are set, so a query's parameters cost no look-up.
 */
function neverThrowing(client: Sql, onRefused: (err: unknown) => void): void {
  const options = client.options as unknown as { serializers: Record<string, Serializer> };
  const guard = (serialize: Serializer): Serializer => (value) => {
    if (value === UNDEFINED) return REFUSED_BY_SERVER;
    try {
      return serialize(value);
    } catch (err) {
      onRefused(err);
      return REFUSED_BY_SERVER;
    }
  };
  const guarded = (value: unknown) => (typeof value === "function" ? guard(value as Serializer) : value);
  for (const [key, serialize] of Object.entries(options.serializers)) options.serializers[key] = guarded(serialize) as Serializer;
  options.serializers = new Proxy(options.serializers, { set: (target, key, value) => Reflect.set(target, key, guarded(value)) });
}

/**
 * A client whose connections can be thrown away and reopened under its users: `sql` is a
 * stand-in that forwards every call and property to the live postgres.js client.
 */
export function resettableClient(
  target: string | undefined,
  options: Options<Record<string, never>>,
  log: { reset(reason: unknown): void; refused(reason: unknown): void },
): Sql {
  // NOTE: postgres.js puts transform.undefined in place of an `undefined` parameter.
  const guarded = { ...options, transform: { undefined: UNDEFINED } } as unknown as Options<Record<string, never>>;
  const make = () => {
    const client = (target === undefined ? postgres(guarded) : postgres(target, guarded)) as unknown as Sql;
    neverThrowing(client, log.refused);
    return client;
  };
  let live = make();
  let ended = false;
  const guard: Guard = {
    generation: 0,
    reset(reason) {
      if (ended) return;
      guard.generation++;
      const old = live;
      live = make();
      log.reset(reason);
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
