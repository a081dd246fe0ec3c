"use client";
// A website's webhooks (src/webhooks): where its alerts also go, as Slack messages or signed JSON
// POSTs. Each webhook shows its URL, a test button, a delete button that asks first, and its delivery
// log (the last attempts: time, attempt, HTTP status or error). The add form shows a new webhook's
// signing secret once. Editors and up see it; alerts themselves are switched on above, with reports.
import { useEffect, useState } from "react";
import { ApiForm } from "../forms/ApiForm";
import { api } from "../forms/api";

type Attempt = { at: string; attempt: number; status: number | null; error: string | null };
type Webhook = { id: number; kind: "slack" | "json"; url: string; log: Attempt[] };
type Answer = { webhooks: Webhook[]; maxWebhooks: number };

const EVENT = "bothy:webhooks";
const KINDS = [
  { value: "slack", label: "Slack (incoming webhook)" },
  { value: "json", label: "JSON POST, signed" },
];
const when = (iso: string) => new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

function DeliveryLog({ log }: { log: Attempt[] }) {
  if (!log.length) return <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">Nothing sent yet.</p>;
  return (
    <ul className="mt-1 space-y-0.5 text-xs" aria-label="Delivery log">
      {log.map((a, i) => (
        <li key={i} className="flex flex-wrap gap-x-2">
          <span className="text-gray-600 dark:text-gray-400">{when(a.at)}</span>
          <span className="text-gray-600 dark:text-gray-400">attempt {a.attempt}</span>
          {a.error === null ? (
            <span className="text-green-800 dark:text-green-400">delivered ({a.status})</span>
          ) : (
            <span className="break-all text-red-700 dark:text-red-400">{a.error}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function WebhookSettings({ domain }: { domain: string }) {
  const [hooks, setHooks] = useState<Answer | null>(null);
  const [problem, setProblem] = useState("");
  const path = `/api/domains/${encodeURIComponent(domain)}/webhooks`;
  useEffect(() => {
    const load = () => void api<Answer>("GET", path).then((r) => setHooks(r.ok ? r.data : null));
    load();
    addEventListener(EVENT, load);
    return () => removeEventListener(EVENT, load);
  }, [path]);

  async function act(method: "POST" | "DELETE", to: string) {
    const r = await api(method, to);
    setProblem(r.ok ? "" : r.message);
    dispatchEvent(new Event(EVENT));
  }
  const remove = (w: Webhook) => {
    if (confirm(`Delete the webhook to ${w.url}? Alerts stop going there.`)) void act("DELETE", `${path}/${w.id}`);
  };

  if (!hooks) return null;
  return (
    <section className="mt-8 border-t border-gray-200 pt-6 dark:border-gray-800" aria-labelledby="webhooks">
      <h2 id="webhooks" className="text-lg font-semibold">Webhooks</h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
        When alerts are on (under Weekly email reports, Pro), each one also goes to these URLs: a Slack channel, or your own receiver as
        a signed JSON POST.{" "}
        <a href="/docs/alerts#webhooks" className="text-blue-700 underline dark:text-blue-400">How to set them up</a>
      </p>
      {problem && <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">{problem}</p>}
      <ul className="mt-4 divide-y divide-gray-200 dark:divide-gray-800" data-testid="webhooks">
        {hooks.webhooks.map((w) => (
          <li key={w.id} className="py-3">
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="min-w-0 break-all">
                <span className="font-medium">{w.kind === "slack" ? "Slack" : "JSON"}</span> {w.url}
              </span>
              <span className="flex shrink-0 gap-2">
                <button type="button" onClick={() => void act("POST", `${path}/${w.id}/test`)} className="rounded border border-gray-300 px-2 py-1 hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800">
                  Send a test
                </button>
                <button type="button" onClick={() => remove(w)} className="rounded px-2 py-1 text-red-700 underline hover:bg-red-100 dark:text-red-400 dark:hover:bg-red-950">
                  Delete<span className="sr-only"> the webhook to {w.url}</span>
                </button>
              </span>
            </div>
            <DeliveryLog log={w.log} />
          </li>
        ))}
      </ul>
      {hooks.webhooks.length < hooks.maxWebhooks && (
        <div className="mt-2">
          <ApiForm
            method="POST"
            action={path}
            submit="Add webhook"
            reveal="secret"
            fields={[
              { name: "kind", label: "Kind", type: "select", options: KINDS, defaultValue: "slack" },
              { name: "url", label: "URL", type: "text", hint: "https:// only. For Slack, the incoming webhook's URL; for JSON, your receiver's." },
            ]}
            then={{ clear: true, message: "Webhook added. Its signing secret is shown once: keep it where your receiver checks signatures.", event: EVENT }}
          />
        </div>
      )}
    </section>
  );
}
