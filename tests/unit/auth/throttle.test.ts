import { expect, test } from "bun:test";
import { clientTag, createThrottle, WINDOW_MS } from "../../../src/auth/throttle";

test("free failures, then a growing delay, then a block until the window ends", () => {
  let now = 1_000_000;
  const t = createThrottle(10, () => now);
  const delays: number[] = [];
  for (let i = 0; i < 10; i++) {
    const state = t.check("k");
    expect(state.blocked).toBe(false);
    delays.push(state.blocked ? -1 : state.delayMs);
    t.fail("k");
  }
  expect(delays).toEqual([0, 0, 0, 50, 100, 200, 400, 800, 1000, 1000]);
  expect(t.check("k")).toEqual({ blocked: true, retryAfterS: WINDOW_MS / 1000 });
  expect(t.check("other")).toEqual({ blocked: false, delayMs: 0 });
  now += WINDOW_MS + 1;
  expect(t.check("k")).toEqual({ blocked: false, delayMs: 0 });
});

test("success forgives a key", () => {
  const t = createThrottle(2);
  t.fail("k");
  t.fail("k");
  expect(t.check("k").blocked).toBe(true);
  t.succeed("k");
  expect(t.check("k").blocked).toBe(false);
});

test("client tags are stable pseudonyms that do not contain the address", () => {
  expect(clientTag("203.0.113.9")).toBe(clientTag("203.0.113.9"));
  expect(clientTag("203.0.113.9")).not.toBe(clientTag("203.0.113.10"));
  expect(clientTag("203.0.113.9")).not.toContain("203.0.113.9");
});
