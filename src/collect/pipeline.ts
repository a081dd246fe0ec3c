// Ingestion as an ordered list of named steps (after Plausible's ingestion/event.ex). Each step
// reads the incoming hit and fills in the row, or drops the hit with a reason from a closed union;
// drops are counted by reason and every step's time is summed under its name (see metrics.ts).
import { localTime } from "../shared/days";
import type { HitRow } from "../hits";
import { arrivalOf, campaignOf, deviceOfWidth, languageOf, screenOf, storedPath } from "./classify";
import { countryOfTimeZone } from "./zone-country";
import { KIND, type Incoming } from "./model";
import type { Site, Sites } from "./sites";
import { parseAgent, type Agent } from "./useragent";
import type { DropReason, Metrics } from "./metrics";


export type Outcome = { ok: true; row: HitRow } | { ok: false; reason: DropReason };

/** The hit being enriched: the input, what steps learned, and the row so far. */
type Draft = { in: Incoming; agent?: Agent; site?: Site; query?: URLSearchParams; row: HitRow };

type Step = { name: string; run: (d: Draft, deps: Deps) => DropReason | void | Promise<DropReason | void> };
type Deps = { sites: Sites };

/** The event names the tracker gives link clicks (data-outbound, data-downloads); their value is the link. */
const LINK_EVENTS = new Set(["Outbound", "Download"]);

/**
 * A clicked link (outbound or download) as stored: scheme, host and path. NOTE: queries, fragments and user info often
 * carry tokens, e-mail addresses or ids of the visitor; none of that is kept. A value that is not
 * an http(s) URL is cut at its first "?" or "#" for the same reason.
 */
