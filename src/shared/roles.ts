// The roles an account may hold on a domain, and what each may do: the server decides every
// domain-scoped route by them (src/domains/access.ts) and the settings pages show and offer them.
// Each role may do everything the roles before it may.

export const ROLES = ["viewer", "editor", "admin", "owner"] as const;
export type Role = (typeof ROLES)[number];
/** The roles an owner may give by invite (there is one owner; transferring is its own step). */
export const MEMBER_ROLES = ["viewer", "editor", "admin"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** What each role adds, as the settings page and the docs word it. */
export const ROLE_DUTIES: Record<Role, string> = {
  viewer: "reads the dashboard and exports",
  editor: "also keeps goals, segments, annotations, alerts and sharing",
  admin: "also manages members and may delete the domain",
  owner: "also holds the plan; usage counts on it",
};

/** True when `role` may do what `need` may (null: no role at all). */
export const allows = (role: Role | null, need: Role): boolean => role !== null && ROLES.indexOf(role) >= ROLES.indexOf(need);
