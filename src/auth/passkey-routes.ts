// Passkey endpoints: the security page's list, registration (options, then the browser's signed
// answer) and removal; and the sign-in page's "Sign in with a passkey" (options, then the answer),
// whose options, given a pending sign-in's challenge, are for answering its second step instead.
// Each challenge handed out is a row for five minutes, so the options are rationed (`passkeyChallenges`).
import { Elysia, t } from "elysia";
import type { Config } from "../config";
import { HttpError } from "../http/errors";
import type { Limits } from "../http/limits";
import type { PublicOrigin } from "../origin";
import type { Passkeys } from "./passkeys";
import { listPasskeys } from "./passkeys";
import { assertion, b64url, registration } from "./passkey-schemas";
import { signedInAnswer, token } from "./routes";
import type { AuthService } from "./service";
import { raise, sessionPlugin, signedIn } from "./session-plugin";
import type { Database } from "../db";

const NOT_ADDED = "The passkey was not added. Please try again.";
const NO_SECOND_STEP = "No passkey can finish this sign-in. Please sign in again, or enter a code.";

export function passkeyRoutes(config: Config, db: Database, auth: AuthService, keys: Passkeys, origin: PublicOrigin, limits: Limits) {
  const answer = signedInAnswer(config);
  return new Elysia({ name: "passkey-routes" })
    .use(sessionPlugin(config, auth, origin))
    .get("/api/passkeys", async ({ user }) => ({ passkeys: await listPasskeys(db.sql, signedIn(user).uid) }))
    .post("/api/passkeys/options", ({ user, request, server }) => {
      const me = signedIn(user);
      limits.take("passkeyChallenges", { request, server, account: me.uid });
      return keys.registrationOptions(me);
    })
    .post(
      "/api/passkeys",
      async ({ body, user, set }) => {
        if (!(await keys.register(signedIn(user), body.response, body.name.trim()))) throw new HttpError(400, NOT_ADDED);
        set.status = 201;
        return { ok: true };
      },
      { body: t.Object({ name: t.String({ minLength: 1, maxLength: 60, pattern: "\\S", error: "Name the passkey." }), response: registration }) },
    )
    .delete(
      "/api/passkeys/:id",
      async ({ params, user }) => {
        if (!(await keys.remove(signedIn(user), params.id))) throw new HttpError(404, "No such passkey.");
        return { ok: true };
      },
      { params: t.Object({ id: b64url }) },
    )
    .post(
      "/api/signin/passkey/options",
      async ({ body, request, server }) => {
        limits.take("passkeyChallenges", { request, server });
        if (!body?.challenge) return keys.signInOptions();
        const options = await keys.secondStepOptions(body.challenge);
        if (!options) throw new HttpError(401, NO_SECOND_STEP);
        return options;
      },
      {
        body: t.Optional(
          t.Object({
            challenge: t.Optional({ ...token, description: "A pending sign-in's challenge (POST /api/signin): options for answering its second step." }),
          }),
        ),
      },
    )
    .post(
      "/api/signin/passkey",
      async ({ body, cookie }) => {
        const r = await auth.signInWithPasskey(await keys.signIn(body.response));
        return r.ok ? answer(cookie, r) : raise(r);
      },
      { body: t.Object({ response: assertion }) },
    );
}
