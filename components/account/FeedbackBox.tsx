"use client";
// The feedback box: closed → open → sent. Opening resets "sent"; sending clears
// the message; an empty message is never sent. A native <dialog>: focus moves in, Escape closes.
import { useRef, useState, type FormEvent } from "react";
import { api } from "../forms/api";

const domainOf = (pathname: string) => /^\/dashboard\/([^/]+)/.exec(pathname)?.[1];

/**
 * The route a path is a page of, as feedback's `page` (SPEC §7: the route name): the parameter's
 * name stands for its value ("/dashboard/:domain/settings"), so the domain goes in `domain` only.
 */
export const routeName = (pathname: string): string =>
  pathname.replace(/^\/(dashboard|privacy)\/[^/]+/, "/$1/:domain").replace(/^\/public\/[^/]+/, "/public/:id").replace(/(.)\/$/, "$1");

export function FeedbackBox() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [message, setMessage] = useState("");
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  const open = () => {
    setSent(false);
    setError("");
    dialog.current?.showModal();
  };

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!message.trim()) return setError("Write a message first.");
    setBusy(true);
    const domain = domainOf(location.pathname);
    const r = await api("POST", "/api/feedback", { message, page: routeName(location.pathname), ...(domain ? { domain: decodeURIComponent(domain) } : {}) });
    setBusy(false);
    if (!r.ok) return setError(r.fields.message ?? r.message);
    setError("");
    setMessage("");
    setSent(true);
  }

  return (
    <>
      <button type="button" onClick={open} className="w-full rounded-md border border-gray-300 px-3 py-2 text-left text-sm font-medium text-gray-700 hover:bg-gray-100 dark:border-gray-700 dark:text-gray-200 dark:hover:bg-gray-800">
        Feedback
      </button>
      <dialog ref={dialog} aria-labelledby="feedback-title" className="m-auto w-full max-w-md rounded-xl bg-white p-6 text-gray-900 shadow-xl backdrop:bg-gray-900/50 dark:bg-gray-900 dark:text-gray-100">
        {sent ? (
          <div role="status">
            <h2 id="feedback-title" className="text-xl font-bold">Thank you</h2>
            <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">We will be in touch soon.</p>
          </div>
        ) : (
          <form noValidate onSubmit={send}>
            <h2 id="feedback-title" className="text-xl font-bold">Send us a message</h2>
            <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">Ideas, suggestions, something that did not work: we read every message.</p>
            <label htmlFor="feedback-message" className="mt-4 block text-sm font-medium">Your message</label>
            <textarea
              id="feedback-message"
              rows={5}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "feedback-error" : undefined}
              className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm dark:border-gray-700 dark:bg-gray-950"
            />
            {error && <p id="feedback-error" className="mt-1 text-sm text-red-700 dark:text-red-400">{error}</p>}
            <button type="submit" disabled={busy} className="mt-4 rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60">
              {busy ? "Sending…" : "Send"}
            </button>
          </form>
        )}
        <form method="dialog" className="mt-4 text-right">
          <button className="text-sm text-gray-700 underline dark:text-gray-300">Close</button>
        </form>
      </dialog>
    </>
  );
}
