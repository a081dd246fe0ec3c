// Bothy's web-vitals extension, loaded by the tracker only when its tag has data-vitals. Budget:
// 2,500 bytes gzip (tests/unit/collect/tracker-size.test.ts). Built on Google's web-vitals library
// (its build without attribution), it sends LCP, INP, CLS, FCP and TTFB once per page view in one
// beacon (/b/w) through the tracker's bothy.u: the view's context, the tracker's gate (opt-out,
// local pages), no cookie, no storage, nothing that identifies a person.
import { onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";

// m: the metrics reported for this page view, by lower-case name; sent: its beacon went.
// TRICKY: every change is taken (the last is what goes): without it, web-vitals loses an INP whose
// interaction it had not taken in (it waits for idle time) before the page was hidden.
let m = {}, sent;
for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(x => (m[x.name.toLowerCase()] = x.value), { reportAllChanges: true });

// TRICKY: web-vitals reports its last CLS and INP (and LCP, when nothing was clicked) from its own
// capture listeners of this event on the window, which run before this one: by now every metric is
// in. Once per view: a page shown again from the back/forward cache is a new view (the tracker's
// too), for which web-vitals reports afresh; a beacon the browser refused (false) goes at the next hide.
addEventListener("visibilitychange", () => {
  if (document.hidden && !sent && Object.keys(m).length) sent = self.bothy.u("w", m);
});
addEventListener("pageshow", e => e.persisted && (m = {}, sent = 0));
