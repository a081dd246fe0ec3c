// Who may keep a domain's goals: its owner, its team's editors and admins, and instance admins,
// signed in with a session. Everyone who reads
// the domain's stats (a public dashboard, a Pro API key) reads its goals in the GOALS answer instead.
import type { AppContext } from "../context";
import { signedIn, type User } from "../auth";
import type { Site } from "../domains";
import { HttpError } from "../http/errors";
import { allows } from "../shared/roles";
import { callerOf, statsService } from "../stats";

const NOT_YOURS = "Only the domain's owner and editors can keep goals on it.";

export const goalAccess = (ctx: Pick<AppContext, "config" | "db">) => {
  const stats = statsService(ctx);
  /** The domain by name, when this user may list and change its goals. */
  return async (name: string, user: User | null): Promise<Site> => {
    const me = signedIn(user);
    // NOTE: the stats room's rule for who sees a domain at all: another account's domain and one
    // that does not exist are the same 404, and an admin sees every domain.
    const { domain, admin, role } = await stats.byName(name, callerOf(null, me));
    // NOTE: as for segments, a claim (id 0, nothing stored under it) and the demo (everyone reads
    // it, nobody owns it) are 403.
    if (domain.id === 0 || !(admin || allows(role, "editor"))) throw new HttpError(403, NOT_YOURS);
    return domain;
  };
};
