"use client";
// The user's websites on /settings/domains, from GET /api/domains: their own, then those shared with
// them, marked with their role (and offering what the role may do); reloads when a form says the
// list changed ("bothy:domains"). A failed load gives an empty list (and says so).
import { useEffect, useState } from "react";
import { allows, type Role } from "../../src/shared/roles";
import { api } from "../forms/api";

type Row = { domain: string; tz: string; public: boolean; verified: boolean; role: Role };

export function DomainList() {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const load = () =>
      void api<Row[]>("GET", "/api/domains").then((r) => {
        setFailed(!r.ok);
        setRows(r.ok ? r.data : []);
      });
    load();
    addEventListener("bothy:domains", load);
    return () => removeEventListener("bothy:domains", load);
  }, []);
  if (rows === null) return <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">Loading your websites…</p>;
  if (failed) return <p role="alert" className="mt-4 text-sm text-red-700">Your websites could not be loaded. Reload the page to try again.</p>;
  if (rows.length === 0) return <p className="mt-4 text-gray-700 dark:text-gray-300">No websites yet. Add your first one below.</p>;
  const link = "rounded px-2 py-1 text-sm text-blue-700 underline hover:bg-gray-100 dark:text-blue-400 dark:hover:bg-gray-800";
  return (
    <ul aria-label="Your websites" className="mt-4 divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-700 dark:border-gray-700">
      {rows.map((d) => {
        const base = `/dashboard/${encodeURIComponent(d.domain)}`;
        return (
          <li key={d.domain} className="flex flex-col gap-2 p-4 desk:flex-row desk:items-center desk:justify-between">
            <div>
              <a href={base} className="font-semibold text-gray-900 hover:underline dark:text-white">{d.domain}</a>
              <p className="text-xs text-gray-600 dark:text-gray-400">
                {d.role !== "owner" && <span className="mr-1 rounded bg-blue-50 px-1.5 py-0.5 font-medium text-blue-800 dark:bg-blue-950 dark:text-blue-200">Shared with you · {d.role}</span>}
                {d.tz}
                {d.public ? " · public dashboard" : ""}
                {d.verified ? "" : " · not verified yet"}
              </p>
            </div>
            <div className="flex flex-wrap gap-1">
              <a href={base} className={link} aria-label={`Dashboard of ${d.domain}`}>Dashboard</a>
              {allows(d.role, "editor") && (
                <>
                  <a href={`${base}/install`} className={link} aria-label={`Install the script on ${d.domain}`}>Install</a>
                  <a href={`${base}/settings`} className={link} aria-label={`Settings of ${d.domain}`}>Settings</a>
                </>
              )}
              {allows(d.role, "admin") && <a href={`${base}/import`} className={link} aria-label={`Import history into ${d.domain}`}>Import</a>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
