// Declined card payments, per account: card testing tries card after card on one account, so after
// a few declines in a day the billing routes refuse further payments (429) before calling Stripe.
// A decline is recorded where it is seen first: the subscription the route created, the invoice a
// retry reads, or the webhook's payment_intent.payment_failed; each card counts once per intent.
import type Stripe from "stripe";
import { namedQuery, type Queryable } from "../db";
import { HttpError } from "../http/errors";

/**
 * NOTE: a real payer whose card is declined tries once or twice more, perhaps with a second card,
 * then calls their bank; five declines within a day is past that, and a card-testing run tries
 * dozens. Later attempts wait until the oldest counted decline is a day old.
 */
export const DECLINE_STOP = { declines: 5, windowHours: 24 } as const;

export type Decline = { intent: string; paymentMethod: string };

/** The decline an intent's last attempt ended in: a card error naming the card, else null. */
export function declineOf(intent: Pick<Stripe.PaymentIntent, "id" | "last_payment_error"> | null): Decline | null {
  const error = intent?.last_payment_error;
  const card = error?.type === "card_error" ? error.payment_method : null;
  return intent && card ? { intent: intent.id, paymentMethod: card.id } : null;
}

export const recordDecline = namedQuery("billing.recordDecline", async (sql: Queryable, uid: string, d: Decline) => {
  await sql`DELETE FROM billing_declines WHERE uid = ${uid} AND at < now() - make_interval(hours => ${DECLINE_STOP.windowHours})`;
  await sql`INSERT INTO billing_declines (uid, payment_intent, payment_method) VALUES (${uid}, ${d.intent}, ${d.paymentMethod})
    ON CONFLICT DO NOTHING`;
});

/** Seconds until the account may pay again, or null while it may. */
const stoppedFor = namedQuery("billing.declineStop", async (sql: Queryable, uid: string) => {
  const [row] = await sql<{ wait: number }[]>`
    SELECT ceil(extract(epoch FROM at + make_interval(hours => ${DECLINE_STOP.windowHours}) - now()))::int AS wait
    FROM billing_declines WHERE uid = ${uid} AND at > now() - make_interval(hours => ${DECLINE_STOP.windowHours})
    ORDER BY at DESC OFFSET ${DECLINE_STOP.declines - 1} LIMIT 1`;
  return row ? Math.max(1, row.wait) : null;
});

/** Throws the 429 (with Retry-After) of an account whose cards were declined too often today. */
export async function assertMayPay(sql: Queryable, uid: string): Promise<void> {
  const wait = await stoppedFor(sql, uid);
  if (wait !== null) {
    throw new HttpError(429, "Your card was declined several times today, so payments are paused for this account. Please check with your bank and try again tomorrow.", undefined, { "retry-after": String(wait) });
  }
}
