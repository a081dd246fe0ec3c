// Deleting an account, with what other rooms keep about it outside this database (billing's Stripe
// subscription). A room registers a hook per database; each hook is asked before the account goes
// and answers what to do once it went, so a refused deletion (the last admin) changes nothing
// outside, and a failure outside (Stripe down) never keeps an account its owner deleted.
import type { Database } from "../db";
import { deleteUser } from "./admin-users";

type AfterDeletion = () => Promise<void>;
type DeletionHook = (uid: string) => Promise<AfterDeletion | null>;

const hooks = new WeakMap<Database, DeletionHook[]>();

/** Registers what must follow an account's deletion; the hook's after-step handles its own failures. */
export const onAccountDeletion = (db: Database, hook: DeletionHook) => {
  hooks.set(db, [...(hooks.get(db) ?? []), hook]);
};

/** Deletes an account and everything it owns, then runs the registered after-steps; never the last admin. */
export async function deleteAccountOf(db: Database, uid: string) {
  const after = await Promise.all((hooks.get(db) ?? []).map((hook) => hook(uid)));
  const change = await deleteUser(db.sql, uid);
  if (change === "done") for (const step of after) await step?.();
  return change;
}
