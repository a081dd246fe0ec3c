"use client";
// The inspect view: the URL form, then waiting → (after
// 200 ms) loading → the result or an error. Polls GET /api/check-analysis every second while
// the server answers "check_again"; leaving the view (unmount) or starting another check aborts
// the loop. The URL lives in ?url=, so a result can be shared and back/forward work.
import { useEffect, useState, type FormEvent } from "react";
import { PRIVATE_MESSAGE, hasPrivateMarker, type CheckAnswer } from "../../src/inspect/client";
import { navigate } from "../../src/web/client/navigation";
import { POLL_MS, START_DELAY_MS } from "./format";
import { InspectResult, type Answer } from "./InspectResult";

type Check = { url: string; force: boolean; /** a new object per request, so equal URLs re-run */ n: number };

type Phase =
  | { kind: "idle" }
  | { kind: "waiting"; url: string; /** true once START_DELAY_MS passed: the loading bar shows */ slow: boolean }
  | { kind: "done"; answer: Answer }
  | { kind: "failed"; url: string; message: string; errorType: string | null };

const PATH = "/how-green-is-your-website";
const INPUT_ID = "inspect-url";

type ErrorBody = { error?: { message?: string } | string };

const messageOf = (body: unknown, status: number) => {
  const e = (body as ErrorBody | null)?.error;
  return (typeof e === "string" ? e : e?.message) ?? `Bothy answered with an error (HTTP ${status})`;
};

export function InspectView({ initialUrl }: { initialUrl: string }) {
  const [input, setInput] = useState(initialUrl);
  const [check, setCheck] = useState<Check | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });

  const start = (url: string, force: boolean) => {
    // Refused here already, with no request and no retry link (the server refuses too).
    if (hasPrivateMarker(url)) {
      setCheck(null);
      setPhase({ kind: "failed", url, message: PRIVATE_MESSAGE, errorType: "private" });
      return;
    }
    setCheck({ url, force, n: Date.now() });
  };

  // The URL in the address bar is the one to check: on load, and after each form submission.
  useEffect(() => {
    setInput(initialUrl);
    if (initialUrl) start(initialUrl, false);
    else {
      setCheck(null);
      setPhase({ kind: "idle" });
    }
  }, [initialUrl]);

  useEffect(() => {
    if (!check) return;
    const ctl = new AbortController();
    let next: ReturnType<typeof setTimeout> | undefined;
    setPhase({ kind: "waiting", url: check.url, slow: false });
    const slow = setTimeout(() => setPhase((p) => (p.kind === "waiting" ? { ...p, slow: true } : p)), START_DELAY_MS);
    const finish = (p: Phase) => {
      clearTimeout(slow);
      setPhase(p);
    };
    const poll = async (force: boolean) => {
      try {
        const query = new URLSearchParams({ url: check.url, check: String(force) });
        const res = await fetch(`/api/check-analysis?${query}`, { signal: ctl.signal, headers: { accept: "application/json" } });
        const body = (await res.json()) as CheckAnswer | ErrorBody;
        if (!res.ok) return finish({ kind: "failed", url: check.url, message: messageOf(body, res.status), errorType: null });
        if ("action" in body) {
          // NOTE: later polls never force: the forced run is queued already, a second force would
          // only ask the server to start it again.
          next = setTimeout(() => void poll(false), POLL_MS);
          return;
        }
        const answer = body as Answer;
        if (answer.result.error) {
          return finish({ kind: "failed", url: answer.result.url, message: answer.result.error, errorType: answer.result.errorType });
        }
        finish({ kind: "done", answer });
      } catch (err) {
        if (ctl.signal.aborted) return;
        console.warn("inspect: check-analysis failed", err);
        finish({ kind: "failed", url: check.url, message: "Bothy could not be reached. Please try again in a moment.", errorType: null });
      }
    };
    void poll(check.force);
    return () => {
      ctl.abort();
      clearTimeout(next);
      clearTimeout(slow);
    };
  }, [check]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const url = input.trim();
    if (!url) return;
    if (hasPrivateMarker(url) || url === initialUrl) return start(url, false);
    void navigate(`${PATH}?${new URLSearchParams({ url })}`);
  };

  return (
    <div>
      <form action={PATH} method="get" onSubmit={submit} className="mx-auto flex max-w-3xl flex-col gap-3 desk:flex-row">
        <label htmlFor={INPUT_ID} className="sr-only">
          Address of the page to inspect
        </label>
        <input
          id={INPUT_ID}
          name="url"
          type="text"
          inputMode="url"
          autoComplete="url"
          required
          placeholder="example.com"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          className="min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-4 py-3 text-lg text-gray-900 dark:bg-gray-900 dark:text-white"
        />
        {/* NOTE: never disabled: a new address replaces the check in progress (its loop is aborted). */}
        <button type="submit" className="rounded-md bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800">
          Inspect
        </button>
      </form>

      <div className="mx-auto mt-10 max-w-6xl">
        {/* Screen readers hear the state changes, not the whole result. */}
        <p role="status" className="sr-only">
          {phase.kind === "done" ? `Inspection of ${phase.answer.result.url} finished` : ""}
        </p>
        {phase.kind === "waiting" && phase.slow && <Loading url={phase.url} />}
        {phase.kind === "failed" && (
          <Failure phase={phase} retry={phase.errorType === "generic_error" ? () => start(phase.url, true) : null} />
        )}
        {phase.kind === "done" && <InspectResult answer={phase.answer} checkAgain={() => start(phase.answer.result.url, true)} />}
      </div>
    </div>
  );
}

function Loading({ url }: { url: string }) {
  return (
    <div className="mx-auto max-w-3xl text-center" data-testid="inspect-loading">
      <div role="progressbar" aria-label="Inspecting the page" className="h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800">
        <div className="h-full w-1/3 animate-pulse rounded-full bg-blue-600" />
      </div>
      <p role="status" className="mt-4 text-gray-700 dark:text-gray-300">One moment while we inspect {url}...</p>
    </div>
  );
}

function Failure({ phase, retry }: { phase: Extract<Phase, { kind: "failed" }>; retry: (() => void) | null }) {
  // generic_error gets friendly words, a hint and "Try again"; other errors show as is.
  const generic = phase.errorType === "generic_error";
  return (
    <div role="alert" className="mx-auto max-w-3xl rounded-xl border border-red-600 bg-red-100 p-6 text-center text-gray-900">
      <h2 className="text-xl font-semibold">{generic ? "Error connecting to website" : phase.message}</h2>
      {generic && <p className="mt-2">Please check that page correctly resolves</p>}
      {retry && (
        <button type="button" onClick={retry} className="mt-4 font-medium text-blue-800 underline hover:text-blue-900">
          Try again
        </button>
      )}
    </div>
  );
}
