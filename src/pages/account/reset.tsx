// "/reset" — without a token, ask for the link by email; with ?token= (from that mail), choose
// the new password. The answer to the request never says whether the address has an account.
import { ApiForm } from "../../../components/forms/ApiForm";
import { NEW_PASSWORD_HINT } from "../../../components/forms/hints";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "reset", layout: "centred", guards: { auth: false, tracking: "off" } };

export default function ResetPage({ searchParams }: PageProps) {
  const token = searchParams.get("token");
  if (token) {
    return (
      <>
        <h1 className="mb-6 text-2xl font-bold">Choose a new password</h1>
        <ApiForm
          method="POST"
          action="/api/reset"
          extra={{ token }}
          submit="Save the new password"
          fields={[{ name: "password", label: "New password", type: "password", autoComplete: "new-password", hint: NEW_PASSWORD_HINT }]}
          then={{ navigate: "/signin?reset=1" }}
        />
      </>
    );
  }
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">Reset your password</h1>
      <p className="mb-6 text-sm text-gray-700 dark:text-gray-300">We will email you a link to choose a new one.</p>
      <ApiForm
        method="POST"
        action="/api/reset/request"
        submit="Email me a link"
        fields={[{ name: "email", label: "Email", type: "email", autoComplete: "email" }]}
        then={{ message: "If an account uses this address, we have sent it a link to choose a new password. It works for one hour." }}
      />
      <p className="mt-6 text-sm">
        <a href="/signin" className="text-blue-700 underline dark:text-blue-400">Back to sign in</a>
      </p>
    </>
  );
}
