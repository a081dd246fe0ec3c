// Two-factor sign-in for the settings page and sign-in's second step: setting up a TOTP app
// (confirmed with a first code before it counts), its recovery codes (shown once, each works once),
// checking a code, and switching it off. Every change and every recovery code used goes to the audit
// log. Errors are values, like the rest of the auth room's logic.
import type { Database } from "../db";
import { WRONG_CODE, type Failure } from "./service";
import type { Audit } from "./oidc";
import { verifyPassword } from "./passwords";
import { enrolment, newRecoveryCodes, newTotpSecret, openSecret, recoveryHash, sealSecret, totpStep } from "./totp";
import { disableTotp, enableTotp, recoveryCodesLeft, stagePendingTotp, takeStep, totpOf, useRecoveryCode } from "./two-factor-store";
import { passwordHashOf, type User } from "./users";

type Result<T> = ({ ok: true } & T) | Failure;

const WRONG_PASSWORD = "Your password is not right.";
const ALREADY_ON = "Two-factor sign-in is already on.";
const NOT_ON = "Two-factor sign-in is not on.";

const wrong = (field: string, message: string): Failure => ({ ok: false, status: 400, message, fields: { [field]: message } });

export function twoFactor(db: Database, secret: string, audit: Audit) {
  const sql = db.sql;
  const passwordRight = async (uid: string, password: string) => {
    const hash = await passwordHashOf(sql, uid);
    return Boolean(hash && (await verifyPassword(password, hash)));
  };
  /** The code's 30 s step when it is a current TOTP code of this secret not used before. */
  const takeTotp = async (uid: string, sealed: Buffer, code: string) => {
    const plain = openSecret(secret, sealed);
    const step = plain ? totpStep(plain, code) : null;
    return step !== null && (await takeStep(sql, uid, step));
  };

  /** Whether a sign-in of this user needs a second step. */
  const required = async (uid: string): Promise<boolean> => (await totpOf(sql, uid))?.enabled === true;

  /**
   * A user's second factor: a TOTP code (each 30 s step once) or an unused recovery code.
   * NOTE: a recovery code is written to the audit log, so its owner (and the admins) can see when
   * one was used, and by whom if it was not them.
   */
  const check = async (user: Pick<User, "uid" | "email">, code: string): Promise<"totp" | "recovery" | null> => {
    const totp = await totpOf(sql, user.uid);
    if (!totp?.enabled) return null;
    if (await takeTotp(user.uid, totp.secret, code)) return "totp";
    if (!(await useRecoveryCode(sql, user.uid, recoveryHash(code)))) return null;
    const left = await recoveryCodesLeft(sql, user.uid);
    await audit(user, "2fa.recovery_code", { uid: user.uid, email: user.email, detail: `${left} left` });
    return "recovery";
  };

  return {
    required,
    check,

    async status(uid: string) {
      const totp = await totpOf(sql, uid);
      const enabled = totp?.enabled === true;
      return { enabled, recoveryCodesLeft: enabled ? await recoveryCodesLeft(sql, uid) : 0 };
    },

    /** A new secret to scan, after the password; it counts once `enable` sees a first code. */
    async setup(user: User, password: string): Promise<Result<Awaited<ReturnType<typeof enrolment>>>> {
      if (!(await passwordRight(user.uid, password))) return wrong("password", WRONG_PASSWORD);
      const plain = newTotpSecret();
      if (!(await stagePendingTotp(sql, user.uid, sealSecret(secret, plain)))) return { ok: false, status: 409, message: ALREADY_ON };
      return { ok: true, ...(await enrolment(plain, user.email)) };
    },

    /** Switches the staged secret on with its first code; answers the recovery codes, the only time they are shown. */
    async enable(user: User, code: string): Promise<Result<{ recoveryCodes: string[] }>> {
      const totp = await totpOf(sql, user.uid);
      if (!totp) return { ok: false, status: 409, message: "Start again: scan a new code first." };
      if (totp.enabled) return { ok: false, status: 409, message: ALREADY_ON };
      if (!(await takeTotp(user.uid, totp.secret, code))) return wrong("code", WRONG_CODE);
      const recoveryCodes = newRecoveryCodes();
      await enableTotp(sql, user.uid, recoveryCodes.map(recoveryHash));
      await audit(user, "2fa.enable", { uid: user.uid, email: user.email });
      return { ok: true, recoveryCodes };
    },

    /** Switches two-factor sign-in off: needs the password and a code (from the app or a recovery code). */
    async disable(user: User, password: string, code: string): Promise<Result<object>> {
      if (!(await passwordRight(user.uid, password))) return wrong("password", WRONG_PASSWORD);
      if (!(await required(user.uid))) return { ok: false, status: 409, message: NOT_ON };
      if (!(await check(user, code))) return wrong("code", WRONG_CODE);
      await disableTotp(sql, user.uid);
      await audit(user, "2fa.disable", { uid: user.uid, email: user.email });
      return { ok: true };
    },
  };
}

export type TwoFactor = ReturnType<typeof twoFactor>;
