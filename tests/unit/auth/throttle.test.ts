import { expect, test } from "bun:test";
import { chargeAll, createThrottle, WINDOW_MS } from "../../../src/auth/throttle";
import { workSlots } from "../../../src/auth/passwords";

test("free failures, then a growing delay, then a block until the window ends", () => {
  let now = 1_000_000;
  const t = createThrottle(10, () => now);
  const delays: number[] = [];
  for (let i = 0; i < 10; i++) {
    const state = t.check("k");
    expect(state.blocked).toBe(false);
    delays.push(state.blocked ? -1 : state.delayMs);
    t.charge("k");
  }
  expect(delays).toEqual([0, 0, 0, 50, 100, 200, 400, 800, 1000, 1000]);
  expect(t.check("k")).toEqual({ blocked: true, retryAfterS: WINDOW_MS / 1000 });
  expect(t.check("other")).toEqual({ blocked: false, delayMs: 0 });
  now += WINDOW_MS + 1;
  expect(t.check("k")).toEqual({ blocked: false, delayMs: 0 });
});

test("a refund takes back one charge, forgiving takes back all", () => {
  const t = createThrottle(2);
  t.charge("k");
  t.charge("k");
  expect(t.check("k").blocked).toBe(true);
  t.refund("k");
  expect(t.failures("k")).toBe(1);
  expect(t.check("k").blocked).toBe(false);
  t.charge("k");
  t.forgive("k");
  expect(t.failures("k")).toBe(0);
});

test("attempts charged before their check is done count against the ones after them", () => {
  // Forty attempts arrive before any has been answered: only the first ten get through.
  const t = createThrottle(10);
  const verdicts = Array.from({ length: 40 }, () => chargeAll([[t, "k"]]));
  expect(verdicts.filter((v) => v.blocked).length).toBe(30);
});

test("chargeAll charges every key or none", () => {
  const tight = createThrottle(1);
  const loose = createThrottle(100);
  expect(chargeAll([[loose, "c"], [tight, "a"]]).blocked).toBe(false);
  expect(chargeAll([[loose, "c"], [tight, "a"]]).blocked).toBe(true);
  expect(loose.failures("c")).toBe(1);
});

test("work slots run at most their limit at once, in order", async () => {
  const slots = workSlots(2);
  let active = 0;
  let peak = 0;
  const order: number[] = [];
  const gates = Array.from({ length: 6 }, () => Promise.withResolvers<void>());
  const runs = gates.map((g, i) =>
    slots.run(async () => {
      peak = Math.max(peak, ++active);
      order.push(i);
      await g.promise;
      active--;
    }),
  );
  expect(order).toEqual([0, 1]);
  gates.forEach((g) => g.resolve());
  await Promise.all(runs);
  expect(peak).toBe(2);
  expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  expect(slots.running).toBe(0);
});

