// Named queries over `domains` for the admin area: every domain of every account, with its owner.
import { namedQuery } from "../db";

export type AdminDomain = {
  id: number;
  name: string;
  owner: string | null;
  ownerEmail: string | null;
  ownerScope: string[];
  verified: boolean;
  created: Date;
  tz: string;
  public: boolean;
};

const COLUMNS = `d.id, d.name, d.owner, u.email AS "ownerEmail", coalesce(u.scope, '{}') AS "ownerScope",
  d.verified_at IS NOT NULL AS verified, d.created, d.tz, d.public`;

/** Every live domain, by name; `owner` narrows it to one account's. */
export const allDomains = namedQuery("domains.all", (sql, owner?: string) =>
  sql<AdminDomain[]>`
    SELECT ${sql.unsafe(COLUMNS)} FROM domains d LEFT JOIN users u ON u.uid = d.owner
    WHERE d.deleted_at IS NULL AND (${owner ?? null}::uuid IS NULL OR d.owner = ${owner ?? null})
    ORDER BY d.name`,
);
