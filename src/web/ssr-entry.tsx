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
  /** The inline classic script that defines the __webpack_* globals before any module runs. */
  shim: string;
  nonce: string;
  report: (err: unknown) => void;
};

/** Resolves once the shell rendered; rejects when it could not (the host then renders the error page). */
export async function renderHtml(flight: ReadableStream<Uint8Array>, opts: HtmlOptions): Promise<ReadableStream<Uint8Array>> {
  const [forSsr, forInline] = flight.tee();
  let payload: Promise<{ root: ReactNode }> | undefined;
  function Root() {
    payload ??= createFromReadableStream(forSsr, { serverConsumerManifest: opts.ssrManifest }) as Promise<{ root: ReactNode }>;
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
    return html.pipeThrough(injectRSCPayload(forInline, { nonce: opts.nonce }));
  } catch (err) {
    void forInline.cancel();
    throw err;
  }
}
