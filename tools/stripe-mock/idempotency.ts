// Stripe's `Idempotency-Key` on POST requests: the first answer given under a key (a refusal such
// as a card decline included) is the answer to every later request with that key, marked
// `Idempotent-Replayed: true`; a key reused with another method, path or parameters is refused
// with an idempotency_error. Stripe keeps keys 24 hours; this local Stripe keeps them while it runs.
import { StripeError } from "./state";

export type Answer = { status: number; body: unknown; replayed: boolean };

export class IdempotencyKeys {
  private readonly answers = new Map<string, { asked: string; status: number; body: unknown }>();

  /**
   * The answer to a request: `run`'s, or the one kept for `key`. `asked` is the request as its
   * parameters make it (method, path, encoded body). TRICKY: `run` is synchronous, so two requests
   * with one key never interleave.
   */
  answer(key: string | null, asked: string, run: () => [number, unknown]): Answer {
    const kept = key === null ? undefined : this.answers.get(key);
    if (kept && kept.asked !== asked) {
      throw new StripeError(400, "idempotency_error", `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
    }
    if (kept) return { status: kept.status, body: kept.body, replayed: true };
    const [status, body] = run();
    if (key !== null) this.answers.set(key, { asked, status, body });
    return { status, body, replayed: false };
  }
}
