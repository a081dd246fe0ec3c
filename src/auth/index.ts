// The auth room: accounts, sessions and the endpoints around them. Other rooms and the pages ask
// `currentUser(request)` who is signed in; nothing outside this folder reads sessions directly.
import type { AppContext } from "../app";
import { createMailer } from "../mail";
import { authRoutes, SESSION_COOKIE } from "./routes";
import { resolveSecret } from "./secret";
import { createAuthService, type AuthService } from "./service";

export type { User } from "./users";
export { publicUser, SESSION_COOKIE } from "./routes";
export { assertSameOrigin } from "./origin";

const cookieValue = (header: string | null, name: string): string | undefined => {
  for (const part of header?.split(";") ?? []) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
};

export function authRoom(ctx: AppContext) {
  const auth = createAuthService({ db: ctx.db, mailer: createMailer(ctx.config), secret: resolveSecret(ctx.config) });
  services.set(ctx.db, auth);
  return authRoutes(ctx.config, auth);
}

// NOTE: keyed by database so several apps in one test process never see each other's users.
const services = new WeakMap<object, AuthService>();

/** Who is signed in on this request (x-access-token or the session cookie), or null. */
export async function currentUser(ctx: Pick<AppContext, "db">, request: Request) {
  const auth = services.get(ctx.db);
  if (!auth) throw new Error("currentUser: the auth room is not mounted");
  return auth.userFor({
    accessToken: request.headers.get("x-access-token"),
    cookie: cookieValue(request.headers.get("cookie"), SESSION_COOKIE),
  });
}
