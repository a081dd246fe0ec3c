// Who may import into a domain, see its imports and delete them: its owner, its team's admins and
// instance admins with a session, or the owner's Pro API key (the stats room decides who sees a
// domain at all, and checks the key).
import type { AppContext } from "../context";
import { signedIn, type User } from "../auth";
import type { Site } from "../domains";
import { HttpError } from "../http/errors";
import { allows } from "../shared/roles";
import { callerOf, statsService } from "../stats";
import { importById } from "./queries";

const NOT_YOURS = "Only the domain's owner and admins can import history into it.";
/** An import id nobody has, or one of a domain this caller may not see. */
const noSuchImport = () => new HttpError(404, "No such import.");

export const importAccess = (ctx: Pick<AppContext, "config" | "db">) => {
  const stats = statsService(ctx);

  /** The domain by name, when this caller (session or `Authorization: Bearer` key) may import into it. */
  const domainFor = async (name: string, request: Request, user: User | null): Promise<Site> => {
    const caller = callerOf(request.headers.get("authorization"), user);
    if (caller.kind === "session") signedIn(user);
    // NOTE: the stats room's rule: another account's domain and one that does not exist are the
    // same 404, an admin's session sees every domain, and a key reads only its holder's domains.
    const { domain, admin, role } = await stats.byName(name, caller);
    // NOTE: a claim (id 0, nothing stored under it) and the demo (nobody owns it) are 403.
    const owns = caller.kind === "key" ? domain.owner !== null : admin || allows(role, "admin");
    if (domain.id === 0 || !owns) throw new HttpError(403, NOT_YOURS);
    return domain;
  };

  /** Import `id` and its domain, when this caller may see and delete it. */
  const importFor = async (id: number, request: Request, user: User | null) => {
    const task = await importById(ctx.db.sql, id);
    if (!task) {
      // NOTE: the caller's credentials are checked first, so a stranger's 401 comes before any 404.
      if (request.headers.get("authorization") === null) signedIn(user);
      throw noSuchImport();
    }
    try {
      return { task, domain: await domainFor(task.domain, request, user) };
    } catch (err) {
      // TRICKY: an import of a domain this caller may not see is no import to them, the same 404 as
      // an id nobody has, so trying ids tells a stranger nothing.
      throw err instanceof HttpError && (err.status === 404 || err.status === 403) ? noSuchImport() : err;
    }
  };

  return { domainFor, importFor };
};
