// What each account attempt costs and who pays: password guesses against the throttles of
// throttle.ts, and mail anyone can trigger against an hourly budget per address (the per-client
// and per-process budgets are the `accountMail` limit of src/http/limits.ts). In memory, per
// process, like the throttles.
import { rateLimiter } from "../http/rate-limit";
import { verifyPassword } from "./passwords";
import { chargeAll, createThrottle, MAX_FAILURES, type Throttle, type Verdict } from "./throttle";
import { HOUR_MS } from "../shared/days";

/** Mails to one address per hour; past it the mail is skipped silently (the answer stays the same). */
export const MAILS_PER_ADDRESS_HOUR = 3;

type SignInAttempt =
  | { blocked: true; retryAfterS: number }
  | {
      blocked: false;
      delayMs: number;
      /**
       * Settles the attempt once the password (or the second step's code) is checked: a success
       * refunds what it was charged. `complete: false` is a right password whose code is still due:
       * refunded, but the client's earlier failures on the account stay until the code is right.
       */
      settle(ok: boolean, complete?: boolean): void;
    };

export function accountAttempts() {
  const pair = createThrottle(MAX_FAILURES.pair);
  const account = createThrottle(MAX_FAILURES.account);
  const client = createThrottle(MAX_FAILURES.client);
  const links = createThrottle(MAX_FAILURES.pair);
  const addressMails = rateLimiter(MAILS_PER_ADDRESS_HOUR, HOUR_MS);
  const addressKey = (email: string) => email.toLowerCase();

  return {
    /**
     * Charges one sign-in before its password is checked.
     * NOTE: three keys. (account, client) is the tight one: a client's own guesses at one account.
     * The client alone is looser (many people share a NAT) and stops guessing across accounts. The
     * account as a whole catches guesses spread over many clients, but it refuses only clients that
     * already hold charges on this account: a client with none (the owner at home while a botnet
     * guesses) still gets through, so an attack cannot lock the owner out. Each new client of a
     * distributed attack thus gets one guess once the account is locked, and the per-client key
     * bounds how many accounts it can spend such guesses on.
     */
    signIn(email: string, clientTag: string): SignInAttempt {
      const own = `${addressKey(email)}|${clientTag}`;
      const acct = addressKey(email);
      const clean = pair.failures(own) === 0;
      const keys: [Throttle, string][] = [[client, clientTag], [pair, own]];
      if (!clean) keys.push([account, acct]);
      const verdict = chargeAll(keys);
      if (verdict.blocked) return verdict;
      if (clean) account.charge(acct);
      return {
        ...verdict,
        settle(ok, complete = true) {
          if (!ok) return;
          if (complete) pair.forgive(own);
          else pair.refund(own);
          account.refund(acct);
          client.refund(clientTag);
        },
      };
    },

    /** Charges a mailed-link request (reset, verification) to the client and the address, for good. */
    link: (email: string, clientTag: string): Verdict => chargeAll([[client, clientTag], [links, addressKey(email)]]),

    /** Whether one more account mail (sign-up, verification, reset, report invite) may go to this address this hour. */
    mailTo: (email: string): boolean => addressMails.take(addressKey(email)).ok,
  };
}

/**
 * Checks passwords that guard something other than an account (a public dashboard's), under the
 * limit of one client's guesses at one account: each guess is charged to its key (the guarded thing
 * and the client) before the check, so concurrent guesses count too; a guesser is slowed, then
 * refused for the window. A right password refunds its charge.
 */
export function guardedPasswords() {
  const guesses = createThrottle(MAX_FAILURES.pair);
  return async (key: string, password: string, hash: string): Promise<{ blocked: true; retryAfterS: number } | { blocked: false; ok: boolean }> => {
    const verdict = chargeAll([[guesses, key]]);
    if (verdict.blocked) return verdict;
    if (verdict.delayMs) await Bun.sleep(verdict.delayMs);
    const ok = await verifyPassword(password, hash);
    if (ok) guesses.refund(key);
    return { blocked: false, ok };
  };
}
