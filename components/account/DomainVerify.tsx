"use client";
// A website's proof of ownership in its settings: verified, or the meta tag to paste into the home
// page's <head> and the button that asks the server to look for it (POST /api/domains/{d}/verify).
import { CodeToCopy } from "../CopyButton";
import { ApiForm } from "../forms/ApiForm";

type Props = { domain: string; verified: boolean; verifyTag: string };

export function DomainVerify({ domain, verified, verifyTag }: Props) {
  if (verified) {
    return (
      <p data-testid="domain-verified" className="mt-6 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
        {domain} is verified as yours.
      </p>
    );
  }
  return (
    <section aria-labelledby="verify-domain" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-gray-800 dark:border-amber-700 dark:bg-amber-500/10 dark:text-gray-200">
      <h2 id="verify-domain" className="text-base font-semibold">Verify that {domain} is yours</h2>
      <p className="mt-2">
        Until you do, you cannot share its dashboard, and someone who proves that the site is theirs can take it over.
        Put this tag in the <code>&lt;head&gt;</code> of the home page, https://{domain}/, then press Verify. You may remove it afterwards.
      </p>
      <CodeToCopy code={verifyTag} testId="verify-tag" className="mt-3 p-3" />
      <div className="mt-3 max-w-xs">
        <ApiForm method="POST" action={`/api/domains/${encodeURIComponent(domain)}/verify`} submit="Verify" fields={[]} then={{ event: "bothy:domains" }} />
      </div>
    </section>
  );
}
