// "/settings/verify" — send the verification link again. The one settings page an unverified
// account may open: it is where the verify notice links to, so no `verified` guard.
import { ApiForm } from "../../../components/forms/ApiForm";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "settingsVerify", layout: "settings", guards: { auth: true } };

export default function SettingsVerifyPage({ user }: PageProps) {
  if (user?.verified) {
    return (
      <>
        <h1 className="text-2xl font-bold">Your email is verified</h1>
        <p className="mt-2 text-gray-700 dark:text-gray-300">Nothing to do here. <a href="/settings/domains" className="text-blue-700 underline dark:text-blue-400">Go to your websites</a></p>
      </>
    );
  }
  return (
    <div className="max-w-lg">
      <h1 className="text-2xl font-bold">Verify your email</h1>
      <p className="my-4 text-gray-700 dark:text-gray-300">We send the link to {user?.email ?? "your address"}. It works for 24 hours; a new one replaces nothing you did.</p>
      <ApiForm method="POST" action="/api/verify/resend" fields={[]} submit="Send the link again" then={{ message: "We sent a new link. Check your inbox." }} />
    </div>
  );
}
