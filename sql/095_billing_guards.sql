-- Billing guards. One upgrade at a time per account: the row is claimed (busy_until) by the request
-- talking to Stripe, and keeps the Idempotency-Key its subscription is created with and the
-- subscription that came of it, so a second click gets that same subscription.
CREATE TABLE billing_upgrades (
  uid uuid PRIMARY KEY REFERENCES users ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  subscription_id text,
  busy_until timestamptz
);

-- Card payments Stripe declined, per account: after a few in a day payments stop (card testing).
-- One row per card and payment intent, however often the decline is seen (route and webhook).
CREATE TABLE billing_declines (
  uid uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  payment_intent text NOT NULL,
  payment_method text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, payment_intent, payment_method)
);

-- Stripe's `created` time of the webhook event the stored state was read for: an older event's
-- state never overwrites it. NULL for states the billing routes stored from Stripe's own answer.
ALTER TABLE billing_subscriptions ADD COLUMN state_at timestamptz;
