// The SSR bundle's entry (normal conditions): turns a flight stream into streamed HTML with the
// flight data inlined for hydration. Holds the real client components for server rendering.
import { use, type ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server";
import { createFromReadableStream } from "react-server-dom-webpack/client.edge";
import { injectRSCPayload } from "rsc-html-stream/server";
import { ssrModules } from "virtual:client-modules";

export { ssrModules };

export type HtmlOptions = {
  ssrManifest: unknown;
  bootstrap: string;
  /** Per client module URL, the chunks it imports (the manifest's chunksOf). */
  chunksOf: Record<string, string[]>;
  /** The inline classic script that defines the __webpack_* globals before any module runs. */
  shim: string;
  nonce: string;
  report: (err: unknown) => void;
};

type SsrManifest = { moduleMap: Record<string, unknown> };

/**
 * The manifest for one render, noting every client module the page uses. Its moduleMap is keyed
 * by the module's browser URL, so what the flight client looks up is what the browser will load.
 */
function recording(manifest: SsrManifest, used: Set<string>): SsrManifest {
  const moduleMap = new Proxy(manifest.moduleMap, {
    get(target, url) {
      if (typeof url === "string" && url in target) used.add(url);
      return Reflect.get(target, url);
    },
  });
  return { ...manifest, moduleMap };
}

/**
 * Adds <link rel="modulepreload"> for the page's own client modules and the chunks they import
 * before </head>, so the browser fetches them beside the bootstrap instead of after it, one level
 * of imports at a time (and other pages' modules not at all).
 */
function preloadsInHead(used: Set<string>, chunksOf: HtmlOptions["chunksOf"]): TransformStream<Uint8Array, Uint8Array> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let done = false;
  let held = "";
  return new TransformStream({
    transform(chunk, out) {
      if (done) return out.enqueue(chunk);
      held += decoder.decode(chunk, { stream: true });
      const at = held.indexOf("</head>");
      if (at < 0) return;
      const urls = new Set([...used].flatMap((url) => [url, ...(chunksOf[url] ?? [])]));
      const links = [...urls].map((url) => `<link rel="modulepreload" href="${url}"/>`).join("");
      out.enqueue(encoder.encode(held.slice(0, at) + links + held.slice(at)));
      held = "";
      done = true;
    },
    flush(out) {
      if (held) out.enqueue(encoder.encode(held));
    },
  });
}

/** Resolves once the shell rendered; rejects when it could not (the host then renders the error page). */
export async function renderHtml(flight: ReadableStream<Uint8Array>, opts: HtmlOptions): Promise<ReadableStream<Uint8Array>> {
  const [forSsr, forInline] = flight.tee();
  const used = new Set<string>();
  const serverConsumerManifest = recording(opts.ssrManifest as SsrManifest, used);
  let payload: Promise<{ root: ReactNode }> | undefined;
  function Root() {
    payload ??= createFromReadableStream(forSsr, { serverConsumerManifest }) as Promise<{ root: ReactNode }>;
    return use(payload).root;
  }
  try {
    const html = await renderToReadableStream(<Root />, {
      bootstrapScriptContent: opts.shim,
      bootstrapModules: [opts.bootstrap],
      nonce: opts.nonce,
      onError(err: unknown) {
        // NOTE: errors inside a Suspense boundary land here and the browser retries them;
        // a shell error also rejects the await above.
        opts.report(err);
      },
    });
    // NOTE: the shell is ready, so every client module it holds was looked up by now.
    return html.pipeThrough(preloadsInHead(used, opts.chunksOf)).pipeThrough(injectRSCPayload(forInline, { nonce: opts.nonce }));
  } catch (err) {
    void forInline.cancel();
    throw err;
  }
}
