// Named queries over a domain's team (sql/104_domain_members.sql): its members and their roles,
// the invites that wait for their mailed link, and the activity list of what was done to both.
// Members are kept by account, invites by address; both go with the domain (and a member's row with
// their account).
import { namedQuery, type Queryable } from "../db";
import type { MemberRole, Role } from "../shared/roles";
import { bumpStatsEpochs } from "./epoch";
import { DOMAIN_COLUMNS, type Domain } from "./queries";

/** Days a mailed invite link works. */
export const INVITE_DAYS = 7;

type Member = { email: string; name: string; role: Role; since: Date };
type Invite = { email: string; role: MemberRole; created: Date };
type Activity = { at: Date; actor: string; action: string; target: string | null; detail: string | null };

/** The role `uid` holds on domain `domainId` as a member (not as its owner); null when none. */
const memberRole = namedQuery("domains.memberRole", async (sql: Queryable, domainId: number, uid: string) => {
  const [row] = await sql<{ role: MemberRole }[]>`SELECT role FROM domain_members WHERE domain_id = ${domainId} AND uid = ${uid}`;
  return row?.role ?? null;
});

/** The domains shared with `uid`, each with their role and its owner's plan, as the domains list shows them. */
export const sharedDomains = namedQuery("domains.shared", (sql: Queryable, uid: string) =>
  sql<(Domain & { role: MemberRole; ownerScope: string[] })[]>`
    SELECT ${sql.unsafe(DOMAIN_COLUMNS)}, m.role, (SELECT scope FROM users WHERE uid = domains.owner) AS "ownerScope" FROM domains JOIN domain_members m ON m.domain_id = domains.id
    WHERE m.uid = ${uid} AND domains.deleted_at IS NULL ORDER BY name`,
);

/** A domain shared with `uid`, with their role and the owner it belongs to; null when none. */
export const sharedDomain = namedQuery("domains.sharedOne", async (sql: Queryable, uid: string, name: string) => {
  const [row] = await sql<(Domain & { role: MemberRole; owner: string; ownerScope: string[] })[]>`
    SELECT ${sql.unsafe(DOMAIN_COLUMNS)}, m.role, domains.owner, (SELECT scope FROM users WHERE uid = domains.owner) AS "ownerScope"
    FROM domains JOIN domain_members m ON m.domain_id = domains.id
    WHERE m.uid = ${uid} AND domains.name = ${name} AND domains.deleted_at IS NULL`;
  return row ?? null;
});

/** The owner first, then the members by address. */
export const listMembers = namedQuery("domains.members", (sql: Queryable, domainId: number) =>
  sql<Member[]>`
    SELECT email, name, role, since FROM (
      SELECT u.email, u.name, 'owner' AS role, d.created AS since FROM domains d JOIN users u ON u.uid = d.owner WHERE d.id = ${domainId}
      UNION ALL
      SELECT u.email, u.name, m.role, m.added FROM domain_members m JOIN users u ON u.uid = m.uid WHERE m.domain_id = ${domainId}
    ) team ORDER BY role = 'owner' DESC, email`,
);

export const listInvites = namedQuery("domains.invites", (sql: Queryable, domainId: number) =>
  sql<Invite[]>`SELECT email, role, created FROM domain_invites WHERE domain_id = ${domainId} ORDER BY email`,
);

/** A new invite, or a new link and role for one already waiting (the old link stops working). */
export const putInvite = namedQuery(
  "domains.putInvite",
  async (sql: Queryable, domainId: number, email: string, role: MemberRole, tokenHash: string) => {
    await sql`INSERT INTO domain_invites (domain_id, email, role, token_hash) VALUES (${domainId}, ${email}, ${role}, ${tokenHash})
      ON CONFLICT (domain_id, email) DO UPDATE SET role = EXCLUDED.role, token_hash = EXCLUDED.token_hash, created = now()`;
  },
);

/** Removes a waiting invite; false when there was none. */
export const deleteInvite = namedQuery("domains.deleteInvite", async (sql: Queryable, domainId: number, email: string) =>
  (await sql`DELETE FROM domain_invites WHERE domain_id = ${domainId} AND email = ${email}`).count > 0,
);

