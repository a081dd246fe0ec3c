import { expect, test } from "bun:test";
import { rateLimiter } from "../../../src/http/rate-limit";

test("each key gets its own window; a refused take says when the window ends", () => {
  let now = 0;
  const limiter = rateLimiter(2, 60_000, () => now);
  expect(limiter.take("a")).toEqual({ ok: true });
  expect(limiter.take("a")).toEqual({ ok: true });
  expect(limiter.take("b")).toEqual({ ok: true });
  now = 15_500;
  expect(limiter.take("a")).toEqual({ ok: false, retryAfterS: 45 });
  now = 59_999;
  expect(limiter.take("a")).toEqual({ ok: false, retryAfterS: 1 });
  now = 60_000;
  expect(limiter.take("a")).toEqual({ ok: true });
});
