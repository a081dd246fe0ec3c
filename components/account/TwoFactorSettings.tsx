"use client";
// The security page's two-factor section: off (set up with the password), setting up (scan the QR
// code or type the secret, confirm with a first code), the recovery codes (shown this once, to
// copy or download), and on (how many recovery codes are left; switch off with password + code).
import { useEffect, useState } from "react";
import { CopyButton } from "../CopyButton";
import { api } from "../forms/api";
import { ApiForm } from "../forms/ApiForm";

type Stage =
  | { at: "loading" }
  | { at: "off" }
  | { at: "setup"; secret: string; qr: string }
  | { at: "codes"; codes: string[] }
  | { at: "on"; left: number };

const CODE_FIELD = { name: "code", label: "Code", type: "text", autoComplete: "one-time-code" } as const;
const box = "mt-4 rounded-md border border-gray-200 p-4 dark:border-gray-700";

export function TwoFactorSettings() {
  const [stage, setStage] = useState<Stage>({ at: "loading" });
  const [problem, setProblem] = useState("");
  const load = async () => {
    const r = await api<{ enabled: boolean; recoveryCodesLeft: number }>("GET", "/api/2fa");
    if (!r.ok) return setProblem(r.message);
    setStage(r.data.enabled ? { at: "on", left: r.data.recoveryCodesLeft } : { at: "off" });
  };
  useEffect(() => void load(), []);

  if (problem) return <p role="alert" className="mt-4 text-sm text-red-800 dark:text-red-300">{problem}</p>;
  if (stage.at === "loading") return <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">Loading…</p>;
  if (stage.at === "off") {
    return (
      <div className={box}>
        <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">
          Two-factor sign-in is <strong>off</strong>. With it on, signing in takes a code from an authenticator app on your phone
          as well as your password.
        </p>
        <ApiForm
          method="POST"
          action="/api/2fa/setup"
          submit="Set up two-factor sign-in"
          fields={[{ name: "password", label: "Your password", type: "password", autoComplete: "current-password" }]}
          onAnswer={(a) => (typeof a.secret === "string" && typeof a.qr === "string" ? (setStage({ at: "setup", secret: a.secret, qr: a.qr }), true) : false)}
        />
      </div>
    );
  }
  if (stage.at === "setup") {
    return (
      <div className={box}>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          Scan this code with your authenticator app (such as Aegis, Google Authenticator or 1Password), then enter the code it shows.
        </p>
        {/* NOTE: on white in dark mode too: scanners want dark modules on a light ground. */}
        <img src={stage.qr} alt="QR code for your authenticator app" width={192} height={192} className="my-4 rounded-md bg-white" />
        <p className="text-sm text-gray-700 dark:text-gray-300">Or type this key into the app:</p>
        <div className="mt-1 mb-4 flex flex-wrap items-center gap-2">
          <code data-testid="totp-secret" className="break-all rounded bg-gray-100 px-2 py-1 font-mono text-sm dark:bg-gray-800">
            {stage.secret}
          </code>
          <CopyButton text={stage.secret} />
        </div>
        <ApiForm
          method="POST"
          action="/api/2fa/enable"
          submit="Turn on two-factor sign-in"
          fields={[CODE_FIELD]}
          onAnswer={(a) => (Array.isArray(a.recoveryCodes) ? (setStage({ at: "codes", codes: a.recoveryCodes.map(String) }), true) : false)}
        />
      </div>
    );
  }
  if (stage.at === "codes") {
    const text = stage.codes.join("\n") + "\n";
    return (
      <div className="mt-4 rounded-md border border-yellow-400 bg-yellow-50 p-4 text-gray-900 dark:border-yellow-600 dark:bg-yellow-950 dark:text-gray-100">
        <h3 className="font-semibold">Save your recovery codes now: they are shown only once.</h3>
        <p className="mt-1 text-sm">Each one signs you in once if you lose your phone. Keep them somewhere safe, apart from your password.</p>
        <ul data-testid="recovery-codes" className="my-4 grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2">
          {stage.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <CopyButton text={text} label="Copy codes" />
          <a
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
            download="bothy-recovery-codes.txt"
            className="rounded-md border border-gray-400 px-3 py-1.5 text-sm font-medium hover:bg-yellow-100 dark:hover:bg-yellow-900"
          >
            Download
          </a>
          <button type="button" onClick={() => void load()} className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800">
            I have saved them
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className={box}>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Two-factor sign-in is <strong className="text-green-800 dark:text-green-300">on</strong>. You have {stage.left} unused recovery{" "}
        {stage.left === 1 ? "code" : "codes"}.
      </p>
      <h3 className="mt-6 mb-2 font-semibold">Turn it off</h3>
      <ApiForm
        method="POST"
        action="/api/2fa/disable"
        submit="Turn off two-factor sign-in"
        danger
        fields={[{ name: "password", label: "Your password", type: "password", autoComplete: "current-password" }, CODE_FIELD]}
        onAnswer={() => (setStage({ at: "off" }), true)}
      />
    </div>
  );
}
