// "/settings/edit" — change the name on the account (shown in the user menu).
import { ApiForm } from "../../../components/forms/ApiForm";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "settingsEdit", layout: "settings", guards: { auth: true, verified: true } };

export default function EditPage({ user }: PageProps) {
  return (
    <div className="max-w-lg">
      <h1 className="mb-6 text-2xl font-bold">Edit your name</h1>
      <ApiForm
        method="PATCH"
        action="/api/user"
        submit="Save"
        fields={[{ name: "name", label: "Name", type: "text", autoComplete: "name", defaultValue: user?.name ?? "" }]}
        then={{ navigate: "/settings/profile", flash: "Your name is saved." }}
      />
    </div>
  );
}
