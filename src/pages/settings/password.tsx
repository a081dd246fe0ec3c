// "/settings/password" — change the password; the API signs out every other session.
import { ApiForm } from "../../../components/forms/ApiForm";
import { NEW_PASSWORD_HINT } from "../../../components/forms/hints";
import type { Meta } from "../meta";

export const meta: Meta = { head: "settingsPassword", layout: "settings", guards: { auth: true, verified: true } };

export default function PasswordPage() {
  return (
    <div className="max-w-lg">
      <h1 className="mb-6 text-2xl font-bold">Change your password</h1>
      <ApiForm
        method="POST"
        action="/api/password"
        submit="Change password"
        fields={[
          { name: "current", label: "Current password", type: "password", autoComplete: "current-password" },
          { name: "password", label: "New password", type: "password", autoComplete: "new-password", hint: NEW_PASSWORD_HINT },
        ]}
        then={{ navigate: "/settings/profile", flash: "Your password is changed. Other devices are signed out." }}
      />
    </div>
  );
}
