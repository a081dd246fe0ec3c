// Shutdown hooks: rooms that buffer work (collection's batch writer, for one) register a flush
// here; the server runs them after the last in-flight request and before the database closes. Drain
// hooks run first, before the server waits for in-flight requests: they end the responses that
// would never end by themselves (realtime streams), which would hold the shutdown to its deadline.
import { log } from "./log";

export type Lifecycle = {
  /** `first`: run before the hooks already registered, e.g. a producer of hits that must stop
   * before collection's writer flushes, or its last hits would land in a closed buffer. */
  onShutdown(name: string, run: () => Promise<unknown> | unknown, opts?: { first?: boolean }): void;
  runShutdownHooks(): Promise<void>;
  onDrain(name: string, run: () => Promise<unknown> | unknown): void;
  runDrainHooks(): Promise<void>;
};

type Hook = { name: string; run: () => Promise<unknown> | unknown };

export function createLifecycle(): Lifecycle {
  const hooks: Hook[] = [];
  const drains: Hook[] = [];
  return {
    onShutdown: (name, run, opts) => void (opts?.first ? hooks.unshift({ name, run }) : hooks.push({ name, run })),
    runShutdownHooks: () => runAll(hooks),
    onDrain: (name, run) => void drains.push({ name, run }),
    runDrainHooks: () => runAll(drains),
  };
}

async function runAll(hooks: Hook[]): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook.run();
    } catch (err) {
      log.error("shutdown hook failed", { hook: hook.name, error: err instanceof Error ? err.message : String(err) });
    }
  }
}
