// What the goals' and the funnels' routes check and answer alike: the 400 naming its field, the
// domain and id path parameters, a name trimmed of its blanks, and a write's answer or refusal.
import { t } from "elysia";
import { HttpError } from "../http/errors";
import type { Written } from "./queries";

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

/**
 * A write's answer, `{ goal }` or `{ funnel }`, or its refusal: 404 for a row or domain gone
 * meanwhile, 409 for a name taken, 400 for a domain with `most` of them.
 */
export function writtenAnswer<T, K extends "goal" | "funnel">(what: K, most: number, result: Written<T>, name: string | undefined): Record<K, T> {
  if (result.ok) return { [what]: result.row } as Record<K, T>;
  if (result.reason === "missing") throw new HttpError(404, `No such ${what}.`);
  if (result.reason === "no-domain") throw new HttpError(404, "No such domain.");
  if (result.reason === "full") throw bad("name", `A domain has at most ${most} ${what}s. Delete one to add another.`);
  const message = `This domain has a ${what} named "${name}" already. Choose another name.`;
  throw new HttpError(409, message, { name: message });
}
