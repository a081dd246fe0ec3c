// Routes that Bun serves itself, ahead of Elysia's per-request work (context, hooks); createApp adds
// the request log line, at debug level (http/request-log.ts).
// Only for endpoints so hot that this work shows: the collection beacons, at the 20,000 hits/s on two
// cores the collector is built for, where Elysia's handling cost ~14 µs of the ~35 µs a request took.
// A room registers them beside its Elysia plugin, which must serve the same paths with the same
// handler: `app.handle()` (the tests) and any non-Bun server only see the Elysia routes.
import type { AnyElysia } from "elysia";

export type NativeHandler = (request: Request) => Response | Promise<Response>;
export type NativeRoutes = Record<string, Partial<Record<"GET" | "POST" | "OPTIONS", NativeHandler>>>;

const registry = new WeakMap<AnyElysia, NativeRoutes>();

/** Marks `plugin` as also serving `routes` natively; createApp hands them to Bun.serve. */
export function withNativeRoutes<T extends AnyElysia>(plugin: T, routes: NativeRoutes): T {
  registry.set(plugin, routes);
  return plugin;
}

export const nativeRoutesOf = (plugin: AnyElysia): NativeRoutes | undefined => registry.get(plugin);
