// Deleting an account with what other rooms keep about it, so auth imports none of them; each room
// registers its hooks per database when it is composed. Rows the foreign keys do not cascade to
// (a domain's hits) go in the deletion's own transaction, in the order the rooms registered, so
// the account and all it owns go together or not at all. What lives outside this database
// (billing's Stripe subscription) is asked before the account goes and answers what to do once it
// went, so a refused deletion (the last admin) changes nothing outside, and a failure outside
// (Stripe down) never keeps an account its owner deleted.
import type { Database, Queryable } from "../db";
import { deleteUser } from "./admin-users";

type AfterDeletion = () => Promise<void>;
type DeletionHook = (uid: string) => Promise<AfterDeletion | null>;
type OwnedRows = (tx: Queryable, uid: string) => Promise<void>;

const hooks = new WeakMap<Database, DeletionHook[]>();
const owned = new WeakMap<Database, OwnedRows[]>();

/** Registers what must follow an account's deletion; the hook's after-step handles its own failures. */
export const onAccountDeletion = (db: Database, hook: DeletionHook) => {
  hooks.set(db, [...(hooks.get(db) ?? []), hook]);
};

/** Registers rows a room deletes with an account, inside the deletion's transaction, before the
 * account's own row; a failure rolls the whole deletion back. */
export const onAccountRows = (db: Database, remove: OwnedRows) => {
  owned.set(db, [...(owned.get(db) ?? []), remove]);
};

/** Deletes an account and everything it owns, then runs the registered after-steps; never the last admin. */
export async function deleteAccountOf(db: Database, uid: string) {
  const after = await Promise.all((hooks.get(db) ?? []).map((hook) => hook(uid)));
  const removers = owned.get(db) ?? [];
  const change = await deleteUser(db.sql, uid, async (tx) => {
    for (const remove of removers) await remove(tx, uid);
  });
  if (change === "done") for (const step of after) await step?.();
  return change;
}
