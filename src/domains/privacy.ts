// The facts behind a domain's privacy notice (/privacy/{domain}): how long its records are kept and
// shown. Only a verified domain whose owner turned the notice on has one; any other name, registered
// or not, has none, so the page tells a stranger nothing the owner did not choose to publish.
import type { AppContext } from "../context";
import { namedQuery, type Queryable } from "../db";
import { FREE_HISTORY_DAYS, isPro } from "../plans";

export type PrivacyNotice = {
  domain: string;
  /** Days after which its records are deleted; null when they are kept until the website is deleted. */
  deletedAfterDays: number | null;
  /** Days of history its owner's plan shows; null when the plan shows all of it. */
  shownDays: number | null;
};

const HOST_NAME = /^[a-z0-9.-]{1,253}$/;

const noticeSite = namedQuery("domains.privacyNotice", async (sql: Queryable, name: string) => {
  const [row] = await sql<{ name: string; retentionDays: number | null; ownerScope: string[] | null }[]>`
    SELECT d.name, d.retention_days AS "retentionDays", u.scope AS "ownerScope"
    FROM domains d LEFT JOIN users u ON u.uid = d.owner
    WHERE d.name = ${name} AND d.privacy_page AND d.verified_at IS NOT NULL AND d.deleted_at IS NULL`;
  return row ?? null;
});

/** The notice of `domain`, or null when it has none to show. */
export const privacyNotice =
  ({ config, db }: Pick<AppContext, "config" | "db">) =>
  async (domain: string): Promise<PrivacyNotice | null> => {
    const name = domain.toLowerCase();
    // NOTE: stored names are ASCII host names (./host.ts); anything else has no notice, and a NUL
    // would be an error in PostgreSQL rather than a 404.
    if (!HOST_NAME.test(name)) return null;
    const row = await noticeSite(db.sql, name);
    if (!row) return null;
    // NOTE: a domain without an owner (the demo's) is governed by no plan's limit.
    const pro = !row.ownerScope || isPro(config, { scope: row.ownerScope });
    return { domain: row.name, deletedAfterDays: row.retentionDays, shownDays: pro ? null : FREE_HISTORY_DAYS };
  };