/**
 * Accepts the invites whose link hashes to `tokenHash` (one, or one per domain of an invite to all
 * an owner's domains, stored as `{hash}:{domain id}`) for the account `uid` of address `email`: it
 * becomes a member of each (an owner stays owner), and the invites are gone. Empty when no live
 * invite of that address has this link. Run it inside the caller's transaction.
 */
export const acceptInvite = namedQuery("domains.acceptInvite", async (tx: Queryable, tokenHash: string, uid: string, email: string) => {
  const invites = await tx<{ domainId: number; role: MemberRole; name: string; owner: string }[]>`
    DELETE FROM domain_invites i USING domains d
    WHERE split_part(i.token_hash, ':', 1) = ${tokenHash} AND i.email = ${email} AND d.id = i.domain_id AND d.deleted_at IS NULL
      AND i.created > now() - make_interval(days => ${INVITE_DAYS})
    RETURNING i.domain_id AS "domainId", i.role, d.name, d.owner`;
  for (const invite of invites.filter((i) => i.owner !== uid)) {
    await tx`INSERT INTO domain_members (domain_id, uid, role) VALUES (${invite.domainId}, ${uid}, ${invite.role})
      ON CONFLICT (domain_id, uid) DO UPDATE SET role = EXCLUDED.role`;
  }
  return invites.sort((a, b) => a.name.localeCompare(b.name));
});

/** The member of this address on the domain: their account id and plan (scope); null when none. */
export const memberByEmail = namedQuery("domains.memberByEmail", async (sql: Queryable, domainId: number, email: string) => {
  const [row] = await sql<{ uid: string; role: MemberRole; scope: string[] }[]>`
    SELECT m.uid, m.role, u.scope FROM domain_members m JOIN users u ON u.uid = m.uid WHERE m.domain_id = ${domainId} AND u.email = ${email}`;
  return row ?? null;
});

export const setMemberRole = namedQuery("domains.setMemberRole", async (sql: Queryable, domainId: number, uid: string, role: MemberRole) => {
  await sql`UPDATE domain_members SET role = ${role} WHERE domain_id = ${domainId} AND uid = ${uid}`;
});

export const removeMember = namedQuery("domains.removeMember", async (sql: Queryable, domainId: number, uid: string) => {
  await sql`DELETE FROM domain_members WHERE domain_id = ${domainId} AND uid = ${uid}`;
});

/** Makes member `to` the owner and the old owner an admin. Run it inside the caller's transaction. */
export const transferOwnership = namedQuery("domains.transfer", async (tx: Queryable, domainId: number, from: string, to: string) => {
  await tx`DELETE FROM domain_members WHERE domain_id = ${domainId} AND uid = ${to}`;
  await tx`UPDATE domains SET owner = ${to} WHERE id = ${domainId}`;
  await tx`INSERT INTO domain_members (domain_id, uid, role) VALUES (${domainId}, ${from}, 'admin')`;
  // NOTE: what the stats answer follows the owner's plan (its history window, Pro sections): cached
  // answers read under the old owner's retire with a new stats epoch, as on a plan change.
  await bumpStatsEpochs(tx, [domainId]);
});

export const recordActivity = namedQuery(
  "domains.recordActivity",
  async (sql: Queryable, domainId: number, actor: string, action: string, target: string | null = null, detail: string | null = null) => {
    await sql`INSERT INTO domain_activity (domain_id, actor_email, action, target_email, detail)
      VALUES (${domainId}, ${actor}, ${action}, ${target}, ${detail})`;
  },
);

/** The domain's last 200 activity lines, newest first. */
export const listActivity = namedQuery("domains.activity", (sql: Queryable, domainId: number) =>
  sql<Activity[]>`SELECT at, actor_email AS actor, action, target_email AS target, detail FROM domain_activity
    WHERE domain_id = ${domainId} ORDER BY at DESC, id DESC LIMIT 200`,
);

/**
 * The role `uid` holds on a domain: "owner", a member's role, or null. The one rule every
 * domain-scoped route decides by (the stats room asks it for each read, uncached, so a removed
 * member loses access at once). A claim (id 0) is its owner's only.
 */
export const roleOn = async (sql: Queryable, uid: string, site: { id: number; owner: string | null }): Promise<Role | null> =>
  site.owner === uid ? "owner" : site.id > 0 ? memberRole(sql, site.id, uid) : null;
