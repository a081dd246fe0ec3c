// The holder of a Pro API key, for every room that answers to one (the stats API, the Sites API):
// a live key of a Pro account within its hourly limit. One limit per key across those rooms, so a
// script cannot double its budget by mixing them.
import type { AppContext } from "../context";
import { HttpError } from "../http/errors";
import { rateLimiter, retryAfter } from "../http/rate-limit";
import { isPro } from "../plans";
import { HOUR_MS } from "../shared/days";
import { apiKeyHolder } from "./api-keys";
import type { User } from "./users";

const BAD_KEY = "This API key is not valid. Create one in Settings → API keys.";

/** `Authorization: Bearer <key>` → the key; any other Authorization scheme is refused, not ignored. */
export const bearerKey = (authorization: string): string => {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!m) throw new HttpError(401, "Send the API key as Authorization: Bearer <key>.");
  return m[1]!;
};

// NOTE: one limiter per database, like the auth service, so several apps in one test process
// never share a budget.
const limiters = new WeakMap<object, ReturnType<typeof rateLimiter>>();

/** The key's holder when the key is live, theirs is a Pro account (else 403 `notPro`), and it is
 * within API_RATE_LIMIT requests this hour. */
export const proKeyHolder = ({ config, db }: Pick<AppContext, "config" | "db">) => {
  let perKey = limiters.get(db);
  if (!perKey) limiters.set(db, (perKey = rateLimiter(config.API_RATE_LIMIT, HOUR_MS)));
  const limiter = perKey;
  return async (key: string, notPro: string): Promise<User> => {
    const holder = await apiKeyHolder(db.sql, key);
    if (!holder) throw new HttpError(401, BAD_KEY);
    const { user, tag } = holder;
    if (!isPro(config, user)) throw new HttpError(403, notPro);
    const taken = limiter.take(tag);
    if (!taken.ok) {
      throw new HttpError(429, `This API key made ${config.API_RATE_LIMIT} requests this hour. Try again later.`, undefined, retryAfter(taken));
    }
    return user;
  };
};
