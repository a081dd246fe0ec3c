// "/settings/delete" — delete the account, confirmed by the password; ends on /deleted with a
// full page load, since the session is gone.
import { ApiForm } from "../../../components/forms/ApiForm";
import type { Meta } from "../meta";

export const meta: Meta = { head: "settingsDelete", layout: "settings", guards: { auth: true, verified: true } };

export default function DeleteAccountPage() {
  return (
    <div className="max-w-lg">
      <h1 className="text-2xl font-bold">Delete your account</h1>
      <p className="my-4 text-gray-700 dark:text-gray-300">
        This removes your account, your websites, every visit they counted and your API keys, at once and for good.
      </p>
      <ApiForm
        method="POST"
        action="/api/account/delete"
        submit="Delete my account"
        danger
        fields={[{ name: "password", label: "Your password", type: "password", autoComplete: "current-password" }]}
        then={{ navigate: "/deleted", reload: true }}
      />
    </div>
  );
}
