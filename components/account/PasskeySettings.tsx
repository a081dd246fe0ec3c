"use client";
// The security page's passkeys: the list (name, added, last used) with removal, and adding one:
// the server's options go to the browser's WebAuthn prompt, whose signed answer the server checks.
import { startRegistration } from "@simplewebauthn/browser";
import { useEffect, useState, type FormEvent } from "react";
import { api } from "../forms/api";

type Passkey = { id: string; name: string; created: string; lastUsed: string | null };
type Options = Parameters<typeof startRegistration>[0]["optionsJSON"];

const day = (iso: string) => new Date(iso).toLocaleDateString();

export function PasskeySettings() {
  const [keys, setKeys] = useState<Passkey[] | null>(null);
  const [name, setName] = useState("");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const load = async () => {
    const r = await api<{ passkeys: Passkey[] }>("GET", "/api/passkeys");
    if (r.ok) setKeys(r.data.passkeys);
    else setProblem(r.message);
  };
  useEffect(() => void load(), []);

  async function add(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setProblem("");
    const options = await api<Options>("POST", "/api/passkeys/options", {});
    // NOTE: a cancelled or refused browser prompt throws; it is said, not logged as an error.
    const response = options.ok ? await startRegistration({ optionsJSON: options.data }).catch((err: Error) => err) : null;
    const saved = response && !(response instanceof Error) ? await api("POST", "/api/passkeys", { name: name.trim() || "Passkey", response }) : null;
    setBusy(false);
    if (!options.ok) return setProblem(options.message);
    if (response instanceof Error) return setProblem("Your browser did not make a passkey. Please try again.");
    if (saved && !saved.ok) return setProblem(saved.message);
    setName("");
    await load();
  }

  async function remove(id: string) {
    const r = await api("DELETE", `/api/passkeys/${encodeURIComponent(id)}`);
    if (!r.ok) setProblem(r.message);
    await load();
  }

  return (
    <div className="mt-4 rounded-md border border-gray-200 p-4 dark:border-gray-700">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        A passkey signs you in with your device's fingerprint, face or PIN instead of your password and code. With
        two-factor sign-in on, it can also stand in for the code after your password.
      </p>
      {problem && <p role="alert" className="mt-3 rounded-md bg-red-100 px-3 py-2 text-sm text-red-800">{problem}</p>}
      {keys && keys.length > 0 && (
        <ul data-testid="passkeys" className="mt-4 divide-y divide-gray-200 text-sm dark:divide-gray-700">
          {keys.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{k.name}</span>
                <span className="block text-xs text-gray-600 dark:text-gray-400">
                  Added {day(k.created)}
                  {k.lastUsed ? `, last used ${day(k.lastUsed)}` : ", not used yet"}
                </span>
              </span>
              <button type="button" onClick={() => void remove(k.id)} className="text-sm text-red-700 underline dark:text-red-400">
                Remove<span className="sr-only"> {k.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="mt-4 flex flex-wrap items-end gap-2" aria-busy={busy}>
        <label className="block grow text-sm font-medium text-gray-800 dark:text-gray-200">
          Passkey name
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={60}
            placeholder="For example: work laptop"
            className="mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
          />
        </label>
        <button type="submit" disabled={busy} className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60">
          {busy ? "Waiting for your device…" : "Add a passkey"}
        </button>
      </form>
    </div>
  );
}
