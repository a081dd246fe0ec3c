// The plan rules both the server and the pages read: the free plan's limits, and who counts as
// Pro (everyone in beta, else the `pro` scope) or admin. The server's src/plans adds the config.

/** Days of history a free account sees in the date picker and keeps. */
export const FREE_HISTORY_DAYS = 30;
/** Websites a free account may add. */
export const FREE_DOMAIN_LIMIT = 2;

export type Scoped = { scope: readonly string[] };

export const hasProScope = (user: Scoped, beta: boolean): boolean => beta || user.scope.includes("pro");
export const hasAdminScope = (user: Scoped | null): boolean => !!user?.scope.includes("admin");
