// Who may read a domain's stats, decided at the edge before any stats query runs: the owner and the
// members of its team (the domains room's roleOn, asked on every read, never cached); an
// admin (flagged, so the dashboard shows its notice, and written to the admin audit log); a Pro API
// key of the owner; anyone for the demo domain; and, through the public endpoint, anyone holding a
// public dashboard's id (and its password when it has one). Every other case looks exactly like a
// domain that does not exist: 404, never 403, which would tell a stranger that the name is counted.
import { hasAdminScope } from "../shared/plans";
import type { AppContext } from "../context";
import { recordAdminRead, type AdminRead } from "../admin";
import { bearerKey, guardedPasswords, proKeyHolder, type User } from "../auth";
import { greenCheck } from "../carbon";
import { busiestSites, claimedSite, roleOn, siteByName, siteByPublicId, type Site } from "../domains";
import type { Role } from "../shared/roles";
import { HttpError } from "../http/errors";
import { retryAfter } from "../http/rate-limit";
import { FREE_HISTORY_DAYS, isPro, mayExport, type PlanConfig } from "../plans";
import type { DataType } from "./contract";
import { isDemoRow } from "../demo";
import type { StatsTarget } from "./read";
import { recentLookups } from "./recent";

const NO_SUCH_DOMAIN = "No such domain.";
const PASSWORD_REQUIRED = "This dashboard is protected by a password.";
const WRONG_PASSWORD = "Wrong password.";
const NOT_PRO = "The API is a Pro feature.";
const TOO_MANY_GUESSES = "Too many attempts. Please wait a few minutes and try again.";

const notFound = () => new HttpError(404, NO_SUCH_DOMAIN);

/** A public dashboard offers its stats for download when its owner switched Downloads on and the
 * owner's plan has exports. */
export const offersDownloads = (config: PlanConfig, site: Pick<Site, "publicExport" | "ownerScope">): boolean =>
  site.publicExport && site.ownerScope !== null && mayExport(config, { scope: site.ownerScope });

/** The credential a request to /api/stats carries: an API key wins over the session. */
/** Who reads: a session needs only its account's id and scope. */
type Viewer = Pick<User, "uid" | "scope">;
type Caller = { kind: "key"; key: string } | { kind: "session"; user: Viewer | null };

/** `Authorization: Bearer <key>` → the key; any other Authorization scheme is refused, not ignored. */
export function callerOf(authorization: string | null, user: User | null): Caller {
  if (authorization === null) return { kind: "session", user };
  return { kind: "key", key: bearerKey(authorization) };
}

export function statsAccess({ config, db }: Pick<AppContext, "config" | "db">) {
  const green = greenCheck(config.GREENCHECK_API_BASE);
  // NOTE: dashboard passwords are charged per public id and client, as sign-in charges an account
  // and a client.
  const passwords = guardedPasswords();
  // NOTE: while the database is slow, these take the last answer, at most a few seconds old (recent.ts).
  const byName = recentLookups((name) => siteByName(db.sql, name));
  const byPublicId = recentLookups((publicId) => siteByPublicId(db.sql, publicId));

  const holder = proKeyHolder({ config, db });
  const keyHolder = (key: string) => holder(key, NOT_PRO);

  return {
    /**
     * /api/stats: the domain by name for this caller, their role on it (null for the demo's visitors
     * and an admin's read) and whether they read it as an admin. With `read` (what the caller
     * reads), an admin's read is written to the audit log first.
     */
    async byName(name: string, caller: Caller, read?: AdminRead["what"]): Promise<{ domain: Site; admin: boolean; role: Role | null }> {
      const viewer = caller.kind === "key" ? await keyHolder(caller.key) : caller.user;
      const domain = await byName(name.toLowerCase());
      if (domain && isDemoRow(config, domain)) return { domain, admin: false, role: null };
      if (!viewer) throw new HttpError(401, "Please sign in.");
      if (domain?.owner === viewer.uid) return { domain, admin: false, role: "owner" };
      // NOTE: an API key reads its holder's own domains only, not those shared with them.
      const role = domain && caller.kind === "session" ? await roleOn(db.sql, viewer.uid, domain) : null;
      if (domain && role) return { domain, admin: false, role };
      const claim = await claimedSite(db.sql, viewer, name.toLowerCase());
      if (claim) return { domain: claim, admin: false, role: "owner" };
      if (!domain) throw notFound();
      // NOTE: an API key reads its holder's own domains only, even when the holder is an admin.
      if (caller.kind === "session" && hasAdminScope(viewer)) {
        if (read) await recordAdminRead(db.sql, { admin: viewer.uid, owner: domain.owner, domain: domain.name, what: read });
        return { domain, admin: true, role: null };
      }
      throw notFound();
    },

    /** /api/stats-public: a public dashboard by its id, behind its password when it has one. */
    async byPublicId(publicId: string, password: string | null, client: string): Promise<Site> {
      const domain = await byPublicId(publicId);
      if (!domain || !domain.public) throw notFound();
      if (domain.passwordHash === null) return domain;
      if (password === null) throw new HttpError(401, PASSWORD_REQUIRED, undefined, undefined, "password-required");
      const guess = await passwords(`${publicId}|${client}`, password, domain.passwordHash);
      if (guess.blocked) throw new HttpError(429, TOO_MANY_GUESSES, undefined, retryAfter(guess));
      if (!guess.ok) throw new HttpError(401, WRONG_PASSWORD, { password: WRONG_PASSWORD }, undefined, "wrong-password");
      return domain;
    },

    /**
     * The busiest domains of the last day (at most `limit`): the dashboards likeliest to open next.
     * NOTE: on the primary, like every domain lookup here; only the stats reads go to the replica.
     */
    busiest: (limit: number) => busiestSites(db.sql, limit),

    /** What readStats needs to know about the domain: plan, history window, demo, green hosting. */
    async target(domain: Site, dataType: DataType): Promise<StatsTarget> {
      // NOTE: the history window follows the same rule as the sections and as retention
      // (src/plans/retention.ts): a domain with the pro scope, or one of a Pro owner, keeps everything.
      const pro = domain.scope.includes("pro") || isPro(config, { scope: domain.ownerScope ?? [] });
      // NOTE: only carbonTotals, GOALS' CO2 per conversion, FUNNEL's and SPEED's grams read the green flag,
      // so only an unlocked PATH, GOALS, FUNNEL or SPEED read asks for it: the first check of a host can take the client's whole timeout,
      // which SUMMARY must never wait for.
      const verdict = (dataType === "PATH" || dataType === "GOALS" || dataType === "FUNNEL" || dataType === "SPEED") && pro ? (await green(domain.name)).green : "unknown";
      return {
        id: domain.id, name: domain.name, tz: domain.tz, created: domain.created, publicId: domain.publicId, pro,
        historyDays: pro ? null : FREE_HISTORY_DAYS, demo: isDemoRow(config, domain), green: verdict,
      };
    },
  };
}

export type StatsAccess = ReturnType<typeof statsAccess>;
