// A domain's funnels (src/shared/funnels.ts): GET/POST /api/domains/:domain/funnels list and add,
// PATCH/DELETE /api/domains/:domain/funnels/:id change and delete. Each step is one of the domain's
// goals, checked when the funnel is written; the goals room keeps a goal while a funnel uses it.
// Who may is the goals' rule (./access.ts).
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { withSession, type User } from "../auth";
import type { Site } from "../domains";
import { HttpError } from "../http/errors";
import { FUNNEL_MAX_STEPS, FUNNEL_NAME_MAX_LENGTH, MAX_FUNNELS, stepsProblem } from "../shared/funnels";
import { deleteFunnel, funnelsOf, goalsOf, insertFunnel, updateFunnel } from "./queries";
import { bad, domainParams, idParamsOf, trimmedName, writtenAnswer } from "./schemas";

const noSuchFunnel = () => new HttpError(404, "No such funnel.");

const name = t.String({ minLength: 1, maxLength: FUNNEL_NAME_MAX_LENGTH, error: `name must be 1 to ${FUNNEL_NAME_MAX_LENGTH} characters.` });
// NOTE: the count is checked by stepsProblem, so its message says what a funnel holds.
const steps = t.Array(t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), {
  maxItems: 64,
  error: "steps must be a list of goal ids, in order.",
  description: `2 to ${FUNNEL_MAX_STEPS} goal ids (GET /api/domains/{domain}/goals), in the order a visitor takes them.`,
});
const idParams = idParamsOf("funnel");
const detail = (summary: string, description?: string) => ({ tags: ["Goals"], summary, description });

/** The steps checked: 2 to 8, each one of the domain's goals. */
async function stepsOf(sql: AppContext["db"]["sql"], domainId: number, asked: number[]): Promise<number[]> {
  const problem = stepsProblem(asked);
  if (problem) throw bad("steps", problem);
  const goals = new Set((await goalsOf(sql, domainId)).map((g) => g.id));
  const stranger = asked.findIndex((id) => !goals.has(id));
  if (stranger >= 0) throw bad("steps", `Step ${stranger + 1} (goal ${asked[stranger]}) is not one of this domain's goals.`);
  return asked;
}

export const funnelRoutes = (ctx: AppContext, domainFor: (name: string, user: User | null) => Promise<Site>) => {
  const { sql } = ctx.db;
  const nameOf = (raw: string) => trimmedName(raw, "Name the funnel.");
  return new Elysia({ name: "funnels" })
    .use(withSession(ctx))
    .get(
      "/api/domains/:domain/funnels",
      async ({ params, user }) => ({ funnels: await funnelsOf(sql, (await domainFor(params.domain, user)).id) }),
      { params: domainParams, detail: detail("A domain's funnels, by name") },
    )
    .post(
      "/api/domains/:domain/funnels",
      async ({ params, body, user, set }) => {
        const domain = await domainFor(params.domain, user);
        const funnelName = nameOf(body.name);
        const answer = writtenAnswer("funnel", MAX_FUNNELS, await insertFunnel(sql, { domainId: domain.id, name: funnelName, steps: await stepsOf(sql, domain.id, body.steps) }), funnelName);
        set.status = 201;
        return answer;
      },
      {
        params: domainParams,
        body: t.Object({ name, steps }),
        detail: detail("Add a funnel", `At most ${MAX_FUNNELS} per domain; the name is unique per domain whatever its case. Read it with GET /api/stats?dataType=FUNNEL&funnel={id}.`),
      },
    )
    .patch(
      "/api/domains/:domain/funnels/:id",
      async ({ params, body, user }) => {
        const domain = await domainFor(params.domain, user);
        if (body.name === undefined && body.steps === undefined) throw bad("name", "Send a new name or new steps.");
        const patch = {
          name: body.name === undefined ? undefined : nameOf(body.name),
          steps: body.steps === undefined ? undefined : await stepsOf(sql, domain.id, body.steps),
        };
        return writtenAnswer("funnel", MAX_FUNNELS, await updateFunnel(sql, domain.id, params.id, patch), patch.name);
      },
      {
        params: idParams,
        body: t.Object({ name: t.Optional(name), steps: t.Optional(steps) }),
        detail: detail("Change a funnel's name or steps", "What the body leaves out stays as it is."),
      },
    )
    .delete(
      "/api/domains/:domain/funnels/:id",
      async ({ params, user, set }) => {
        const domain = await domainFor(params.domain, user);
        if (!(await deleteFunnel(sql, domain.id, params.id))) throw noSuchFunnel();
        set.status = 204;
      },
      { params: idParams, detail: detail("Delete a funnel") },
    );
};
