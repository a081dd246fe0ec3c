"use client";
// The account's API keys (GET /api/api-keys): name, created, last used, and a revoke button that
// asks first. Reloads when the create form says so ("bothy:api-keys").
import { useEffect, useState } from "react";
import { api } from "../forms/api";

type Key = { id: string; name: string; created: string; lastUsed: string | null };

const day = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { year: "numeric", month: "short", day: "numeric" });

export function ApiKeyList() {
  const [keys, setKeys] = useState<Key[] | null>(null);
  const [problem, setProblem] = useState("");
  const load = () => void api<{ keys: Key[] }>("GET", "/api/api-keys").then((r) => setKeys(r.ok ? r.data.keys : []));
  useEffect(() => {
    load();
    addEventListener("bothy:api-keys", load);
    return () => removeEventListener("bothy:api-keys", load);
  }, []);

  async function revoke(k: Key) {
    if (!confirm(`Revoke the key "${k.name}"? Scripts using it stop working at once.`)) return;
    const r = await api("DELETE", `/api/api-keys/${encodeURIComponent(k.id)}`);
    setProblem(r.ok ? "" : r.message);
    load();
  }

  if (keys === null) return <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">Loading your keys…</p>;
  return (
    <>
      {problem && <p role="alert" className="mt-4 text-sm text-red-700">{problem}</p>}
      {keys.length === 0 ? (
        <p className="mt-4 text-gray-700 dark:text-gray-300">No keys yet.</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm">
          <thead className="text-gray-600 dark:text-gray-400">
            <tr>
              <th scope="col" className="py-2">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 dark:divide-gray-700">
            {keys.map((k) => (
              <tr key={k.id}>
                <td className="py-2 font-medium">{k.name}</td>
                <td>{day(k.created)}</td>
                <td>{k.lastUsed ? day(k.lastUsed) : "Never"}</td>
                <td className="text-right">
                  <button type="button" onClick={() => void revoke(k)} className="rounded px-2 py-1 text-red-700 underline hover:bg-red-100 dark:text-red-400">
                    Revoke<span className="sr-only"> {k.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
