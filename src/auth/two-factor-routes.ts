// The settings page's two-factor endpoints: its state, setting up an authenticator app (after the
// password: a session left open on a shared computer must not be able to lock its owner out),
// confirming it with a first code (which answers the recovery codes, once), and switching it off.
import { Elysia, t } from "elysia";
import type { Config } from "../config";
import type { PublicOrigin } from "../origin";
import { code, password } from "./routes";
import type { AuthService } from "./service";
import { raise, sessionPlugin, signedIn } from "./session-plugin";
import type { TwoFactor } from "./two-factor";

export function twoFactorRoutes(config: Config, auth: AuthService, twoFactor: TwoFactor, origin: PublicOrigin) {
  return new Elysia({ name: "two-factor-routes" })
    .use(sessionPlugin(config, auth, origin))
    .get("/api/2fa", ({ user }) => twoFactor.status(signedIn(user).uid))
    .post(
      "/api/2fa/setup",
      async ({ body, user }) => {
        const r = await twoFactor.setup(signedIn(user), body.password);
        return r.ok ? { secret: r.secret, uri: r.uri, qr: r.qr } : raise(r);
      },
      { body: t.Object({ password }) },
    )
    .post(
      "/api/2fa/enable",
      async ({ body, user }) => {
        const r = await twoFactor.enable(signedIn(user), body.code);
        return r.ok ? { recoveryCodes: r.recoveryCodes } : raise(r);
      },
      { body: t.Object({ code }) },
    )
    .post(
      "/api/2fa/disable",
      async ({ body, user }) => {
        const r = await twoFactor.disable(signedIn(user), body.password, body.code);
        return r.ok ? { ok: true } : raise(r);
      },
      { body: t.Object({ password, code }) },
    );
}
