// What the goals' and the funnels' routes check alike: the 400 naming its field, the domain and id
// path parameters, and a name trimmed of its blanks.
import { t } from "elysia";
import { HttpError } from "../http/errors";

export const bad = (field: string, message: string) => new HttpError(400, message, { [field]: message });

export const domainParams = t.Object({ domain: t.String({ minLength: 1, maxLength: 253, error: "domain must be a host name." }) });

/** The domain and the id of one of its goals or funnels. */
export const idParamsOf = (what: "goal" | "funnel") =>
  t.Object({
    ...domainParams.properties,
    id: t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, error: `id must be a ${what}'s number: a whole number from 1.` }),
  });

/** The name without its surrounding blanks; blanks only are no name (`missing` says so). */
export function trimmedName(raw: string, missing: string): string {
  const trimmed = raw.trim();
  if (!trimmed) throw bad("name", missing);
  return trimmed;
}
