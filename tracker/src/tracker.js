// Bothy's tracker: one async script, no cookie, no storage written, nothing that identifies a person.
// Budget: 1,024 bytes gzip for everything below (tests/unit/collect/tracker-size.test.ts fails above it).
// It sends one beacon per page view (/b/v) and one leave beacon (/b/l) with visible time and the
// deepest scroll; events go to /b/e: custom ones, and link clicks with data-outbound (other sites)
// and data-downloads (files). Every beacon carries its page view's context (domain, path, language,
// screen width, time zone, the referrer it arrived with), so a stats filter on any of them keeps the
// view's leave beacon and events with it. Bodies are text/plain JSON, so the browser sends them
// cross-origin without a preflight. With data-vitals it loads the web-vitals extension (vitals.js).
// NOTE: the build passes Bun's minified output through terser too: together they pack tighter.
// NOTE: a block, not a function: its let and const stay inside it, also in a classic script.
{
  const d = document, perf = performance, l = location;
  const s = d.currentScript;
  const ds = s.dataset;
  // The script's origin: the endpoints live beside it, also behind a first-party proxy.
  const base = new URL("/b/", s.src);
  // A file: page has an empty host, which the pattern matches too (a port only follows the name).
  // NOTE: any IPv6 literal counts as local: a public site is never served from one.
  let off = navigator.webdriver || (!("allowLocal" in ds) && /^(localhost|127\.|\[|$)/.test(l.host));

  // ctx: the current page view's context, sent with each of its beacons (r: the referrer it loaded
  // with, or for a SPA view the path before it, which funnels read; a back/forward view has none);
  // since: when it became visible (0 while it never was, -1 once its leave beacon is sent); bounce:
  // 1 while the view is a bounce (a unique visit that reached no second page: a same-site link click
  // or a SPA navigation clears it); deep: the deepest share of the page seen (a fraction: the server
  // makes it a percent, capped at 100); sent: bytes reported so far.
  let ctx, since, bounce, deep, sent = 0;

  // NOTE: always a "?", even with no utm_* left (the server drops an empty query); the kept utm_*
  // keep their own "?" or "&", which the server's URLSearchParams reads past. With data-hash, only a
  // hash router's route is kept ("#/a", "#!/a"), cut at its first "?", "&" or "=": any other
  // fragment is the visitor's data (#access_token=…). The pattern is src/shared/route-fragment.ts's.
  const path = () => l.pathname + "?" + l.search.replace(/[?&](?!utm_)[^&]*/g, "") + ("hash" in ds && /^#!?\/[^&?=]*/.exec(l.hash) || "");

  const scrolled = () => (deep = Math.max(deep, (scrollY + innerHeight) / d.body.scrollHeight));

  // A SPA navigation: a new page view when the path changed, never unique, coming from the path
  // before it. NOTE: leave() returns nothing, so u and bounce are undefined: JSON drops them, which
  // the server reads as 0 (bytes counted against the budget).
  const spa = () => {
    if (ctx && path() != ctx.p) {
      view(leave(bounce = 0), ctx.p);
    }
  };

  // Times are perf.now() milliseconds, fractional: the server rounds them.
  const view = (u, r, t) => {
    ctx = { p: path(), l: navigator.language, r, w: screen.width, d: ds.domain || l.hostname, z: Intl.DateTimeFormat().resolvedOptions().timeZone };
    deep = 0;
    since = d.hidden ? 0 : perf.now();
    send("v", { b: bytes(), u: bounce = u, t });
  };

  const event = (n, v) => send("e", { n, v });

  const send = (t, o) =>
    off ||
    // NOTE: no fetch fallback: a keepalive fetch shares sendBeacon's 64 KB in-flight quota, so it
    // fails whenever sendBeacon refuses.
    navigator.sendBeacon(base + t, JSON.stringify({ ...ctx, ...o }));

  // TRICKY: the beacon goes at the first hide, so visible time is one span: from becoming visible
  // (never while prerendered or in a background tab) to hiding. Leaving or closing the page hides it
  // first (visibilitychange); the pagehide listener is for a site's own router, which announces a
  // client move to a page that must not be counted by dispatching one.
  const leave = () => {
    if (ctx && since >= 0) {
      send("l", { b: bytes(), x: bounce, s: scrolled(), v: since && perf.now() - since });
      since = -1;
    }
  };

  // TRICKY: each beacon sends the bytes added since the last one (the entry list is sorted by start
  // time, so new entries can land in the middle: only the total is reliable). Cross-origin resources
  // without Timing-Allow-Origin report transferSize 0, hence encodedBodySize.
  const bytes = () => -sent + (sent = perf.getEntries().reduce((n, x) => n + (x.transferSize || x.encodedBodySize || 0), 0));

  const start = () => {
    // NOTE: the navigation entry starts at 0, so it is first of all entries (sorted by start time);
    // every document has one.
    const [n] = perf.getEntries(), r = d.referrer;
    // Unique: the referrer is another site (or none) and this is no reload or back/forward. NOTE:
    // sent as true or false (the server takes 1 and 0 too), as is the bounce flag it starts.
    view(r.split("/")[2] != l.host && !/^[rb]/.test(n.type), r, n.loadEventStart);
  };

  // NOTE: "complete" is the only readyState that sorts before "d" ("interactive", "loading").
  const go = () => (d.readyState < "d" ? start() : on("load", start));

  // NOTE: everything is heard on the window: click and visibilitychange bubble up to it from the
  // document. Called unbound, a method of the global object applies to the window (Web IDL).
  const on = addEventListener;

  for (const m of ["pushState", "replaceState"]) {
    const orig = history[m];
    history[m] = (...a) => spa(orig.apply(history, a));
  }
  on("click", e => {
    const el = e.target.closest("[data-bothy-event]");
    const a = e.target.closest("a");
    if (el) event(el.dataset.bothyEvent, el.dataset.bothyValue);
    // NOTE: an <a> without href, and a mailto:, tel: or javascript: link, has host "": neither
    // internal nor outbound.
    // A file download (data-downloads) leaves the page open, so it is no internal navigation.
    if (a)
      "downloads" in ds && /\.(pdf|zip|exe|(doc|xls|ppt)x?)$/i.test(a.pathname)
        ? event("Download", a.href)
        : a.host == l.host
          ? (bounce = 0)
          : "outbound" in ds && a.host && event("Outbound", a.href);
  });
  // NOTE: a fragment navigation fires popstate too (before hashchange), so this one listener sees
  // hash routing; without data-hash the path ignores the fragment, so a hash change is no page view.
  on("popstate", spa);
  on("pagehide", leave);
  on("visibilitychange", () => (d.hidden ? leave() : (since ||= perf.now())));
  // A page restored from the back/forward cache is a page view again, counted once, never unique
  // (u undefined, as above).
  on("pageshow", e => e.persisted && view());
  on("scroll", scrolled);
  // NOTE: reading is allowed (the owner's opt-out); writing storage never happens. Reading throws in
  // sandboxed frames and with cookies blocked, hence the try.
  try {
    off ||= localStorage.bothy_ignore == "true";
  } catch {}

  // NOTE: u (send) is for the web-vitals extension: its beacon goes through the same gate, with the
  // same context.
  self.bothy = { event, u: send };
  // The extension (tracker/src/vitals.js), a module fetched with CORS, which the script routes answer,
  // from the tracker's origin (or its first-party proxy), as the beacons. TRICKY: an absolute URL: a
  // cross-origin classic script's import() has no base URL to resolve a path against.
  "vitals" in ds && import(base + "../js/vitals.js");

  d.prerendering ? (d.onprerenderingchange = go) : go();
}
