// "/dashboard/{domain}/install" — the script tag for one website, with a copy button ("Copied!"
// for 2 s), and how the owner keeps their own visits out of the numbers.
import { CodeToCopy } from "../../../components/CopyButton";
import type { PageProps } from "../../web/page";
import type { Meta } from "../meta";

export const meta: Meta = { head: "domainInstall", layout: "settings", guards: { auth: true } };

export const domainSnippet = (origin: string, domain: string) =>
  `<script async src="${origin}/script.js" data-domain="${domain}"></script>`;

export const OPT_OUT = `localStorage.bothy_ignore = "true"`;

export default function DomainInstallPage({ params, origin }: PageProps) {
  const domain = (params.domain ?? "").toLowerCase();
  const code = domainSnippet(origin, domain);
  const base = `/dashboard/${encodeURIComponent(domain)}`;
  return (
    <>
      <h1 className="text-2xl font-bold">Install Bothy on {domain}</h1>
      <p className="mt-4 text-gray-700 dark:text-gray-300">
        Put this line in the <code>&lt;head&gt;</code> of every page of {domain}. It loads asynchronously and never blocks the page.
      </p>
      <CodeToCopy code={code} testId="snippet" className="mt-4 p-4" />
      <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">
        Visits appear on the <a href={base} className="text-blue-700 underline dark:text-blue-400">dashboard</a> about twenty seconds after they happen.
        More help: <a href="/install" className="text-blue-700 underline dark:text-blue-400">the install guide</a> (single-page apps, Content-Security-Policy).
      </p>
      <h2 className="mt-8 text-lg font-semibold">Leave out your own visits</h2>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        Open {domain} in each browser you use, open the developer console and run:
      </p>
      <pre className="mt-2 overflow-x-auto rounded-md bg-gray-100 p-3 font-mono text-sm text-gray-900 dark:bg-gray-800 dark:text-gray-100">
        <code>{OPT_OUT}</code>
      </pre>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        From then on that browser is not counted on {domain}. <code>localStorage.removeItem("bothy_ignore")</code> counts it again.
      </p>
      <h2 className="mt-8 text-lg font-semibold">Prove that {domain} is yours</h2>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        Its <a href={`${base}/settings`} className="text-blue-700 underline dark:text-blue-400">settings</a> show a{" "}
        <code>&lt;meta name="bothy-verify"&gt;</code> tag: put it in the <code>&lt;head&gt;</code> of your home page and press Verify.
        A verified website can share its dashboard, and nobody else can take it over.
      </p>
      <p className="mt-8 text-sm">
        <a href={`${base}/settings`} className="text-blue-700 underline dark:text-blue-400">Website settings</a>
      </p>
    </>
  );
}
