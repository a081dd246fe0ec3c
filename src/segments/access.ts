// Who may keep a domain's saved segments: its owner, its team's editors and admins, and instance
// admins, signed in with a session (an API key reads stats, it does not keep segments).
import type { AppContext } from "../context";
import { signedIn, type User } from "../auth";
import { siteNameById, type Site } from "../domains";
import { HttpError } from "../http/errors";
import { allows } from "../shared/roles";
import { callerOf, statsService } from "../stats";
import { domainOfSegment } from "./queries";

const NOT_YOURS = "Only the domain's owner and editors can keep saved segments on it.";
/** A segment id nobody has, or one of a domain this user may not see. */
export const noSuchSegment = () => new HttpError(404, "No such segment.");

export const segmentAccess = (ctx: Pick<AppContext, "config" | "db">) => {
  const stats = statsService(ctx);

  /** The domain by name and the signed-in user, when they may list and change its segments. */
  const domainFor = async (name: string, user: User | null): Promise<{ domain: Site; me: User }> => {
    const me = signedIn(user);
    // NOTE: the stats room's rule for who sees a domain at all: another account's domain and one
    // that does not exist are the same 404, and an admin sees every domain.
    const { domain, admin, role } = await stats.byName(name, callerOf(null, me));
    // NOTE: as for annotations, a claim (id 0, nothing stored under it) and the demo (everyone
    // reads it, nobody owns it) are 403.
    if (domain.id === 0 || !(admin || allows(role, "editor"))) throw new HttpError(403, NOT_YOURS);
    return { domain, me };
  };

  /** The domain of segment `id`, when this user may change it. */
  const segmentFor = async (id: number, user: User | null): Promise<{ domain: Site; me: User }> => {
    signedIn(user);
    const domainId = await domainOfSegment(ctx.db.sql, id);
    const name = domainId === null ? null : await siteNameById(ctx.db.sql, domainId);
    if (name === null) throw noSuchSegment();
    try {
      return await domainFor(name, user);
    } catch (err) {
      // TRICKY: a segment of a domain this user may not see is no segment to them, the same 404 as
      // an id nobody has, so trying ids tells a stranger nothing.
      throw err instanceof HttpError && err.status === 404 ? noSuchSegment() : err;
    }
  };

  return { domainFor, segmentFor };
};
