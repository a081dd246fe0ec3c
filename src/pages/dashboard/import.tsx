// "/dashboard/{domain}/import" — bring a website's history from another tool: the upload with its
// progress, the job's progress, and the past imports (components/account/DomainImport.tsx); the API
// decides who may (the owner or an admin).
import { DomainImport } from "../../../components/account/DomainImport";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "domainImport", layout: "settings", guards: { auth: true } };

export default function DomainImportPage({ params }: PageProps) {
  const domain = (params.domain ?? "").toLowerCase();
  return (
    <>
      <h1 className="text-2xl font-bold">Import history into {domain}</h1>
      <DomainImport domain={domain} />
    </>
  );
}
