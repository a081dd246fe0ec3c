// "/google-vs-new" — Bothy against Google Analytics 4 and the privacy-first analytics tools: how each
// tells visits apart, cookies and the consent banner, script size and carbon reporting. Every
// other tool's fact links to the page it comes from; Bothy's come from this code base.
import { CtaBox } from "../../components/site/CtaBox";
import { TRACKER_SIZE_START } from "../shared/tracker";
import type { Meta } from "./meta";

export const meta: Meta = { head: "compareNew", layout: "website", guards: { auth: false } };

type Source = { label: string; href: string };
type Tool = { name: string; visits: string; cookies: string; script: string; carbon: string; sources: Source[] };

const TOOLS: Tool[] = [
  {
    name: "Google Analytics 4",
    visits: "A client ID in the _ga cookie, kept for two years; sessions in a second cookie.",
    cookies: "First-party cookies; in the EU a consent banner is needed before they are set.",
    script: "The gtag.js loader and its configuration: tens of kilobytes compressed, the largest here.",
    carbon: "Not reported.",
    sources: [
      { label: "Google: cookie usage", href: "https://support.google.com/analytics/answer/11397207" },
      { label: "CNIL: cookies and consent", href: "https://www.cnil.fr/en/cookies-and-other-tracking-devices-cnil-publishes-new-guidelines" },
      { label: "gtag.js", href: "https://developers.google.com/tag-platform/gtagjs" },
    ],
  },
  {
    name: "Plausible",
    visits: "A hash of the IP address, user-agent and site with a salt that changes every day; the IP is then dropped.",
    cookies: "No cookie; no banner needed, by the vendor's reading.",
    script: "Under 1 kB compressed, by the vendor's figure.",
    carbon: "Not reported.",
    sources: [
      { label: "Plausible: data policy", href: "https://plausible.io/data-policy" },
      { label: "Plausible: script size", href: "https://plausible.io/lightweight-web-analytics" },
    ],
  },
  {
    name: "Umami",
    visits: "A session ID hashed from the IP address, user-agent and a rotating salt.",
    cookies: "No cookie; no banner needed, by the vendor's reading.",
    script: "About 2 kB, by the vendor's figure.",
    carbon: "Not reported.",
    sources: [
      { label: "Umami: FAQ", href: "https://umami.is/docs/faq" },
      { label: "Umami: tracker", href: "https://umami.is/docs/tracker-configuration" },
    ],
  },
  {
    name: "Fathom",
    visits: "A hash of the IP address, user-agent and site with a rotating salt, kept as a one-way anonymised value.",
    cookies: "No cookie; no banner needed, by the vendor's reading.",
    script: "Not measured here.",
    carbon: "Not reported.",
    sources: [{ label: "Fathom: what data we collect", href: "https://usefathom.com/data" }],
  },
  {
    name: "Simple Analytics",
    visits: "No identifier: a visit is unique when the referrer is another site, as in Bothy.",
    cookies: "No cookie, no IP address, no hashing; no banner needed, by the vendor's reading.",
    script: "Not measured here.",
    carbon: "Not reported.",
    sources: [
      { label: "Simple Analytics: what we collect", href: "https://docs.simpleanalytics.com/what-we-collect" },
      { label: "Simple Analytics: unique visits", href: "https://docs.simpleanalytics.com/uniques" },
    ],
  },
  {
    name: "Cabin",
    visits: "No identifier and no IP address.",
    cookies: "No cookie; no banner needed, by the vendor's reading.",
    script: "About 1 kB, by the vendor's figure.",
    carbon: "Reported: an estimate of the carbon of page views.",
    sources: [{ label: "Cabin: privacy", href: "https://withcabin.com/privacy" }],
  },
  {
    name: "Bothy",
    visits: "No identifier: a page view starts a visit when the referrer is another site and the page was not reloaded.",
    cookies: "No cookie and nothing in browser storage; the IP address is never stored; no banner needed.",
    script: `${TRACKER_SIZE_START}: the test suite fails the build above that.`,
    carbon: "Reported for every page view: energy and CO2 from the bytes each page transfers.",
    sources: [
      { label: "Privacy policy", href: "/privacy" },
      { label: "How green is your website?", href: "/how-green-is-your-website" },
    ],
  },
];

const COLUMNS = [
  ["visits", "Telling visits apart"],
  ["cookies", "Cookies and consent banner"],
  ["script", "Script size"],
  ["carbon", "Carbon"],
] as const;

const link = "font-medium text-blue-700 underline dark:text-blue-300";

export default function CompareNewPage() {
  return (
    <>
      <section className="mx-auto max-w-5xl px-4 pt-16">
        <h1 className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white">Google Analytics 4 and the privacy-first tools</h1>
        <p className="mt-6 text-lg text-gray-700 dark:text-gray-300">
          A new generation of web analytics counts visits without following people. They differ in how they tell one
          visit from another, what they leave in the browser, how much script they add to every page, and whether they
          say what your pages cost the planet. Here is each, with the page every fact comes from. For Google Analytics
          against Bothy alone, see <a href="/google-analytics-vs-bothy" className={link}>Google Analytics vs Bothy</a>.
        </p>
      </section>
      <section className="mx-auto max-w-5xl space-y-6 px-4 py-12">
        {TOOLS.map((tool) => (
          <article key={tool.name} className="rounded-lg border border-gray-200 p-6 dark:border-gray-800">
            <h2 className="text-xl font-semibold text-gray-900 dark:text-white">{tool.name}</h2>
            <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm desk:grid-cols-[14rem_1fr]">
              {COLUMNS.map(([key, label]) => (
                <div key={key} className="contents">
                  <dt className="font-medium text-gray-900 dark:text-gray-100">{label}</dt>
                  <dd className="text-gray-700 dark:text-gray-300">{tool[key]}</dd>
                </div>
              ))}
              <dt className="font-medium text-gray-900 dark:text-gray-100">Sources</dt>
              <dd className="flex flex-wrap gap-x-4 gap-y-1">
                {tool.sources.map((s) => (
                  <a key={s.href} href={s.href} className={link} {...(s.href.startsWith("https:") ? { rel: "noopener" } : {})}>{s.label}</a>
                ))}
              </dd>
            </dl>
          </article>
        ))}
      </section>
      <section className="mx-auto max-w-5xl px-4">
        <h2 className="text-2xl font-semibold text-gray-900 dark:text-white">What the differences mean</h2>
        <p className="mt-4 text-gray-700 dark:text-gray-300">
          A hash of the IP address changes nothing for the visitor on the day it is made: it is still worked out from
          their address. Bothy and Simple Analytics need no address at all, so there is nothing to hash, salt or
          forget. Script size is paid on every page view by every visitor; carbon reporting turns that and the rest of
          the page's weight into a number you can act on.
        </p>
      </section>
      <CtaBox />
    </>
  );
}
