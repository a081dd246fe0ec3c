// The usage room: an account's unique visits this month against its tier, for the pages
// (accountUsage), and the check that mails an owner once a month when the visits outgrow the tier
// (a job of the job timer). Counting never stops.
import type { AppContext } from "../context";
import type { Database, MaintenanceJob, Queryable } from "../db";
import { namedQuery } from "../db";
import { createMailer, usageOverMail, type Mailer } from "../mail";
import { retentionGraceEnd } from "../plans";
import { usageAgainstTier, type AccountUsage } from "../shared/usage";
import { monthlyVisits, monthlyVisitsByAccount } from "../stats";


/** The subscribed tier of an account: billing knows it; without billing every account is measured
 * against the tier its visits fall in, so none is over. */
type SubscribedTier = (uid: string) => Promise<string | null>;
const noSubscription: SubscribedTier = () => Promise.resolve(null);

const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** Records that the owner was told this month; false when they were already. */
const noteOverLimit = namedQuery("usage.noteOverLimit", async (sql: Queryable, uid: string, month: string, tier: string) => {
  const rows = await sql`INSERT INTO usage_notices (uid, month, tier) VALUES (${uid}, ${month}, ${tier})
    ON CONFLICT (uid, month) DO NOTHING RETURNING uid`;
  return rows.length > 0;
});

const ownerEmail = namedQuery("usage.ownerEmail", async (sql: Queryable, uid: string) => {
  const [row] = await sql<{ email: string }[]>`SELECT email FROM users WHERE uid = ${uid} AND verified`;
  return row?.email ?? null;
});

/** Mails every owner over their tier this month who has not been told yet; returns how many were. */
export async function mailOverLimit(
  db: Pick<Database, "sql">,
  origin: string,
  mailer: Mailer,
  at: Date,
  subscribed: SubscribedTier = noSubscription,
): Promise<number> {
  let sent = 0;
  for (const { uid, visits } of await monthlyVisitsByAccount(db.sql, at)) {
    const usage = usageAgainstTier(visits, await subscribed(uid));
    if (!usage.over || !usage.suggested) continue;
    const email = await ownerEmail(db.sql, uid);
    if (!email || !(await noteOverLimit(db.sql, uid, monthOf(at), usage.tier.key))) continue;
    await mailer.send(usageOverMail(email, visits, usage.tier, usage.suggested, `${origin}/pricing-update?tier=${usage.suggested.key}`));
    sent++;
  }
  return sent;
}

/** What the profile, the plan-change pages and the dashboard banner show about an account's usage. */
export const accountUsage = (ctx: Pick<AppContext, "db">, subscribed: SubscribedTier = noSubscription) =>
  async (uid: string): Promise<AccountUsage> => {
    const at = new Date();
    const [visits, tier, grace] = await Promise.all([monthlyVisits(ctx.db.read, uid, at), subscribed(uid), retentionGraceEnd(ctx.db.sql, uid)]);
    return { visits, month: monthOf(at), subscribedTier: tier, graceUntil: grace?.toISOString() ?? null };
  };

/** The job that mails owners whose visits went past their plan's tier this month. */
export const usageJobs = (ctx: Pick<AppContext, "config" | "db" | "origin">, subscribed: SubscribedTier = noSubscription): MaintenanceJob[] => {
  const mailer = createMailer(ctx.config);
  return [{ name: "usage.overLimit", run: () => mailOverLimit(ctx.db, ctx.origin.value, mailer, new Date(), subscribed) }];
};

