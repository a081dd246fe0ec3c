// Bothy's tracker: one async script, no cookie, no storage written, nothing that identifies a person.
// Budget: 1,024 bytes gzip for everything below (tests/unit/collect/tracker-size.test.ts fails above it).
// It sends one beacon per page view (/b/v) and one leave beacon (/b/l) with visible time; events go
// to /b/e. Bodies are text/plain JSON, so the browser sends them cross-origin without a preflight.
((w, d, nav, perf) => {
  const l = location;
  const s = d.currentScript;
  const ds = s.dataset;
  const host = l.hostname;
  // The script's origin: the endpoints live beside it, also behind a first-party proxy.
  const base = s.src.split("/", 3).join("/") + "/b/";
  // A file: page has an empty hostname, which the pattern matches too.
  let off = nav.webdriver || (!("allowLocal" in ds) && /^(localhost|127\.|\[::1|$)/.test(host));
  // NOTE: reading is allowed (the owner's opt-out); writing storage never happens. Reading throws in
  // sandboxed frames and with cookies blocked, hence the try.
  try {
    off ||= localStorage.bothy_ignore == "true";
  } catch {}

  // cur: path of the current page view; since: when it became visible (0 while it never was);
  // left: its leave beacon is sent; uniq: it is a unique visit; internal: a same-site link was
  // clicked (a full page navigation to a second page); sent: bytes reported so far.
  let cur, since, left, uniq, internal, sent = 0;

  const send = (t, o) => {
    if (off) return;
    o.d = ds.domain || host;
    o.p = cur;
    const b = JSON.stringify(o);
    const u = base + t;
    nav.sendBeacon(u, b) || fetch(u, { method: "POST", body: b, keepalive: true });
  };

  // NOTE: always a "?", even with no utm_* left; the server drops an empty query.
  const path = () => l.pathname + "?" + (l.search.match(/utm_[^&]*/g) || []).join("&") + ("hash" in ds ? l.hash : "");

  // TRICKY: each beacon sends the bytes added since the last one (the entry list is sorted by start
  // time, so new entries can land in the middle: only the total is reliable). Cross-origin resources
  // without Timing-Allow-Origin report transferSize 0, hence encodedBodySize.
  const bytes = () => {
    let n = -sent;
    for (const x of perf.getEntries()) n += x.transferSize || x.encodedBodySize || 0;
    sent += n;
    return n;
  };

  // Milliseconds, fractional: the server rounds them.
  const now = () => perf.now();
  const on = (t, e, f) => t.addEventListener(e, f);

  const view = (u, r, t) => {
    cur = path();
    left = internal = 0;
    since = d.hidden ? 0 : now();
    uniq = u;
    send("v", { r, w: screen.width, z: Intl.DateTimeFormat().resolvedOptions().timeZone, l: nav.language, t, b: bytes(), u });
  };

  // TRICKY: the beacon goes at the first hide, so visible time is one span: from becoming visible
  // (never while prerendered or in a background tab) to hiding. `spa` is 1 when a SPA navigation
  // reached a second page; pagehide passes its event object, which `|` turns into 0.
  const leave = (spa) => {
    if (cur && !left) {
      left = 1;
      send("l", { v: since && now() - since, b: bytes(), x: uniq & !(spa | internal) });
    }
  };

  const event = (n, v) => send("e", { n, v });

  const start = () => {
    // NOTE: the navigation entry starts at 0, so it is first of all entries (sorted by start time).
    const n = perf.getEntries()[0] || {};
    const r = d.referrer;
    // Unique: the referrer is another site (or none) and this is no reload or back/forward.
    view(+(r.split("/")[2] != l.host && !/^[rb]/.test(n.type)), r, n.loadEventStart);
  };

  // A SPA navigation: a new, never unique, page view when the path changed.
  const spa = () => {
    if (cur && path() != cur) {
      leave(1);
      view(0);
    }
  };
  for (const m of ["pushState", "replaceState"]) {
    const orig = history[m];
    history[m] = (...a) => spa(orig.apply(history, a));
  }
  on(w, "popstate", spa);
  // Without data-hash the path ignores the fragment, so a hash change is no page view.
  on(w, "hashchange", spa);

  on(d, "visibilitychange", () => (d.hidden ? leave() : (since ||= now())));
  on(w, "pagehide", leave);
  // A page restored from the back/forward cache is a page view again, counted once, never unique.
  on(w, "pageshow", (e) => e.persisted && view(0));

  on(d, "click", (e) => {
    const el = e.target.closest("[data-bothy-event]");
    const a = e.target.closest("a");
    if (el) event(el.dataset.bothyEvent, el.dataset.bothyValue);
    // NOTE: an <a> without href has host "" and protocol ":", so it is neither internal nor outbound.
    if (a) a.host == l.host ? (internal = 1) : "outbound" in ds && /^http/.test(a.protocol) && event("Outbound", a.href);
  });

  w.bothy = { event };

  // NOTE: "complete" is the only readyState that sorts before "d" ("interactive", "loading").
  const go = () => (d.readyState < "d" ? start() : on(w, "load", start));
  d.prerendering ? on(d, "prerenderingchange", go) : go();
})(window, document, navigator, performance);
