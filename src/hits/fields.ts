// What each column of `hits` (./columns.ts) holds, in words a site's visitors can read: the per-domain
// privacy notice lists these. tests/unit/hits/fields.test.ts keeps the two in step, so a new
// column cannot be collected without the notice saying so.

type HitField = { columns: readonly string[]; what: string };

export const HIT_FIELDS: readonly HitField[] = [
  { columns: ["time", "local_day", "local_hour"], what: "When the page was viewed: the time, and the day and hour in the website's time zone." },
  { columns: ["site_id"], what: "Which website was viewed." },
  { columns: ["kind"], what: "Whether the record is a page view, the end of one, an event the website defines (such as a click on a sign-up button), or the page's loading speed." },
  { columns: ["path"], what: "The address of the page, without its query string (campaign tags aside) and without its fragment." },
  {
    columns: ["referrer_host", "source", "referrer_post"],
    what: "The website you came from, if your browser shares it: its host name only, the kind of source (search engine, social network, email, direct), and the address of a public social media post when you came from one.",
  },
  { columns: ["utm_source", "utm_medium", "utm_campaign"], what: "The campaign tags (utm_source, utm_medium, utm_campaign) of the link you followed, if it had any." },
  { columns: ["country"], what: "The country, derived from your device's time zone, never from your IP address." },
  { columns: ["language"], what: "Your browser's language." },
  { columns: ["browser", "os", "device"], what: "The browser, operating system and device type (desktop, tablet, mobile, smart TV or console), derived from the user-agent string, which is then dropped." },
  { columns: ["screen"], what: "A screen size class (small, medium or large) from the window's width." },
  { columns: ["from_path"], what: "The address of the page of this website you were on before this one in the same tab, if any: how a funnel counts the steps taken, without telling visitors apart." },
  { columns: ["is_unique"], what: "Whether the page started a visit, decided from the referrer and the way the page was opened only, with no identifier." },
  { columns: ["is_bounce"], what: "Whether the visit ended after one page." },
  { columns: ["duration_ms"], what: "How long the page was visible." },
  { columns: ["scroll_pct"], what: "How far down the page you scrolled, as a percentage." },
  { columns: ["load_ms", "transfer_bytes"], what: "How long the page took to load and how many bytes it transferred, for the energy and carbon estimate." },
  {
    columns: ["lcp_ms", "inp_ms", "cls", "fcp_ms", "ttfb_ms"],
    what: "If the website measures its speed: how long the page took to show its first and its largest content and to start answering, how long it took to react to a click or key, and how much its layout shifted.",
  },
  { columns: ["event_name", "event_value"], what: "For events: the name and value the website gives them, such as the address of an outbound link you clicked." },
];
