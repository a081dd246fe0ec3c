// "/signin" — sign in: afterwards the visitor goes back to the page they wanted
// (?redirect=, only a safe relative path), or to the settings home.
import { ApiForm } from "../../../components/forms/ApiForm";
import { isSafeRedirect } from "../../web/guards";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "signin", layout: "centred", guards: { auth: "guest" } };

export default function SigninPage({ searchParams }: PageProps) {
  const wanted = searchParams.get("redirect");
  const next = wanted && isSafeRedirect(wanted) ? wanted : "/settings";
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold">Sign in to Bothy</h1>
      {searchParams.has("reset") && (
        <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          Your password is changed. Sign in with the new one.
        </p>
      )}
      <ApiForm
        method="POST"
        action="/api/signin"
        submit="Sign in"
        fields={[
          { name: "email", label: "Email", type: "email", autoComplete: "email" },
          { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
        ]}
        then={{ navigate: next }}
      />
      <p className="mt-6 flex justify-between text-sm">
        <a href="/reset" className="text-blue-700 underline dark:text-blue-400">Forgot your password?</a>
        <a href="/signup" className="text-blue-700 underline dark:text-blue-400">Create an account</a>
      </p>
    </>
  );
}
