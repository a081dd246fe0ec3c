"use client";
// The sign-in form in its two steps: email and password, then, for an account with two-factor
// sign-in, a code from the authenticator app (or a recovery code, or one of the account's passkeys)
// against the challenge the right password answered; or a passkey instead of both. Either way the
// visitor goes on to `next` once signed in.
import { startAuthentication } from "@simplewebauthn/browser";
import { useState } from "react";
import { navigate } from "../../src/web/client/navigation";
import { api } from "../forms/api";
import { ApiForm } from "../forms/ApiForm";

type Props = { next: string };
type Options = Parameters<typeof startAuthentication>[0]["optionsJSON"];

/**
 * "Sign in with a passkey": the server's options to the browser's prompt, its signed answer back.
 * Given a pending sign-in's challenge, the passkey answers that sign-in's second step instead.
 */
function PasskeyButton({ next, challenge }: Props & { challenge?: string }) {
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  async function signIn() {
    setBusy(true);
    setProblem("");
    const options = await api<Options>("POST", "/api/signin/passkey/options", challenge ? { challenge } : {});
    // NOTE: a cancelled prompt throws; it is said, not logged as an error.
    const response = options.ok ? await startAuthentication({ optionsJSON: options.data }).catch(() => null) : null;
    const finish = () => (challenge ? api("POST", "/api/signin/code", { challenge, passkey: response }) : api("POST", "/api/signin/passkey", { response }));
    const r = response ? await finish() : null;
    if (r?.ok) return void navigate(next);
    setBusy(false);
    setProblem(!options.ok ? options.message : r ? r.message : "Your browser did not use a passkey. Please try again.");
  }
  return (
    <div className="mt-4">
      {problem && <p role="alert" className="mb-2 rounded-md bg-red-100 px-3 py-2 text-sm text-red-800">{problem}</p>}
      <button
        type="button"
        disabled={busy}
        onClick={() => void signIn()}
        className="w-full rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-900 hover:bg-gray-50 disabled:opacity-60 dark:border-gray-600 dark:text-gray-100 dark:hover:bg-gray-800"
      >
        {busy ? "Waiting for your device…" : challenge ? "Use a passkey" : "Sign in with a passkey"}
      </button>
    </div>
  );
}

export function SignInSteps({ next }: Props) {
  const [pending, setPending] = useState<{ challenge: string; passkey: boolean } | null>(null);
  if (!pending) {
    return (
      <>
        <ApiForm
          method="POST"
          action="/api/signin"
          submit="Sign in"
          fields={[
            { name: "email", label: "Email", type: "email", autoComplete: "email" },
            { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
          ]}
          onAnswer={(answer) => {
            const step = answer.twoFactor as { challenge?: unknown; passkey?: unknown } | undefined;
            if (typeof step?.challenge !== "string") return false;
            setPending({ challenge: step.challenge, passkey: step.passkey === true });
            return true;
          }}
          then={{ navigate: next }}
        />
        <PasskeyButton next={next} />
      </>
    );
  }
  return (
    <section aria-labelledby="second-step">
      <h2 id="second-step" className="mb-2 text-lg font-semibold">Two-factor sign-in</h2>
      <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">
        Enter the 6-digit code your authenticator app shows for Bothy, or one of your recovery codes
        {pending.passkey ? ", or use one of your passkeys." : "."}
      </p>
      <ApiForm
        method="POST"
        action="/api/signin/code"
        submit="Sign in"
        extra={{ challenge: pending.challenge }}
        fields={[{ name: "code", label: "Code", type: "text", autoComplete: "one-time-code" }]}
        then={{ navigate: next }}
      />
      {pending.passkey && <PasskeyButton next={next} challenge={pending.challenge} />}
      <button type="button" onClick={() => setPending(null)} className="mt-4 text-sm text-blue-700 underline dark:text-blue-400">
        Start again
      </button>
    </section>
  );
}
