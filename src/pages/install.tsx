// "/install" — how to add Bothy to a website, including single-page apps, a first-party path for
// sites whose visitors block third-party scripts, and the Content-Security-Policy lines it needs.
import { CopyButton } from "../../components/CopyButton";
import { Prose } from "../../components/Prose";
import { TRACKER_SIZE } from "../shared/tracker";
import type { PageProps } from "../web/page";
import type { Meta } from "./meta";
import { snippet } from "./home";

export const meta: Meta = { head: "install", layout: "website", guards: { auth: false } };

export default function InstallPage({ origin }: PageProps) {
  const code = snippet(origin);
  return (
    <Prose>
      <h1>Install Bothy</h1>
      <p>Bothy needs one script tag on your pages. It loads asynchronously, weighs {TRACKER_SIZE} and never blocks your page from showing.</p>

      <h2>1. Add your website</h2>
      <p>
        <a href="/signup">Create an account</a> and add your domain in the settings, for example <code>example.com</code>.
        Choose the time zone your days should follow; it defaults to Europe/London.
      </p>

      <h2>2. Add the script</h2>
      <p>Put this line in the <code>&lt;head&gt;</code> of every page, the same on all of them:</p>
      <div className="mt-4 flex items-center gap-4 rounded-lg bg-gray-900 p-4">
        <code className="flex-1 overflow-x-auto font-mono text-sm text-gray-100">{code}</code>
        <CopyButton text={code} />
      </div>
      <p>Bothy recognises the website from the page address, so the tag needs no key. Visits appear on your dashboard about twenty seconds later.</p>

      <h2>Single-page apps</h2>
      <p>React, Vue, Svelte and other apps that change the address with the History API are counted on every route change, with no extra code. If your app routes with the part after <code>#</code>, add <code>data-hash</code> to the script tag. The <a href="/docs/spa">documentation</a> has the details, and every other option of the script.</p>

      <h2>Content-Security-Policy</h2>
      <p>If your site sends a CSP header, allow the script and its beacons:</p>
      <pre>
        <code>{`script-src ${origin};\nconnect-src ${origin};`}</code>
      </pre>

      <h2>Ad blockers</h2>
      <p>Some blockers stop every third-party analytics script, even privacy-friendly ones. Pro plans can serve the script and its beacons from your own domain through a proxy path, so the numbers stay complete.</p>

      <h2>Check that it works</h2>
      <ol>
        <li>Open your website in a new private window.</li>
        <li>Open your Bothy dashboard: the visit shows under "Today" within half a minute.</li>
        <li>Nothing there? Check that the tag is inside <code>&lt;head&gt;</code>, that the domain in your settings matches the address bar, and that no CSP error shows in the browser console.</li>
      </ol>

      <h2>Your own server</h2>
      <p>Bothy is the same software self-hosted: run the Docker image with a data volume, then use your own server's address in the script tag.</p>
    </Prose>
  );
}
