import { expect, test } from "bun:test";
import { accountAttempts, MAILS_PER_ADDRESS_HOUR } from "../../../src/auth/attempts";
import { MAX_FAILURES } from "../../../src/auth/throttle";

test("one address gets a few mails an hour, whatever the case of its letters", () => {
  const a = accountAttempts();
  const answers = Array.from({ length: MAILS_PER_ADDRESS_HOUR + 1 }, (_, i) => a.mailTo(i % 2 ? "Victim@example.com" : "victim@example.com"));
  expect(answers).toEqual([...Array(MAILS_PER_ADDRESS_HOUR).fill(true), false]);
  expect(a.mailTo("other@example.com")).toBe(true);
});

test("a successful sign-in refunds its charge; in-flight attempts count before they settle", () => {
  const a = accountAttempts();
  const inFlight = Array.from({ length: MAX_FAILURES.pair + 5 }, () => a.signIn("ada@example.com", "client:x"));
  expect(inFlight.filter((v) => v.blocked).length).toBe(5);
  for (const v of inFlight) if (!v.blocked) v.settle(false);
  expect(a.signIn("ada@example.com", "client:x").blocked).toBe(true);
  // The owner elsewhere, clean on this account, gets through and is refunded on success.
  const owner = a.signIn("ada@example.com", "client:home");
  expect(owner.blocked).toBe(false);
  if (!owner.blocked) owner.settle(true);
  expect(a.signIn("ada@example.com", "client:home").blocked).toBe(false);
});
