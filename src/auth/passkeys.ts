// Passkeys (WebAuthn through @simplewebauthn/server): registering one from the security page (and
// removing it, both in the audit log), signing in with one instead of a password (and a code: a
// passkey is both what you have and, through the device's lock, what you know), and answering a
// password sign-in's second step with one instead of a code. The relying party
// is the public origin (BASE_URL, or the address the server listens on), never a request's headers,
// so a proxy's Host cannot move it.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { namedQuery, type Database } from "../db";
import type { PublicOrigin } from "../origin";
import type { Audit } from "./oidc";
import { hashToken } from "./tokens";
import { challengeOf } from "./two-factor-store";
import type { User } from "./users";

type Purpose = "register" | "signin" | "second-step";
/** Whom a challenge is for: a user (none for a passkey sign-in) and, for a second step, the pending sign-in's token hash. */
type Bound = { uid: string | null; purpose: Purpose; pending?: Buffer };
const CHALLENGE_MINUTES = 5;

const storeChallenge = namedQuery("passkeys.challenge", async (sql, challenge: string, { uid, purpose, pending }: Bound) => {
  await sql`DELETE FROM webauthn_challenges WHERE expires <= now()`;
  await sql`
    INSERT INTO webauthn_challenges (challenge, uid, purpose, pending, expires)
    VALUES (${challenge}, ${uid}, ${purpose}, ${pending ?? null}, now() + make_interval(mins => ${CHALLENGE_MINUTES}))`;
});

/** Uses up a live challenge bound to exactly this purpose, user and pending sign-in: false when there is none. */
const takeChallenge = namedQuery("passkeys.takeChallenge", async (sql, challenge: string, { uid, purpose, pending }: Bound) => {
  const rows = await sql`
    DELETE FROM webauthn_challenges
    WHERE challenge = ${challenge} AND purpose = ${purpose} AND uid IS NOT DISTINCT FROM ${uid}
      AND pending IS NOT DISTINCT FROM ${pending ?? null} AND expires > now()
    RETURNING challenge`;
  return rows.length > 0;
});

type PasskeyRow = { id: string; uid: string; publicKey: Buffer; counter: string; transports: string[] };

const passkeyById = namedQuery("passkeys.byId", async (sql, id: string) => {
  const [row] = await sql<PasskeyRow[]>`SELECT id, uid, public_key AS "publicKey", counter::text, transports FROM passkeys WHERE id = ${id}`;
  return row ?? null;
});

export const listPasskeys = namedQuery("passkeys.list", (sql, uid: string) =>
  sql<{ id: string; name: string; created: Date; lastUsed: Date | null }[]>`
    SELECT id, name, created, last_used AS "lastUsed" FROM passkeys WHERE uid = ${uid} ORDER BY created`,
);

const addPasskey = namedQuery(
  "passkeys.add",
  async (sql, uid: string, p: { id: string; publicKey: Uint8Array; counter: number; transports: string[]; name: string }) => {
    await sql`
      INSERT INTO passkeys (id, uid, public_key, counter, transports, name)
      VALUES (${p.id}, ${uid}, ${Buffer.from(p.publicKey)}, ${p.counter}, ${p.transports}, ${p.name})`;
  },
);

const usedPasskey = namedQuery("passkeys.used", async (sql, id: string, counter: number) => {
  await sql`UPDATE passkeys SET counter = ${counter}, last_used = now() WHERE id = ${id}`;
});

const removePasskey = namedQuery("passkeys.remove", async (sql, uid: string, id: string) => {
  const [row] = await sql<{ name: string }[]>`DELETE FROM passkeys WHERE uid = ${uid} AND id = ${id} RETURNING name`;
  return row?.name ?? null;
});

