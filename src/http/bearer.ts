// Bearer tokens of the machine-to-machine routes (GET /metrics, the inspector's internal API):
// `Authorization: Bearer <token>`, compared in constant time so the answer's timing says nothing
// about how much of a guess was right.
import { timingSafeEqual } from "node:crypto";
import { HttpError } from "./errors";

/** True when the request carries exactly `expected` as its bearer token. */
export function bearerMatches(request: Request, expected: string): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The 401 of a missing or wrong token; `setting` names the variable the caller should send. */
export const wrongBearer = (setting: string) =>
  new HttpError(401, `Send the ${setting} as Authorization: Bearer <token>.`, undefined, { "www-authenticate": "Bearer" });
