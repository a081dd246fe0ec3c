// "/request" — while Bothy is in beta, the form to ask for access (stored for the admin area by the
// requests room). Outside beta its guard sends visitors home.
import { ApiForm } from "../../components/forms/ApiForm";
import type { Meta } from "./meta";

export const meta: Meta = { head: "request", layout: "centred", guards: { auth: false, beta: "only" } };

export default function RequestPage() {
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">Request access</h1>
      <p className="mb-6 text-sm text-gray-700 dark:text-gray-300">Bothy is in beta. Tell us about your website and we will be in touch.</p>
      <ApiForm
        method="POST"
        action="/api/request"
        submit="Request access"
        fields={[
          { name: "email", label: "Email", type: "email", autoComplete: "email" },
          { name: "name", label: "Your name", type: "text", autoComplete: "name" },
          { name: "website", label: "Website", type: "text", autoComplete: "url", optional: true, hint: "For example example.com." },
          { name: "message", label: "Message", type: "textarea", optional: true },
        ]}
        then={{ clear: true, message: "Thank you. We will be in touch soon." }}
      />
    </>
  );
}
