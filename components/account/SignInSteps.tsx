"use client";
// The sign-in form in its two steps: email and password, then, for an account with two-factor
// sign-in, a code from the authenticator app (or a recovery code) against the challenge the right
// password answered. Either way the visitor goes on to `next` once signed in.
import { useState } from "react";
import { ApiForm } from "../forms/ApiForm";

type Props = { next: string };

export function SignInSteps({ next }: Props) {
  const [challenge, setChallenge] = useState<string | null>(null);
  if (!challenge) {
    return (
      <ApiForm
        method="POST"
        action="/api/signin"
        submit="Sign in"
        fields={[
          { name: "email", label: "Email", type: "email", autoComplete: "email" },
          { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
        ]}
        onAnswer={(answer) => {
          const pending = (answer.twoFactor as { challenge?: unknown } | undefined)?.challenge;
          if (typeof pending !== "string") return false;
          setChallenge(pending);
          return true;
        }}
        then={{ navigate: next }}
      />
    );
  }
  return (
    <section aria-labelledby="second-step">
      <h2 id="second-step" className="mb-2 text-lg font-semibold">Two-factor sign-in</h2>
      <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">
        Enter the 6-digit code your authenticator app shows for Bothy, or one of your recovery codes.
      </p>
      <ApiForm
        method="POST"
        action="/api/signin/code"
        submit="Sign in"
        extra={{ challenge }}
        fields={[{ name: "code", label: "Code", type: "text", autoComplete: "one-time-code" }]}
        then={{ navigate: next }}
      />
      <button type="button" onClick={() => setChallenge(null)} className="mt-4 text-sm text-blue-700 underline dark:text-blue-400">
        Start again
      </button>
    </section>
  );
}
