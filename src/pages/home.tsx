// "/" — what Bothy does, the install snippet, and the demo section: the demo domain's live
// dashboard, read-only (the header's "Live demo" scrolls to #demo); a placeholder without one.
import { CopyButton } from "../../components/CopyButton";
import { Dashboard } from "../../components/dashboard/Dashboard";
import { CtaBox } from "../../components/site/CtaBox";
import { dayKey } from "../shared/days";
import { TRACKER_SIZE } from "../shared/tracker";
import type { PageProps } from "../web/page";
import type { Meta } from "./meta";

export const meta: Meta = { head: "index", layout: "website", guards: { auth: false } };

const FEATURES = [
  {
    title: "No cookies, no consent banner",
    text: "The script stores nothing in the browser and the server keeps no IP address, no user-agent and no identifier. There is nothing to consent to, so there is no banner in your visitors' way.",
  },
  {
    title: "The carbon cost of every page",
    text: "Each page view reports how many bytes it transferred. Bothy turns that into energy and CO2 with the Sustainable Web Design model, and tells you whether your host runs on green energy.",
  },
  {
    title: "Everything you need on one page",
    text: "Unique visits, top pages, referrers and campaigns, countries, languages, devices, browsers, bounce rate and attention time. No sampling, no funnels you never open.",
  },
  {
    title: "Light, and yours",
    text: `The tracking script weighs ${TRACKER_SIZE}. Data is hosted in the EU, exportable at any time, and the same software runs on your own server with one Docker command.`,
  },
];

export const snippet = (origin: string) => `<script async src="${origin}/script.js"></script>`;

export default function HomePage({ origin, demo }: PageProps) {
  const code = snippet(origin);
  return (
    <>
      <section className="mx-auto max-w-6xl px-4 py-20 text-center desk:py-28">
        <h1 className="mx-auto max-w-4xl text-4xl font-bold tracking-tight text-gray-900 desk:text-6xl dark:text-white">
          Web analytics without cookies, with the carbon cost of every page
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-gray-700 dark:text-gray-300">
          Bothy counts your visits without following your visitors. One script tag, no personal data, no consent banner, and
          a clear figure for the energy your website uses.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-4">
          <a href="/signup" className="rounded-md bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800">
            Get started free →
          </a>
          <a href="#demo" className="rounded-md border border-gray-300 px-6 py-3 font-semibold text-gray-900 hover:bg-gray-100 dark:text-white dark:hover:bg-gray-800">
            See the live demo
          </a>
        </div>
        <p className="mt-6 text-sm text-gray-700 dark:text-gray-400">GDPR and CCPA compliant · hosted in the EU · independently made · carbon-conscious</p>
      </section>

      <section aria-labelledby="features-title" className="bg-gray-100 py-20 dark:bg-gray-900">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="features-title" className="text-3xl font-bold text-gray-900 dark:text-white">What you get</h2>
          <ul className="mt-10 grid gap-6 desk:grid-cols-2">
            {FEATURES.map((f) => (
              <li key={f.title} className="rounded-xl bg-white p-6 shadow-sm dark:bg-gray-950">
                <h3 className="text-lg font-semibold text-gray-900 dark:text-white">{f.title}</h3>
                <p className="mt-2 text-gray-700 dark:text-gray-300">{f.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="install-title" className="mx-auto max-w-6xl px-4 py-20">
        <h2 id="install-title" className="text-3xl font-bold text-gray-900 dark:text-white">Install in one line</h2>
        <p className="mt-4 max-w-2xl text-gray-700 dark:text-gray-300">
          Paste this into the <code className="font-mono">&lt;head&gt;</code> of every page. Visits show up on your dashboard
          about twenty seconds later. Single-page apps are counted on every route change without extra code.
        </p>
        <div className="mt-6 flex max-w-3xl items-center gap-4 rounded-lg bg-gray-900 p-4">
          <code className="flex-1 overflow-x-auto font-mono text-sm text-gray-100">{code}</code>
          <CopyButton text={code} />
        </div>
        <p className="mt-4">
          <a href="/install" className="font-medium text-blue-700 underline hover:text-blue-900 dark:text-blue-300">
            Read the install guide
          </a>
        </p>
      </section>

      <section id="demo" aria-labelledby="demo-title" className="scroll-mt-16 bg-gray-100 py-20 dark:bg-gray-900">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="demo-title" className="text-3xl font-bold text-gray-900 dark:text-white">Live demo</h2>
          <p className="mt-4 max-w-2xl text-gray-700 dark:text-gray-300">
            Bothy&apos;s dashboard for a made-up website, a small sustainability blog and shop, with the energy and CO2
            its visits cost. The visits are simulated: a month of busy weekdays and quieter weekends, a day on Hacker
            News and a newsletter campaign, and new visits arriving through the day.
          </p>
          {demo ? (
            <>
              <div className="mt-8">
                <Dashboard target={{ domain: demo }} mode="embed" name={demo} pathname="/" today={dayKey(Date.now())} />
              </div>
              <p className="mt-4">
                <a href={`/dashboard/${encodeURIComponent(demo)}`} className="font-medium text-blue-700 underline hover:text-blue-900 dark:text-blue-300">
                  Open the demo dashboard full size
                </a>
              </p>
            </>
          ) : (
            <div className="mt-8 flex h-64 items-center justify-center rounded-xl border-2 border-dashed border-gray-300 text-gray-700 dark:text-gray-300">
              The demo dashboard is on its way.
            </div>
          )}
        </div>
      </section>

      <CtaBox />
    </>
  );
}
