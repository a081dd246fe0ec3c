// A domain's carbon budgets under /api/domains/:domain/budgets: every member of the site reads them
// (the dashboard marks the pages over theirs); its owner and its team's admins and editors replace
// the list; anyone else gets 404.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { signedIn, withSession, type User } from "../auth";
import { roleOn, siteByName } from "../domains";
import { HttpError } from "../http/errors";
import { MAX_BUDGETS, type Budget } from "../shared/budgets";
import { GOAL_MATCH_MAX_LENGTH, patternProblem } from "../shared/goals";
import { allows } from "../shared/roles";
import { budgetsOf, replaceBudgets } from "./queries";

const NOT_FOUND = "No such domain.";
/** The largest budget taken: 1 kg of CO2, or 10 GB, a page view. */
const MAX_GRAMS = 1000;
const MAX_BYTES = 10_000_000_000;

const domainParam = t.Object({ domain: t.String({ maxLength: 253 }) });
const BudgetBody = t.Object({
  pattern: t.Union([t.String({ minLength: 1, maxLength: GOAL_MATCH_MAX_LENGTH }), t.Null()], { error: "pattern must be a page pattern such as /blog/**, or null for the default." }),
  grams: t.Union([t.Number({ exclusiveMinimum: 0, maximum: MAX_GRAMS }), t.Null()], { error: `grams must be above 0 and at most ${MAX_GRAMS}, or null.` }),
  bytes: t.Union([t.Integer({ minimum: 1, maximum: MAX_BYTES }), t.Null()], { error: `bytes must be a whole number from 1 to ${MAX_BYTES}, or null.` }),
});
const PutBody = t.Object({ budgets: t.Array(BudgetBody, { maxItems: MAX_BUDGETS, error: `budgets must be a list of at most ${MAX_BUDGETS} budgets.` }) });
const detail = (summary: string, description?: string) => ({ tags: ["Budgets"], summary, description, security: [{ session: [] }] });

/** The list's first problem in words, or null when it can be kept as it is. */
function problemOf(budgets: readonly Budget[]): string | null {
  const seen = new Set<string | null>();
  for (const b of budgets) {
    if (b.grams === null && b.bytes === null) return "Each budget needs grams or bytes per view, or both.";
    if (b.pattern !== null) {
      const problem = patternProblem(b.pattern, "A budget's pattern");
      if (problem) return problem;
    }
    if (seen.has(b.pattern)) return b.pattern === null ? "A website has one default budget." : `${b.pattern} has two budgets.`;
    seen.add(b.pattern);
  }
  return null;
}

export function budgetRoutes(ctx: AppContext) {
  const sql = ctx.db.sql;

  /** The site and the user's role on it; 404 when the user has none. */
  const member = async (me: User, name: string) => {
    const site = await siteByName(sql, name.toLowerCase());
    const role = site?.owner ? await roleOn(sql, me.uid, site) : null;
    if (!site || !role) throw new HttpError(404, NOT_FOUND);
    return { site, role };
  };

  return new Elysia({ name: "budgets" })
    .use(withSession(ctx))
    .get(
      "/api/domains/:domain/budgets",
      async ({ params, user }) => {
        const { site } = await member(signedIn(user), params.domain);
        return { budgets: await budgetsOf(sql, site.id), maxBudgets: MAX_BUDGETS };
      },
      { params: domainParam, detail: detail("A domain's carbon budgets", "In their order: a page's budget is the first pattern that matches it, else the default (pattern null).") },
    )
    .put(
      "/api/domains/:domain/budgets",
      async ({ params, body, user }) => {
        const { site, role } = await member(signedIn(user), params.domain);
        if (!allows(role, "editor")) throw new HttpError(403, `Your role on ${site.name} (${role}) does not allow this.`);
        const budgets = body.budgets.map((b) => ({ ...b, pattern: b.pattern === null ? null : b.pattern.trim() }));
        const problem = problemOf(budgets);
        if (problem) throw new HttpError(400, problem, { budgets: problem });
        await replaceBudgets(sql, site.id, budgets);
        return { budgets: await budgetsOf(sql, site.id), maxBudgets: MAX_BUDGETS };
      },
      {
        params: domainParam,
        body: PutBody,
        detail: detail(
          "Replace a domain's carbon budgets",
          "Each budget: a page pattern (`*` any characters but /, `**` any; null for the default) and grams of CO2 and/or bytes per page view. The weekly alert check tells when a page goes over its budget.",
        ),
      },
    );
}
