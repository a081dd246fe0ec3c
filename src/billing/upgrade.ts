// One upgrade at a time per account. A create-subscription request claims the account's upgrade row
// for the length of its Stripe calls; a concurrent one waits for that claim to end and then finds
// the subscription it made, so a double click (or three tabs) makes one subscription. The row also
// keeps the Idempotency-Key that Stripe creates the subscription under: a request that died
// mid-way, retried with the same key, gets Stripe's first answer instead of a second subscription.
import { randomBytes } from "node:crypto";
import { namedQuery, type Queryable } from "../db";
import { HttpError } from "../http/errors";

/** NOTE: longer than every Stripe call of one upgrade together: a claim outliving it means its request died. */
const CLAIM_S = 120;
/** How long a concurrent request waits for the claim before saying the upgrade is under way. */
const WAIT_MS = 30_000;
const POLL_MS = 100;

/** The account's upgrade while claimed: the key to create under and the subscription made so far. */
export type Upgrade = { key: string; subscriptionId: string | null };

export const freshUpgradeKey = (uid: string) => `upgrade-${uid}-${randomBytes(9).toString("base64url")}`;

const claim = namedQuery("billing.claimUpgrade", async (sql: Queryable, uid: string) => {
  const [row] = await sql<Upgrade[]>`
    INSERT INTO billing_upgrades (uid, idempotency_key, busy_until)
    VALUES (${uid}, ${freshUpgradeKey(uid)}, now() + make_interval(secs => ${CLAIM_S}))
    ON CONFLICT (uid) DO UPDATE SET busy_until = EXCLUDED.busy_until
    WHERE billing_upgrades.busy_until IS NULL OR billing_upgrades.busy_until < now()
    RETURNING idempotency_key AS key, subscription_id AS "subscriptionId"`;
  return row ?? null;
});

const release = namedQuery("billing.releaseUpgrade", async (sql: Queryable, uid: string, u: Upgrade) => {
  await sql`UPDATE billing_upgrades SET busy_until = NULL, idempotency_key = ${u.key}, subscription_id = ${u.subscriptionId}
    WHERE uid = ${uid}`;
});

/**
 * Runs `run` holding the account's upgrade claim; what `run` sets on the Upgrade is stored when it
 * ends, whether it threw or not. Waits for a concurrent holder; 409 if it takes too long.
 */
export async function oneUpgradeAtATime<T>(sql: () => Queryable, uid: string, run: (u: Upgrade) => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  let upgrade = await claim(sql(), uid);
  while (!upgrade) {
    if (Date.now() > deadline) throw new HttpError(409, "Your upgrade is already under way. Reload the page in a minute to see it.");
    await Bun.sleep(POLL_MS);
    upgrade = await claim(sql(), uid);
  }
  const held = upgrade;
  try {
    return await run(held);
  } finally {
    await release(sql(), uid, held);
  }
}
