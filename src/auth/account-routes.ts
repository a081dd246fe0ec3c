// Signed-in account endpoints beyond sign-in: profile name, API keys (Pro), account deletion.
import { Elysia, t } from "elysia";
import type { Config } from "../config";
import type { Database } from "../db";
import { HttpError } from "../http/errors";
import type { PublicOrigin } from "../origin";
import { isPro } from "../plans";
import { deleteAccountOf } from "./deletion";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys";
import { verifyPassword } from "./passwords";
import { password } from "./routes";
import type { AuthService } from "./service";
import { sessionCookie, sessionPlugin, signedIn } from "./session-plugin";
import { passwordHashOf, updateName } from "./users";

export const LAST_ADMIN = "This is the last admin account: make another admin first.";

export function accountRoutes(config: Config, db: Database, auth: AuthService, origin: PublicOrigin) {
  const sql = () => db.sql;
  const session = sessionCookie(config);
  return new Elysia({ name: "account-routes" })
    .use(sessionPlugin(config, auth, origin))
    .patch(
      "/api/user",
      async ({ body, user }) => {
        await updateName(sql(), signedIn(user).uid, body.name.trim());
        return { ok: true };
      },
      { body: t.Object({ name: t.String({ minLength: 1, maxLength: 100, pattern: "\\S", error: "Enter your name." }) }) },
    )
    .get("/api/api-keys", async ({ user }) => ({ keys: await listApiKeys(sql(), signedIn(user).uid) }))
    .post(
      "/api/api-keys",
      async ({ body, user, set }) => {
        const me = signedIn(user);
        if (!isPro(config, me)) throw new HttpError(403, "API keys are a Pro feature. Upgrade to Pro to create one.");
        set.status = 201;
        return { apiKey: await createApiKey(sql(), me.uid, body.name.trim()) };
      },
      { body: t.Object({ name: t.String({ minLength: 1, maxLength: 60, pattern: "\\S", error: "Name the key." }) }) },
    )
    .delete(
      "/api/api-keys/:id",
      async ({ params, user }) => {
        // NOTE: a key of another user answers exactly like a key that does not exist.
        if (!(await revokeApiKey(sql(), signedIn(user).uid, params.id))) throw new HttpError(404, "No such API key.");
        return { ok: true };
      },
      { params: t.Object({ id: t.String({ format: "uuid", error: "No such API key." }) }) },
    )
    .post(
      "/api/account/delete",
      async ({ body, user, cookie }) => {
        const me = signedIn(user);
        const hash = await passwordHashOf(sql(), me.uid);
        if (!hash || !(await verifyPassword(body.password, hash))) {
          throw new HttpError(400, "Your password is not right.", { password: "Your password is not right." });
        }
        if ((await deleteAccountOf(db, me.uid)) === "last-admin") throw new HttpError(409, LAST_ADMIN);
        if (session.held(cookie)) session.clear(cookie);
        return { ok: true };
      },
      { body: t.Object({ password }) },
    );
}
