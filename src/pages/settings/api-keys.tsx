// "/settings/api-keys" — keys for the API (Pro): create one with a name (the key is shown once),
// see them with when they were created and last used, revoke them.
import { ApiKeyList } from "../../../components/account/ApiKeyList";
import { hasProScope } from "../../shared/plans";
import { ApiForm } from "../../../components/forms/ApiForm";
import { ProPromo } from "../../../components/pricing/ProPromo";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "settingsApiKeys", layout: "settings", guards: { auth: true, verified: true } };

export default function ApiKeysPage({ user, beta }: PageProps) {
  const pro = !!user && hasProScope(user, beta);
  return (
    <>
      <h1 className="text-2xl font-bold">API Keys</h1>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        Send a key as <code>Authorization: Bearer &lt;key&gt;</code> to read your statistics from scripts; see{" "}
        <a href="/docs/stats-api" className="text-blue-700 underline dark:text-blue-400">the stats API</a>.
      </p>
      <ApiKeyList />
      <section aria-labelledby="new-key" className="mt-10 max-w-lg">
        <h2 id="new-key" className="mb-4 text-lg font-semibold">Create a key</h2>
        {pro ? (
          <ApiForm
            method="POST"
            action="/api/api-keys"
            submit="Create key"
            reveal="apiKey"
            fields={[{ name: "name", label: "Name", type: "text", autoComplete: "off", hint: "Where it is used, for example: weekly report script." }]}
            then={{ clear: true, event: "bothy:api-keys" }}
          />
        ) : (
          <ProPromo message="API access is a Pro feature." />
        )}
      </section>
    </>
  );
}
