// The settings every database session of the app runs with: a server's connections send them as
// startup parameters (index.ts); the embedded database's one session SETs them when it opens
// (embedded-worker.ts), since PGlite ignores a client's startup parameters.

/**
 * TRICKY: by default PostgreSQL plans a prepared statement's sixth run twice, once as a generic
 * plan it may keep for later runs. Over a hypertable a generic plan cannot leave chunks out by
 * their time, so it plans every chunk, compressed ones dearest: the sixth cached stats load of a
 * process took 70–130 ms instead of ~15 ms (bench:stats at 1M hits). A plan for each run's own
 * values is what every read here wants, and costs no more to make.
 */
export const SESSION_SETTINGS = { plan_cache_mode: "force_custom_plan" } as const;

/** The settings as SET statements. */
export const sessionSets = () =>
  Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `SET ${name} = ${value};`)
    .join(" ");
