// "/signup" — create an account. The API mails the verification link and signs nobody in
// (its answer must not tell a new address from a taken one), so the form goes on to the /verify
// notice with what to do next: open the mailed link, then sign in.
import { ApiForm } from "../../../components/forms/ApiForm";
import { NEW_PASSWORD_HINT } from "../../../components/forms/hints";
import type { Meta } from "../meta";

export const meta: Meta = { head: "signup", layout: "centred", guards: { auth: "guest", tracking: "off-with-query" } };

export default function SignupPage() {
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">Create your account</h1>
      <p className="mb-6 text-sm text-gray-700 dark:text-gray-300">Free for up to two websites. No card needed.</p>
      <ApiForm
        method="POST"
        action="/api/signup"
        submit="Create account"
        fields={[
          { name: "name", label: "Your name", type: "text", autoComplete: "name" },
          { name: "email", label: "Email", type: "email", autoComplete: "email" },
          { name: "password", label: "Password", type: "password", autoComplete: "new-password", hint: NEW_PASSWORD_HINT },
        ]}
        then={{ navigate: "/verify?sent=1" }}
      />
      <p className="mt-6 text-sm text-gray-700 dark:text-gray-300">
        Already have an account? <a href="/signin" className="font-semibold text-blue-700 underline dark:text-blue-400">Sign in</a>
      </p>
    </>
  );
}
