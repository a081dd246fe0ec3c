// "/google-analytics-vs-bothy" — the comparison page (its old URL redirects here, see redirects.ts);
// /google-vs-new sets Bothy against the privacy-first tools too.
import { CtaBox } from "../../components/site/CtaBox";
import { TRACKER_SIZE_START } from "../shared/tracker";
import type { Meta } from "./meta";

export const meta: Meta = { head: "compare", layout: "website", guards: { auth: false } };

const ROWS: [string, string, string][] = [
  ["Cookies", "Sets first-party cookies to recognise returning visitors", "None, and nothing in browser storage"],
  ["Consent banner in the EU", "Needed: it processes personal data", "Not needed: no personal data is collected"],
  ["IP addresses", "Processed, then truncated", "Never stored"],
  ["Script size", "Around 100 kB compressed with the tag manager", TRACKER_SIZE_START],
  ["Data location", "United States, under US law", "European Union"],
  ["Data used for advertising", "Can be linked to Google's advertising products", "Never; the data is yours"],
  ["Energy and carbon per page", "Not measured", "Measured for every page view"],
  ["Sampling", "On large reports and date ranges", "None"],
  ["Learning curve", "Dozens of reports and a query language", "One dashboard page"],
  ["Self-hosting", "Not possible", "One Docker image"],
];

export default function ComparePage() {
  return (
    <>
      <section className="mx-auto max-w-4xl px-4 pt-16">
        <h1 className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white">Google Analytics vs Bothy</h1>
        <p className="mt-6 text-lg text-gray-700 dark:text-gray-300">
          Google Analytics is free because it is part of an advertising business. It can tell you a great deal, at the
          price of your visitors' privacy, a consent banner and a heavier page. Bothy answers the questions most site
          owners actually ask, which pages are read, where visitors come from, which campaigns work, without tracking
          anyone, and adds one Google does not: what your website costs the planet.
        </p>
      </section>
      <section className="mx-auto max-w-4xl overflow-x-auto px-4 py-12">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Google Analytics and Bothy compared</caption>
          <thead>
            <tr className="border-b-2 border-gray-300">
              <th scope="col" className="py-3 pr-4 font-semibold">&nbsp;</th>
              <th scope="col" className="py-3 pr-4 font-semibold">Google Analytics</th>
              <th scope="col" className="py-3 font-semibold">Bothy</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([topic, ga, bothy]) => (
              <tr key={topic} className="border-b border-gray-200 dark:border-gray-800">
                <th scope="row" className="py-3 pr-4 font-medium text-gray-900 dark:text-white">{topic}</th>
                <td className="py-3 pr-4 text-gray-700 dark:text-gray-300">{ga}</td>
                <td className="py-3 text-gray-900 dark:text-gray-100">{bothy}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="mx-auto max-w-4xl px-4">
        <h2 className="text-2xl font-semibold text-gray-900 dark:text-white">When Google Analytics is the better choice</h2>
        <p className="mt-4 text-gray-700 dark:text-gray-300">
          If you buy Google Ads and need conversions fed back into them, or you need per-user journeys across sessions,
          Google Analytics does that and Bothy deliberately does not: following a person from visit to visit is exactly
          what Bothy is built to avoid.
        </p>
        <h2 className="mt-10 text-2xl font-semibold text-gray-900 dark:text-white">Switching</h2>
        <p className="mt-4 text-gray-700 dark:text-gray-300">
          Add the Bothy script next to your current tag, compare the numbers for a week, then remove Google's tag and the
          consent banner that came with it. <a href="/install" className="font-medium text-blue-700 underline dark:text-blue-300">The install guide</a> takes five minutes.
        </p>
        <p className="mt-4 text-gray-700 dark:text-gray-300">
          Weighing the other privacy-first tools too? <a href="/google-vs-new" className="font-medium text-blue-700 underline dark:text-blue-300">Google Analytics 4, Plausible, Umami, Fathom, Simple Analytics, Cabin and Bothy compared</a>.
        </p>
      </section>
      <CtaBox />
    </>
  );
}
