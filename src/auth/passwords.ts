// Password policy and hashing. Argon2id through Bun.password; the policy refuses short passwords
// and the ~49,000 most common ones (zxcvbn-ts's list), which is what credential stuffing tries first.
import { availableParallelism } from "node:os";
import { dictionary } from "@zxcvbn-ts/language-common";

const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

let common: Set<string> | undefined;
const isCommon = (password: string) => (common ??= new Set(dictionary["passwords-common"])).has(password.toLowerCase());

/** Returns the reason a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, context: { email?: string; name?: string } = {}): string | null {
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  if (isCommon(password)) return "This password is too common. Choose another.";
  const lower = password.toLowerCase();
  const local = context.email?.split("@")[0]?.toLowerCase();
  if ((local && local.length >= 4 && lower.includes(local)) || (context.name && lower === context.name.toLowerCase())) {
    return "Don't use your email address or name as your password.";
  }
  return null;
}

/** Runs at most `limit` tasks at once; the rest wait their turn in order. */
export function workSlots(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    get running() {
      return running;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= limit) await new Promise<void>((go) => waiting.push(go));
      else running++;
      try {
        return await task();
      } finally {
        // NOTE: the slot passes straight to the next waiter, so `running` never dips below the limit
        // while work is queued and no newcomer can jump the queue.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}

// NOTE: argon2id takes ~64 MiB and tens of milliseconds per call; a burst of sign-ins must queue
// for the cores instead of running hundreds of hashes at once and exhausting memory.
const argon = workSlots(Math.max(2, availableParallelism()));

export const hashPassword = (password: string): Promise<string> =>
  argon.run(() => Bun.password.hash(password, { algorithm: "argon2id" }));

export const verifyPassword = (password: string, hash: string): Promise<boolean> =>
  argon.run(() => Bun.password.verify(password, hash));

// NOTE: verified against when the email is unknown, so both failures cost the same time.
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword(randomFiller()));
const randomFiller = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex");
