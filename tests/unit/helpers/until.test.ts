// Waiting for a condition in tests: a loop kept busy past the deadline still gets its last look.
import { expect, test } from "bun:test";
import { until } from "../../helpers/collect";

test("a condition met while the event loop was blocked past the deadline is seen", async () => {
  let ready = false;
  // NOTE: blocks the loop for 100 ms, well past the 50 ms deadline, then meets the condition.
  setTimeout(() => {
    const end = Date.now() + 100;
    while (Date.now() < end);
    ready = true;
  }, 5);
  expect(await until("ready", () => ready, 50)).toBe(true);
});

test("a condition never met fails with what was awaited and the last error", async () => {
  await expect(until("the impossible", () => false, 30)).rejects.toThrow("timed out waiting for the impossible");
  const failing = () => {
    throw new Error("not yet");
  };
  await expect(until("a broken check", failing, 30)).rejects.toThrow("timed out waiting for a broken check: Error: not yet");
});
