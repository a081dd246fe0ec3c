// `--against`: a Bothy instance's inspector measures instead of a local Chromium, through its public
// API as it is: GET /api/check-analysis queues a run and answers "check_again" until the result is
// stored. The Pro API key goes as `Authorization: Bearer`. That inspector's own SSRF guard applies:
// it measures public pages only.
import type { CheckAnswer, Measurement } from "../../../src/inspect";

/** How long one URL may take on the instance, queue included, and how often to ask. */
const REMOTE_TIMEOUT_MS = 180_000;
const POLL_MS = 2000;

/** The sentence of the one JSON error shape ({ error: { message } }), or the status line. */
async function errorOf(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  const message = typeof body?.error?.message === "string" ? body.error.message : res.statusText;
  return `${res.status} from the Bothy instance: ${message}`;
}

export function remoteInspector(origin: string, key: string, timeoutMs = REMOTE_TIMEOUT_MS) {
  const ask = async (url: string, check: boolean): Promise<CheckAnswer | string> => {
    const query = new URLSearchParams({ url, ...(check ? { check: "true" } : {}) });
    const res = await fetch(`${origin}/api/check-analysis?${query}`, {
      headers: { authorization: `Bearer ${key}`, accept: "application/json" },
      signal: AbortSignal.timeout(30_000),
    }).catch((err: unknown) => `${origin} did not answer: ${(err as Error).message}`);
    if (typeof res === "string") return res;
    if (!res.ok) return errorOf(res);
    const body = (await res.json().catch(() => null)) as CheckAnswer | null;
    if (!body || typeof body !== "object" || !("action" in body || "result" in body)) return `${origin} did not answer as a Bothy inspector`;
    return body;
  };

  return {
    measure: async (url: string): Promise<Measurement> => {
      const deadline = Date.now() + timeoutMs;
      // NOTE: check=true on the first ask only: it asks for a fresh run; the polls then read it.
      for (let first = true; ; first = false) {
        const answer = await ask(url, first);
        if (typeof answer === "string") return { ok: false, url, error: answer };
        if ("result" in answer) {
          const r = answer.result;
          if (r.error) return { ok: false, url, error: r.error === "generic_error" ? "the page could not be loaded" : r.error };
          return { ok: true, url, finalUrl: r.detail?.finalUrl ?? url, bytes: r.bytes, grams: r.co2, rating: r.detail?.rating ?? "?", truncated: r.detail?.truncated ?? null };
        }
        if (Date.now() + POLL_MS > deadline) return { ok: false, url, error: `no result from ${origin} within ${Math.round(timeoutMs / 1000)} s` };
        await Bun.sleep(POLL_MS);
      }
    },
  };
}
