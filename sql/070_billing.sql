-- Billing: each account's Stripe customer, its subscriptions as the last webhook or API answer left
-- them, and the ids of the webhook events already applied (Stripe delivers at least once).
CREATE TABLE billing_customers (
  uid uuid PRIMARY KEY REFERENCES users ON DELETE CASCADE,
  customer_id text NOT NULL UNIQUE,
  created timestamptz NOT NULL DEFAULT now()
);

-- `created` is Stripe's creation time of the subscription; Pro holds while any of the account's
-- subscriptions is in a paying status.
CREATE TABLE billing_subscriptions (
  subscription_id text PRIMARY KEY,
  uid uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  status text NOT NULL,
  price_lookup_key text,
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  created timestamptz NOT NULL,
  updated timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_subscriptions_uid ON billing_subscriptions (uid);

CREATE TABLE billing_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received timestamptz NOT NULL DEFAULT now()
);
