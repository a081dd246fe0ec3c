// "/how-green-is-your-website" — the free page inspector. The server part
// is the heading and the explanation of the method; the form, polling and result are the client
// view, which starts at once when the address carries ?url=.
import { InspectView } from "../../components/inspect/InspectView";
import { CtaBox } from "../../components/site/CtaBox";
import { CARD_PATH, normaliseUrl } from "../shared/inspect-url";
import type { Head, PageProps } from "../web/page";
import { HEAD } from "./head";
import type { Meta } from "./meta";

export const meta: Meta = { head: "inspect", layout: "website", guards: { auth: false } };

/** A shared result (?url=) is its own page: its canonical address keeps the URL, and its Open Graph
 * image is the result's card (the route answers 404 until the page has been inspected). */
export function head({ searchParams }: PageProps): Head | null {
  const parsed = normaliseUrl(searchParams.get("url") ?? "");
  if (!parsed.ok) return null;
  const q = `?url=${encodeURIComponent(parsed.value.url)}`;
  return {
    title: `How green is ${parsed.value.hostname}? · Bothy`,
    description: `The energy and carbon cost of ${parsed.value.url}, measured in a real browser.`,
    path: `${HEAD.inspect.path}${q}`,
    image: `${CARD_PATH}${q}`,
  };
}

export default function InspectPage({ searchParams }: PageProps) {
  const url = (searchParams.get("url") ?? "").slice(0, 2048);
  return (
    <>
      <section className="mx-auto max-w-6xl px-4 py-16">
        <div className="text-center">
          <h1 className="text-4xl font-bold tracking-tight text-gray-900 desk:text-5xl dark:text-white">How green is your website?</h1>
          <p className="mx-auto mt-6 mb-10 max-w-2xl text-lg text-gray-700 dark:text-gray-300">
            Enter the address of a page. Bothy opens it in a real browser, counts every byte it downloads and tells you
            what one visit costs in energy and CO2, and how it compares with the rest of the web.
          </p>
        </div>
        <InspectView initialUrl={url} />
      </section>

      <section aria-labelledby="method-title" className="bg-gray-100 py-16 dark:bg-gray-900">
        <div className="prose-bothy mx-auto px-4">
          <h2 id="method-title">How the numbers are made</h2>
          <ul>
            <li>
              The page is loaded once in Chromium with a 1366 × 768 window and an empty cache, like a first visit, until
              its network has been quiet for a moment. Every byte on the wire counts, headers included; nothing is
              scrolled or clicked, so content that only loads on scrolling is not counted.
            </li>
            <li>
              Emissions use the Sustainable Web Design model, version 4, with the global average grid intensity. If the
              Green Web Foundation lists the host as running on green energy, the data-centre share counts as renewable.
            </li>
            <li>
              "Cleaner than" compares the page's weight with the HTTP Archive Web Almanac 2025 page weights for desktop
              pages.
            </li>
            <li>
              Blocked requests are the requests to ad, analytics, social, marketing and tag-manager services in the
              third-party-web dataset: what a content blocker would stop.
            </li>
            <li>A result is kept for 15 minutes; after that the page shows it with its date and you can check again.</li>
          </ul>
        </div>
      </section>
      <CtaBox />
    </>
  );
}