function linkTarget(value: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {}
  if (url && (url.protocol === "http:" || url.protocol === "https:")) return `${url.protocol}//${url.host}${url.pathname}`;
  return value.replace(/[?#].*$/s, "");
}

/**
 * Whether the hit carries its page view's context (referrer, screen width, time zone, language): a
 * page view always does, whatever of it the browser had; a leave or event beacon when it sends any
 * of it. NOTE: an older tracker sent none with them, so their rows stay without source, campaign,
 * country, language and screen, as they were stored: a missing referrer must not make them "direct".
 */
const hasContext = (i: Incoming) =>
  i.kind === "view" || i.body.r !== undefined || i.body.w !== undefined || i.body.z !== undefined || i.body.l !== undefined;

function placeSite(d: Draft, site: Site | null): DropReason | void {
  if (!site) return "unknown_domain";
  if (site.deleted) return "deleted_domain";
  d.site = site;
  d.row.siteId = site.id;
}

const STEPS: Step[] = [
  {
    name: "dropBot",
    run: (d) => {
      d.agent = parseAgent(d.in.ua);
      // NOTE: a screen 0 px wide is a headless browser; real ones always report one. Every beacon of
      // a page view sends the width, so its leave and events are dropped with it.
      if (d.agent.bot || d.in.body.w === 0) return "bot";
    },
  },
  {
    name: "resolveSite",
    // NOTE: a cached domain answers synchronously, so the usual hit never waits on a promise.
    run: (d, deps) => {
      const site = deps.sites.lookup(d.in.body.d);
      return site instanceof Promise ? site.then((s) => placeSite(d, s)) : placeSite(d, site);
    },
  },
  {
    name: "putAgent",
    run: (d) => {
      d.row.browser = d.agent!.browser;
      d.row.os = d.agent!.os;
      d.row.device = d.agent!.device;
      // The user-agent string ends here: nothing after this step can see it.
      d.in.ua = null;
    },
  },
  {
    name: "putPath",
    run: (d) => {
      const { path, query } = storedPath(d.in.body.p);
      d.row.path = path;
      if (query) d.query = new URLSearchParams(query);
    },
  },
  {
    name: "putCampaign",
    run: (d) => {
      if (!d.query || !hasContext(d.in)) return;
      Object.assign(d.row, campaignOf(d.query));
    },
  },
  {
    name: "putReferrer",
    run: (d) => {
      if (!hasContext(d.in)) return;
      const from = arrivalOf(d.in.body.r, d.in.body.d, d.row.utmMedium);
      if (from.fromPath !== undefined) {
        // NOTE: funnels count the hits that came from a page (hits_daily_step); a view's vitals are no step.
        if (d.in.kind !== "vitals") d.row.fromPath = from.fromPath;
        return;
      }
      d.row.referrerHost = from.host;
      d.row.referrerPost = from.post;
      d.row.source = from.source;
    },
  },
  {
    name: "putLocale",
    run: (d) => {
      if (d.in.body.z) d.row.country = countryOfTimeZone(d.in.body.z);
      const lang = languageOf(d.in.body.l);
      if (lang) d.row.language = lang;
    },
  },
  {
    name: "putScreen",
    run: (d) => {
      if (d.in.body.w === undefined) return;
      const w = d.in.body.w;
      d.row.screen = screenOf(w);
      d.row.device ??= deviceOfWidth(w);
    },
  },
  {
    name: "putLocalTime",
    run: (d) => {
      const local = localTime(d.site!.tz, d.in.time);
      d.row.localDay = local.day;
      d.row.localHour = local.hour;
    },
  },
  {
    name: "putMeasures",
    run: (d) => {
      const i = d.in;
      if (i.kind === "view") {
        // The tracker decides uniqueness; a same-site referrer can never make a unique visit.
        d.row.isUnique = !!i.body.u && d.row.source !== null;
        d.row.loadMs = i.body.t === undefined ? null : Math.round(i.body.t);
        d.row.transferBytes = i.body.b === undefined ? null : Math.max(0, i.body.b);
      } else if (i.kind === "leave") {
        d.row.durationMs = Math.round(i.body.v);
        d.row.isBounce = !!i.body.x;
        d.row.transferBytes = i.body.b === undefined ? null : Math.max(0, i.body.b);
        d.row.scrollPct = i.body.s == null ? null : Math.min(100, Math.round(i.body.s * 100));
      } else if (i.kind === "vitals") {
        const ms = (v: number | undefined) => (v === undefined ? null : Math.round(v));
        d.row.lcpMs = ms(i.body.lcp);
        d.row.inpMs = ms(i.body.inp);
        d.row.cls = i.body.cls ?? null;
        d.row.fcpMs = ms(i.body.fcp);
        d.row.ttfbMs = ms(i.body.ttfb);
      } else {
        d.row.eventName = i.body.n;
        const value = i.body.v == null ? null : String(i.body.v);
        d.row.eventValue = value === null ? null : (LINK_EVENTS.has(i.body.n) ? linkTarget(value) : value).slice(0, 200);
      }
    },
  },
];

const emptyRow = (i: Incoming): HitRow => ({
  time: i.time, siteId: 0, kind: KIND[i.kind], localDay: "", localHour: 0, path: "/",
  referrerHost: null, referrerPost: null, source: null, utmSource: null, utmMedium: null, utmCampaign: null,
  country: null, language: null, browser: null, os: null, device: null, screen: null,
  isUnique: false, isBounce: false, durationMs: null, loadMs: null, transferBytes: null,
  eventName: null, eventValue: null, scrollPct: null, fromPath: null,
  lcpMs: null, inpMs: null, cls: null, fcpMs: null, ttfbMs: null,
});

/**
 * Runs every step in order; stops at the first drop. Synchronous unless a step has to wait (a domain
 * not in the cache): the usual hit then costs no promise at all on the HTTP thread.
 */
export function runPipeline(input: Incoming, deps: Deps, metrics?: Metrics): Outcome | Promise<Outcome> {
  const draft: Draft = { in: input, row: emptyRow(input) };
  // NOTE: step times are taken on a sample of hits: reading the clock around every step cost as
  // much as the steps themselves (~5 µs a hit, measured with bench:ingest's payloads).
  const timed = metrics?.sampleSteps() ?? false;
  return runFrom(0, draft, deps, timed ? metrics : undefined, metrics);
}

function runFrom(first: number, draft: Draft, deps: Deps, timer: Metrics | undefined, metrics: Metrics | undefined): Outcome | Promise<Outcome> {
  for (let i = first; i < STEPS.length; i++) {
    const step = STEPS[i]!;
    const t0 = timer ? Bun.nanoseconds() : 0;
    const result = step.run(draft, deps);
    if (result instanceof Promise) {
      return result.then((reason) => {
        timer?.stepTime(step.name, Bun.nanoseconds() - t0);
        return reason ? dropped(reason, metrics) : runFrom(i + 1, draft, deps, timer, metrics);
      });
    }
    timer?.stepTime(step.name, Bun.nanoseconds() - t0);
    if (result) return dropped(result, metrics);
  }
  return { ok: true, row: draft.row };
}

function dropped(reason: DropReason, metrics: Metrics | undefined): Outcome {
  metrics?.drop(reason);
  return { ok: false, reason };
}
