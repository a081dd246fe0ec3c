// Users: named queries over the `users` table. Emails are stored lower-cased.
import { namedQuery } from "../db";

export type User = {
  uid: string;
  email: string;
  name: string;
  scope: string[];
  verified: boolean;
  created: Date;
  /** Set when REQUIRE_ADMIN_2FA holds this admin's admin scope back until two-factor sign-in is on. */
  twoFactorDue?: true;
};
type UserRow = User & { password_hash: string; disabled: boolean };

const COLUMNS = "uid, email, name, scope, verified, created";

export const createUser = namedQuery(
  "users.create",
  async (sql, u: { email: string; name: string; passwordHash: string; scope?: string[]; verified?: boolean }) => {
    const [row] = await sql<User[]>`
      INSERT INTO users (email, name, password_hash, scope, verified)
      VALUES (${u.email.toLowerCase()}, ${u.name}, ${u.passwordHash}, ${u.scope ?? []}, ${u.verified ?? false})
      ON CONFLICT (email) DO NOTHING
      RETURNING ${sql.unsafe(COLUMNS)}`;
    return row ?? null; // null: the email is taken
  },
);

export const userById = namedQuery("users.byId", async (sql, uid: string) => {
  const [row] = await sql<User[]>`SELECT ${sql.unsafe(COLUMNS)} FROM users WHERE uid = ${uid}`;
  return row ?? null;
});

export const userWithHashByEmail = namedQuery("users.withHashByEmail", async (sql, email: string) => {
  const [row] = await sql<UserRow[]>`
    SELECT ${sql.unsafe(COLUMNS)}, password_hash, disabled_at IS NOT NULL AS disabled FROM users WHERE email = ${email.toLowerCase()}`;
  return row ?? null;
});

export const passwordHashOf = namedQuery("users.passwordHash", async (sql, uid: string) => {
  const [row] = await sql<{ password_hash: string }[]>`SELECT password_hash FROM users WHERE uid = ${uid}`;
  return row?.password_hash ?? null;
});

export const setPasswordHash = namedQuery("users.setPasswordHash", async (sql, uid: string, hash: string) => {
  await sql`UPDATE users SET password_hash = ${hash} WHERE uid = ${uid}`;
});

export const markVerified = namedQuery("users.markVerified", async (sql, uid: string) => {
  await sql`UPDATE users SET verified = true WHERE uid = ${uid}`;
});

export const updateName = namedQuery("users.updateName", async (sql, uid: string, name: string) => {
  await sql`UPDATE users SET name = ${name} WHERE uid = ${uid}`;
});

/** The user behind an access token signed at `epoch`, or null once the epoch has moved on. */
export const userByIdAtEpoch = namedQuery("users.byIdAtEpoch", async (sql, uid: string, epoch: number) => {
  const [row] = await sql<User[]>`SELECT ${sql.unsafe(COLUMNS)} FROM users WHERE uid = ${uid} AND token_epoch = ${epoch}`;
  return row ?? null;
});

export const tokenEpochOf = namedQuery("users.tokenEpoch", async (sql, uid: string) => {
  const [row] = await sql<{ token_epoch: number }[]>`SELECT token_epoch FROM users WHERE uid = ${uid}`;
  return row?.token_epoch ?? 0;
});

/** Refuses every access token issued to the user so far. */
export const bumpTokenEpoch = namedQuery("users.bumpTokenEpoch", async (sql, uid: string) => {
  await sql`UPDATE users SET token_epoch = token_epoch + 1 WHERE uid = ${uid}`;
});
