"use client";
// A verified website's weekly email reports (Pro): the on/off switch, the alerts switch, who gets
// them (the owner and up to ten more addresses, each confirming by the link we mail it) and a
// remove button per added address. Free accounts outside beta see what the feature is and the way to Pro instead.
import { useEffect, useState } from "react";
import { ApiForm } from "../forms/ApiForm";
import { api } from "../forms/api";

type Recipient = { email: string; owner: boolean; confirmed: boolean; unsubscribed: boolean };
type Reports = { enabled: boolean; alerts: boolean; recipients: Recipient[]; maxRecipients: number };

const EVENT = "bothy:reports";

const status = (r: Recipient) => (r.unsubscribed ? "unsubscribed" : r.confirmed ? (r.owner ? "you" : "confirmed") : "waiting for confirmation");

export function ReportSettings({ domain, pro }: { domain: string; pro: boolean }) {
  const [reports, setReports] = useState<Reports | null>(null);
  const path = `/api/domains/${encodeURIComponent(domain)}/reports`;
  useEffect(() => {
    const load = () => void api<Reports>("GET", path).then((r) => setReports(r.ok ? r.data : null));
    load();
    addEventListener(EVENT, load);
    return () => removeEventListener(EVENT, load);
  }, [path]);

  return (
    <section className="mt-8 border-t border-gray-200 pt-6 dark:border-gray-800" aria-labelledby="weekly-reports">
      <h2 id="weekly-reports" className="text-lg font-semibold">Weekly email reports</h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
        Every Monday at 08:00 in the website&apos;s time zone: last week&apos;s page views, visits, bounce rate, attention, top pages and
        sources, and its CO₂ and energy, each against the week before.
      </p>
      {!pro ? (
        <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">
          Weekly reports are a Pro feature. <a href="/settings/profile" className="text-blue-700 underline dark:text-blue-400">Upgrade now →</a>
        </p>
      ) : reports === null ? (
        <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">Loading…</p>
      ) : (
        <div className="mt-4 space-y-4">
          <ApiForm
            // NOTE: keyed on `enabled` alone: saving the alerts switch must not remount the form, which
            // would drop its "Saved." line; the checkbox already shows what was saved.
            key={String(reports.enabled)}
            method="PATCH"
            action={path}
            submit="Save"
            fields={[
              { name: "enabled", label: "Send me a weekly report of this website", type: "checkbox", defaultValue: reports.enabled },
              {
                name: "alerts",
                label: "Alert me when a page gets 20 % heavier or its speed turns poor, or a day's traffic doubles or halves",
                type: "checkbox",
                defaultValue: reports.alerts,
                hint: "Checked once a day: you get a mail, and the day is marked on the dashboard's chart.",
              },
            ]}
            then={{ message: "Saved.", event: EVENT }}
          />
          {reports.enabled && (
            <>
              <ul className="divide-y divide-gray-200 text-sm dark:divide-gray-800" data-testid="report-recipients">
                {reports.recipients.map((r) => (
                  <li key={r.email} className="flex items-center justify-between gap-3 py-2">
                    <span className="break-all">
                      {r.email} <span className="text-gray-600 dark:text-gray-400">({status(r)})</span>
                    </span>
                    {!r.owner && (
                      <ApiForm method="DELETE" action={`${path}/recipients`} extra={{ email: r.email }} fields={[]} submit="Remove" danger then={{ event: EVENT }} />
                    )}
                  </li>
                ))}
              </ul>
              {reports.recipients.filter((r) => !r.owner).length < reports.maxRecipients && (
                <ApiForm
                  method="POST"
                  action={`${path}/recipients`}
                  submit="Add address"
                  fields={[{ name: "email", label: "Also send it to", type: "email", hint: "We mail this address a link to confirm; it gets nothing until it does." }]}
                  then={{ clear: true, message: "Confirmation link sent.", event: EVENT }}
                />
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
