// Shutdown hooks: rooms that buffer work (collection's batch writer, for one) register a flush
// here; the server runs them after the last in-flight request and before the database closes.
import { log } from "./log";

export type Lifecycle = {
  /** `first`: run before the hooks already registered, e.g. a producer of hits that must stop
   * before collection's writer flushes, or its last hits would land in a closed buffer. */
  onShutdown(name: string, run: () => Promise<unknown> | unknown, opts?: { first?: boolean }): void;
  runShutdownHooks(): Promise<void>;
};

export function createLifecycle(): Lifecycle {
  const hooks: { name: string; run: () => Promise<unknown> | unknown }[] = [];
  return {
    onShutdown: (name, run, opts) => void (opts?.first ? hooks.unshift({ name, run }) : hooks.push({ name, run })),
    runShutdownHooks: async () => {
      for (const hook of hooks) {
        try {
          await hook.run();
        } catch (err) {
          log.error("shutdown hook failed", { hook: hook.name, error: err instanceof Error ? err.message : String(err) });
        }
      }
    },
  };
}
