// "/signin" — sign in (with a code as its second step for an account with two-factor sign-in):
// afterwards the visitor goes back to the page they wanted (?redirect=, only a safe relative path),
// or to the settings home.
import { SignInSteps } from "../../../components/account/SignInSteps";
import { isSafeRedirect } from "../../web/guards";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "signin", layout: "centred", guards: { auth: "guest" } };

/** Why single sign-on sent the visitor back here (/api/auth/oidc/callback's ?sso=). */
const SSO_REFUSED: Record<string, string> = {
  domain: "Your email address's domain may not sign in here. Ask this site's administrator to allow it.",
  unverified: "Your sign-in provider has not verified your email address. Verify it there, then try again.",
  disabled: "This account is switched off. Contact the site's administrator.",
  failed: "Single sign-on did not finish. Please try again.",
};

export default function SigninPage({ searchParams, services }: PageProps) {
  const wanted = searchParams.get("redirect");
  const next = wanted && isSafeRedirect(wanted) ? wanted : "/settings";
  const refused = SSO_REFUSED[searchParams.get("sso") ?? ""];
  const provider = services.signInProvider;
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold">Sign in to Bothy</h1>
      {searchParams.has("reset") && (
        <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          Your password is changed. Sign in with the new one.
        </p>
      )}
      {refused && (
        <p role="alert" className="mb-4 rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100">
          {refused}
        </p>
      )}
      {provider && (
        <>
          <a
            href={`/api/auth/oidc?redirect=${encodeURIComponent(next)}`}
            className="flex w-full items-center justify-center rounded-md border border-gray-300 px-4 py-2 font-medium text-gray-900 hover:bg-gray-50 dark:border-gray-600 dark:text-gray-100 dark:hover:bg-gray-800"
          >
            {`Sign in with ${provider}`}
          </a>
          <p className="my-4 text-center text-sm text-gray-600 dark:text-gray-400">or with your email and password</p>
        </>
      )}
      <SignInSteps next={next} />
      <p className="mt-6 flex justify-between text-sm">
        <a href="/reset" className="text-blue-700 underline dark:text-blue-400">Forgot your password?</a>
        <a href="/signup" className="text-blue-700 underline dark:text-blue-400">Create an account</a>
      </p>
    </>
  );
}
