// The settings every database session of the app runs with: a server's connections send them as
// startup parameters (index.ts); the embedded database's one session SETs them when it opens
// (embedded-worker.ts), since PGlite ignores a client's startup parameters.

/**
 * TRICKY: `plan_cache_mode`: by default PostgreSQL plans a prepared statement's sixth run twice,
 * once as a generic plan it may keep for later runs. Over a hypertable a generic plan cannot leave
 * chunks out by their time, so it plans every chunk, compressed ones dearest: the sixth cached
 * stats load of a process took 70–130 ms instead of ~15 ms (bench:stats at 1M hits). A plan for
 * each run's own values is what every read here wants, and costs no more to make.
 *
 * `jit`: a server built with LLVM compiles the expressions of a statement it estimates dear. A
 * filtered read's week (one statement of ten aggregates, slice.ts) crosses that line at 10M hits a
 * month, and compiling took ~1.5 s of the statement's 3.7 s; the statement ran in 2.6 s without.
 * Every statement here is one dashboard read, too short for the compile to pay back. PGlite has no
 * JIT: the setting changes nothing there.
 */
export const SESSION_SETTINGS = { plan_cache_mode: "force_custom_plan", jit: "off" } as const;

/** The settings as SET statements. */
export const sessionSets = () =>
  Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `SET ${name} = ${value};`)
    .join(" ");
