// Who is signed in, as the pages and guards see it. The default provider always answers "nobody"
// (the web room's own tests use it); src/app.ts passes the auth room's (session cookie → user).
import type { SessionUser } from "./guards";

export type CurrentUserProvider = (request: Request) => Promise<SessionUser | null>;

export const nobodySignedIn: CurrentUserProvider = async () => null;
