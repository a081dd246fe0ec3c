// The worker's side of the internal API (internal.ts): a JobSource that asks the app over HTTP, for
// `worker:inspect` started with APP_URL and INSPECT_TOKEN instead of DATABASE_URL, so the process
// that drives Chromium on arbitrary pages holds no database credentials.
import { getSchemaValidator, type Static, type TSchema } from "elysia";
import { INTERNAL_PREFIX } from "./internal";
import type { JobSource } from "./jobs";
import { jobAnswer, storedAnswer, toWire, type ResultBody } from "./wire";

/** One call to the app; a slow app must not hold a loop forever. */
const CALL_TIMEOUT_MS = 30_000;

export function appJobs(appUrl: string, token: string): JobSource {
  /** Posts to the API; answers the checked body, or null on 409 (the job is no longer running). */
  const post = async <S extends TSchema>(path: string, answer: S, body?: unknown): Promise<Static<S> | null> => {
    const res = await fetch(`${appUrl}${INTERNAL_PREFIX}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "error",
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    if (res.status === 409) return null;
    if (!res.ok) throw new Error(`${INTERNAL_PREFIX}${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    const got: unknown = await res.json();
    if (!getSchemaValidator(answer)?.Check(got)) throw new Error(`${INTERNAL_PREFIX}${path} answered an unexpected body`);
    return got;
  };
  const result = async (id: string, body: ResultBody) => (await post(`/${id}/result`, storedAnswer, body)) !== null;
  return {
    claim: async (leaseMs) => (await post("/claim", jobAnswer, { leaseMs }))?.job ?? null,
    release: async (id) => void (await post(`/${id}/release`, storedAnswer)),
    done: (id, run) =>
      result(id, { outcome: "done", ...run, screenshot: toWire(run.screenshot), card: toWire(run.card) }),
    failed: (id, error, errorType) => result(id, { outcome: "failed", error, errorType }),
  };
}
