"use client";
// The realtime stream in the browser: an EventSource on /api/realtime that keeps the last snapshot.
// The browser reconnects by itself after a dropped connection (the server's `retry`); an answer
// that is no stream (401, 403, 404) closes it, so the error is then read once by fetch: a refusal
// is shown and ends the reconnecting, anything else opens a new EventSource after a pause.
import { useEffect, useState } from "react";
import { REALTIME_EVENT, realtimeUrl, type RealtimeSnapshot } from "../../src/shared/realtime";

/** The pause before a closed stream is opened again. */
const REOPEN_MS = 3_000;

export type RealtimeState =
  | { status: "connecting" | "reconnecting"; snapshot: RealtimeSnapshot | null }
  | { status: "live"; snapshot: RealtimeSnapshot }
  | { status: "refused"; message: string; code: number };

export function useRealtime(target: { domain: string } | { id: string }): RealtimeState {
  const url = realtimeUrl(target);
  const [state, setState] = useState<RealtimeState>({ status: "connecting", snapshot: null });
  useEffect(() => {
    // NOTE: a browser without EventSource (and happy-dom) stays "connecting": the badge is absent there.
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let gone = false;
    let last: RealtimeSnapshot | null = null;
    const open = () => {
      if (gone) return;
      source = new EventSource(url);
      source.addEventListener(REALTIME_EVENT, (e) => {
        last = JSON.parse((e as MessageEvent<string>).data) as RealtimeSnapshot;
        setState({ status: "live", snapshot: last });
      });
      source.onerror = () => {
        setState({ status: "reconnecting", snapshot: last });
        if (source?.readyState !== EventSource.CLOSED) return;
        source = null;
        void refusal().then((refused) => {
          if (gone) return;
          if (refused) setState(refused);
          else timer = setTimeout(open, REOPEN_MS);
        });
      };
    };
    /** Why the stream was not opened: a 4xx's message, or null (a 5xx or no answer: try again). */
    const refusal = async (): Promise<Extract<RealtimeState, { status: "refused" }> | null> => {
      const aborter = new AbortController();
      try {
        const res = await fetch(url, { signal: aborter.signal, headers: { accept: "application/json" } });
        if (res.status < 400 || res.status >= 500) return null;
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        return { status: "refused", code: res.status, message: body?.error?.message ?? "The realtime view is not available." };
      } catch {
        return null;
      } finally {
        aborter.abort();
      }
    };
    open();
    return () => {
      gone = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [url]);
  return state;
}
