// Shutdown hooks: rooms that buffer work (collection's batch writer, for one) register a flush
// here; the server runs them after the last in-flight request and before the database closes.
import { log } from "./log";

export type Lifecycle = {
  onShutdown(name: string, run: () => Promise<unknown> | unknown): void;
  runShutdownHooks(): Promise<void>;
};

export function createLifecycle(): Lifecycle {
  const hooks: { name: string; run: () => Promise<unknown> | unknown }[] = [];
  return {
    onShutdown: (name, run) => void hooks.push({ name, run }),
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
