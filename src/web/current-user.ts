// Who is signed in, as the pages and guards see it. This issue ships the provider that always
// answers "nobody"; the accounts issue passes its own (session cookie → user) to webRoom.
import type { SessionUser } from "./guards";

export type CurrentUserProvider = (request: Request) => Promise<SessionUser | null>;

export const nobodySignedIn: CurrentUserProvider = async () => null;
