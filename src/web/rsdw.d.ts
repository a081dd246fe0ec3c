// Types for the parts of react-server-dom-webpack and the virtual build modules we use (the
// package ships no types).
declare module "react-server-dom-webpack/server" {
  export function renderToReadableStream(model: unknown, manifest: unknown, opts?: { onError?: (e: unknown) => string | void }): ReadableStream<Uint8Array>;
  export function decodeReply(body: string | FormData, manifest: unknown): Promise<unknown>;
  export function registerClientReference(proxy: unknown, id: string, name: string): unknown;
  export function registerServerReference<T>(fn: T, id: string, name: string): T;
}
declare module "react-server-dom-webpack/client.edge" {
  export function createFromReadableStream(stream: ReadableStream<Uint8Array>, opts: { serverConsumerManifest: unknown }): Promise<unknown>;
  export function createServerReference(id: string): (...args: unknown[]) => Promise<unknown>;
}
declare module "react-server-dom-webpack/client.browser" {
  type CallServer = (id: string, args: unknown[]) => Promise<unknown>;
  export function createFromReadableStream(stream: ReadableStream<Uint8Array>, opts?: { callServer?: CallServer }): Promise<unknown>;
  export function createFromFetch(res: Promise<Response>, opts?: { callServer?: CallServer }): Promise<unknown>;
  export function encodeReply(value: unknown): Promise<string | FormData>;
  export function createServerReference(id: string, callServer: CallServer): (...args: unknown[]) => Promise<unknown>;
}
declare module "virtual:client-modules" {
  export const ssrModules: Map<string, Record<string, unknown>>;
}
declare module "virtual:server-actions" {}
declare module "virtual:site" {
  // The site module (src/pages/site.ts unless a test build names another).
  export const site: import("./page").SiteMap;
}
