// "/settings/security" — two-factor sign-in (set up an authenticator app, see how many recovery
// codes are left, switch it off) and passkeys. REQUIRE_ADMIN_2FA sends admins here until it is on.
import { PasskeySettings } from "../../../components/account/PasskeySettings";
import { TwoFactorSettings } from "../../../components/account/TwoFactorSettings";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "settingsSecurity", layout: "settings", guards: { auth: true } };

export default function SecurityPage({ searchParams }: PageProps) {
  return (
    <div className="max-w-lg">
      <h1 className="text-2xl font-bold">Security</h1>
      {searchParams.has("required") && (
        <p role="alert" className="mt-4 rounded-md border border-yellow-400 bg-yellow-50 px-3 py-2 text-sm text-gray-900 dark:border-yellow-600 dark:bg-yellow-950 dark:text-gray-100">
          This site asks every administrator to use two-factor sign-in: turn it on to reach the admin area.
        </p>
      )}
      <h2 className="mt-6 text-lg font-semibold">Two-factor sign-in</h2>
      <TwoFactorSettings />
      <h2 className="mt-8 text-lg font-semibold">Passkeys</h2>
      <PasskeySettings />
      <p className="mt-6 text-sm text-gray-700 dark:text-gray-300">
        How it works: <a href="/docs/two-factor" className="text-blue-700 underline dark:text-blue-400">two-factor sign-in and passkeys</a>.
      </p>
    </div>
  );
}
