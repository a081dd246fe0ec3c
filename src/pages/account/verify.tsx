// "/verify" — with ?token= it consumes the mailed link; without, the notice to check the inbox,
// worded for what comes next after a sign-up (?sent=1). Open to signed-out visitors, who may open
// the link in another browser; a verified user is sent on to /settings/domains by the `verified` guard.
import { CallOnOpen } from "../../../components/account/CallOnOpen";
import { ApiForm } from "../../../components/forms/ApiForm";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "verify", layout: "centred", guards: { auth: false, verified: true, tracking: "off" } };

export default function VerifyPage({ searchParams, user }: PageProps) {
  const token = searchParams.get("token");
  if (token) {
    return (
      <>
        <h1 className="mb-4 text-2xl font-bold">Verifying your email</h1>
        <CallOnOpen
          path="/api/verify"
          body={{ token }}
          busy="Checking your link…"
          success="Your email is verified. Welcome to Bothy!"
          next={user ? "/settings/domains" : "/signin?redirect=%2Fsettings%2Fdomains"}
        />
        {/* NOTE: for a used or expired link; on success the page moves on before this matters. */}
        <p className="mt-6 text-sm text-gray-700 dark:text-gray-300">
          Link not working? <a href={user ? "/settings/verify" : "/signin"} className="text-blue-700 underline dark:text-blue-400">{user ? "Send a new one" : "Sign in to get a new one"}</a>
        </p>
      </>
    );
  }
  if (!user && searchParams.has("sent")) {
    return (
      <>
        <h1 className="mb-4 text-2xl font-bold">Check your email</h1>
        <p className="mb-6 text-gray-700 dark:text-gray-300">
          We sent a link to the address you gave. Open it to verify your email, then sign in to continue.
        </p>
        <a href="/signin" className="font-semibold text-blue-700 underline dark:text-blue-400">Sign in</a>
      </>
    );
  }
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">Verify your email</h1>
      <p className="mb-6 text-gray-700 dark:text-gray-300">
        Verify your email to activate your account: open the link we sent{user?.email ? ` to ${user.email}` : ""}.
      </p>
      {user ? (
        <ApiForm method="POST" action="/api/verify/resend" fields={[]} submit="Send the link again" then={{ message: "We sent a new link. It works for 24 hours." }} />
      ) : (
        <a href="/signin" className="font-semibold text-blue-700 underline dark:text-blue-400">Sign in</a>
      )}
    </>
  );
}
