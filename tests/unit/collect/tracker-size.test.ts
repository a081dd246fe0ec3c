// The tracker's byte budget: at most 1,024 bytes gzip, everything included; its web-vitals
// extension's: at most 2,500.
import { expect, test } from "bun:test";
import { buildTracker, buildVitals, TRACKER_BUDGET_GZIP, VITALS_BUDGET_GZIP } from "../../../tracker/build";

test(`the tracker is at most ${TRACKER_BUDGET_GZIP} bytes gzip and sets no cookie or storage`, async () => {
  const { js, gzip } = await buildTracker();
  expect(gzip.byteLength).toBeLessThanOrEqual(TRACKER_BUDGET_GZIP);
  expect(new TextDecoder().decode(Bun.gunzipSync(gzip))).toBe(js);
  // Privacy by construction: the built script never writes a cookie or storage.
  expect(js).not.toContain("cookie");
  expect(js).not.toMatch(/setItem|sessionStorage|indexedDB/);
  // The extension only with data-vitals, from the tracker's own origin.
  expect(js).toMatch(/"vitals"in \w+&&import\(\w+\+"\.\.\/js\/vitals\.js"\)/);
});

test(`the web-vitals extension is at most ${VITALS_BUDGET_GZIP} bytes gzip, reads no cookie or storage and sends one beacon`, async () => {
  const { js, gzip } = await buildVitals();
  expect(gzip.byteLength).toBeLessThanOrEqual(VITALS_BUDGET_GZIP);
  expect(new TextDecoder().decode(Bun.gunzipSync(gzip))).toBe(js);
  expect(js).not.toMatch(/cookie|localStorage|sessionStorage|indexedDB/);
  // Its only way out is the tracker's gated send.
  expect(js).not.toMatch(/sendBeacon|fetch\(|XMLHttpRequest/);
  expect(js).toContain('self.bothy.u("w",');
});