export function passkeys(db: Database, origin: PublicOrigin, audit: Audit) {
  const sql = db.sql;
  const party = () => {
    const url = new URL(origin.value);
    return { rpID: url.hostname, expectedOrigin: url.origin };
  };
  /** The challenge the browser signed, checked and used up as part of the verification. */
  const challengeCheck = (bound: Bound) => (challenge: string) => takeChallenge(sql, challenge, bound);

  /** Whether the answer is this passkey's signature over a live challenge bound as said; a good one moves its counter on. */
  const verified = async (key: PasskeyRow, response: AuthenticationResponseJSON, bound: Bound): Promise<boolean> => {
    const { rpID, expectedOrigin } = party();
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challengeCheck(bound),
      expectedOrigin,
      expectedRPID: rpID,
      credential: { id: key.id, publicKey: new Uint8Array(key.publicKey), counter: Number(key.counter), transports: key.transports },
    }).catch(() => null);
    if (!result?.verified) return false;
    await usedPasskey(sql, key.id, result.authenticationInfo.newCounter);
    return true;
  };

  return {
    async registrationOptions(user: User) {
      const options = await generateRegistrationOptions({
        rpName: "Bothy",
        rpID: party().rpID,
        userName: user.email,
        userDisplayName: user.name,
        attestationType: "none",
        // NOTE: a discoverable credential, so "Sign in with a passkey" needs no email first.
        authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
        excludeCredentials: (await listPasskeys(sql, user.uid)).map((p) => ({ id: p.id })),
      });
      await storeChallenge(sql, options.challenge, { uid: user.uid, purpose: "register" });
      return options;
    },

    /** Stores the new passkey when the browser's answer is signed over this user's live challenge. */
    async register(user: User, response: RegistrationResponseJSON, name: string): Promise<boolean> {
      const { rpID, expectedOrigin } = party();
      const result = await verifyRegistrationResponse({ response, expectedChallenge: challengeCheck({ uid: user.uid, purpose: "register" }), expectedOrigin, expectedRPID: rpID }).catch(
        () => null,
      );
      if (!result?.verified) return false;
      const { credential } = result.registrationInfo;
      await addPasskey(sql, user.uid, { ...credential, transports: credential.transports ?? [], name });
      await audit(user, "passkey.add", { uid: user.uid, email: user.email, detail: name });
      return true;
    },

    /** Removes one of the user's passkeys; false when they have none of that id. */
    async remove(user: User, id: string): Promise<boolean> {
      const name = await removePasskey(sql, user.uid, id);
      if (name === null) return false;
      await audit(user, "passkey.remove", { uid: user.uid, email: user.email, detail: name });
      return true;
    },

    async signInOptions() {
      const options = await generateAuthenticationOptions({ rpID: party().rpID, userVerification: "preferred" });
      await storeChallenge(sql, options.challenge, { uid: null, purpose: "signin" });
      return options;
    },

    /**
     * Options for answering a pending password sign-in's second step with a passkey: only its
     * account's passkeys are offered, and the challenge is good for that sign-in alone. Null when
     * the sign-in is over or its account has no passkey.
     */
    async secondStepOptions(signin: string) {
      const pending = await challengeOf(sql, signin);
      const keys = pending ? await listPasskeys(sql, pending.uid) : [];
      if (!pending || keys.length === 0) return null;
      const options = await generateAuthenticationOptions({
        rpID: party().rpID,
        userVerification: "preferred",
        allowCredentials: keys.map((k) => ({ id: k.id })),
      });
      await storeChallenge(sql, options.challenge, { uid: pending.uid, purpose: "second-step", pending: hashToken(signin) });
      return options;
    },

    /** Whether the answer is one of this user's passkeys, signed over a challenge handed out for this pending sign-in. */
    async verifyForUser(uid: string, signin: string, response: AuthenticationResponseJSON): Promise<boolean> {
      const key = await passkeyById(sql, response.id);
      // NOTE: another account's passkey proves nothing here, however good its signature.
      if (key?.uid !== uid) return false;
      return verified(key, response, { uid, purpose: "second-step", pending: hashToken(signin) });
    },

    /** The user a passkey sign-in proves, or null (unknown passkey, bad signature, used or expired challenge). */
    async signIn(response: AuthenticationResponseJSON): Promise<string | null> {
      const key = await passkeyById(sql, response.id);
      return key && (await verified(key, response, { uid: null, purpose: "signin" })) ? key.uid : null;
    },
  };
}

export type Passkeys = ReturnType<typeof passkeys>;
