// The tracker's byte budget: at most 1,024 bytes gzip, everything included.
import { expect, test } from "bun:test";
import { buildTracker, TRACKER_BUDGET_GZIP } from "../../../tracker/build";

test(`the tracker is at most ${TRACKER_BUDGET_GZIP} bytes gzip and sets no cookie or storage`, async () => {
  const { js, gzip } = await buildTracker();
  expect(gzip.byteLength).toBeLessThanOrEqual(TRACKER_BUDGET_GZIP);
  expect(new TextDecoder().decode(Bun.gunzipSync(gzip))).toBe(js);
  // Privacy by construction: the built script never writes a cookie or storage.
  expect(js).not.toContain("cookie");
  expect(js).not.toMatch(/setItem|sessionStorage|indexedDB/);
});
