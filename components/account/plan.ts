// Pro and admin as the pages see them: Pro for everyone in beta, else by scope. The same
// rule as src/plans isPro, which reads the config the pages only get as the `beta` flag.
import type { SessionUser } from "../../src/web/page";

export const isProUser = (user: SessionUser, beta: boolean) => beta || user.scope.includes("pro");
export const isAdmin = (user: SessionUser | null) => !!user?.scope.includes("admin");
