// "/dashboard/{domain}/delete" — delete a website and every visit it counted, confirmed by typing
// its name (the API checks it too, and answers 404 for another owner's website).
import { ApiForm } from "../../../components/forms/ApiForm";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "domainDelete", layout: "settings", guards: { auth: true } };

export default function DomainDeletePage({ params }: PageProps) {
  const domain = (params.domain ?? "").toLowerCase();
  return (
    <div className="max-w-lg">
      <h1 className="text-2xl font-bold">Delete {domain}</h1>
      <p className="my-4 text-gray-700 dark:text-gray-300">
        The website and every visit it counted are removed for good. The script on your pages stops being counted.
      </p>
      <ApiForm
        method="DELETE"
        action={`/api/domains/${encodeURIComponent(domain)}`}
        submit="Delete this website"
        danger
        fields={[{ name: "confirm", label: `Type ${domain} to confirm`, type: "text", autoComplete: "off" }]}
        then={{ navigate: "/settings/domains", flash: `${domain} is deleted.`, event: "bothy:domains" }}
      />
    </div>
  );
}
