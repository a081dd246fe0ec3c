// The goals room: a domain's goals (src/shared/goals.ts), what its owner counts as a conversion,
// and its funnels of goals (src/shared/funnels.ts, routes in ./funnels.ts).
// GET/POST /api/domains/:domain/goals list and add, PATCH/DELETE /api/domains/:domain/goals/:id
// change and delete. Who may is ./access.ts; the tables (`goals`, `funnels`) are this room's alone,
// and go with their domain by foreign key. goalsReader and funnelsReader hand them to the stats
// room's GOALS and FUNNEL answers; conversionsAdder (./conversions.ts) gives the demo its own.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { withSession } from "../auth";
import { HttpError } from "../http/errors";
import { GOAL_KINDS, GOAL_MATCH_MAX_LENGTH, GOAL_NAME_MAX_LENGTH, MAX_GOALS, patternProblem, type GoalKind } from "../shared/goals";
import type { FunnelsOf, GoalsOf } from "../stats";
import { goalAccess } from "./access";
import { funnelRoutes } from "./funnels";
import { deleteGoal, funnelsOf, goalsOf, insertGoal, updateGoal } from "./queries";
import { bad, domainParams, idParamsOf, trimmedName, writtenAnswer } from "./schemas";

export { conversionsAdder } from "./conversions";

const noSuchGoal = () => new HttpError(404, "No such goal.");

/** An event goal's event name: as the tracker sends one. */
const EVENT_NAME_MAX_LENGTH = 100;
/** An event goal's value: as the collector keeps one (it cuts longer ones). */
const EVENT_VALUE_MAX_LENGTH = 200;

const NAME_LENGTH = `name must be 1 to ${GOAL_NAME_MAX_LENGTH} characters.`;
const name = t.String({ minLength: 1, maxLength: GOAL_NAME_MAX_LENGTH, error: NAME_LENGTH });
const match = t.String({
  minLength: 1, maxLength: GOAL_MATCH_MAX_LENGTH, error: `match must be 1 to ${GOAL_MATCH_MAX_LENGTH} characters.`,
  description: "A page goal: a path pattern (* any characters but /, ** any characters, a trailing / ignored). An event goal: the event's name.",
});
const value = t.Union([t.String({ minLength: 1, maxLength: EVENT_VALUE_MAX_LENGTH }), t.Null()], {
  error: `value must be an event value of 1 to ${EVENT_VALUE_MAX_LENGTH} characters, or null.`,
  description: "Event goals only: the one event value that converts; null (or absent) for any.",
});
const kind = t.Union(GOAL_KINDS.map((k) => t.Literal(k)), { error: `kind must be ${GOAL_KINDS.join(" or ")}.` });
const idParams = idParamsOf("goal");
const detail = (summary: string, description?: string) => ({ tags: ["Goals"], summary, description });
const nameOf = (raw: string) => trimmedName(raw, "Name the goal.");

/** The match checked for the goal's kind: a page pattern, or an event name. */
function matchOf(goalKind: GoalKind, raw: string): string {
  const trimmed = raw.trim();
  if (goalKind === "page") {
    const problem = patternProblem(trimmed);
    if (problem) throw bad("match", problem);
  } else if (!trimmed || trimmed.length > EVENT_NAME_MAX_LENGTH) {
    throw bad("match", `An event goal's match is the event's name: 1 to ${EVENT_NAME_MAX_LENGTH} characters.`);
  }
  return trimmed;
}

/** The value, for event goals only. */
function valueOf(goalKind: GoalKind, raw: string | null | undefined): string | null | undefined {
  if (goalKind === "page" && raw !== undefined && raw !== null) throw bad("value", "Only an event goal has a value.");
  return raw;
}

/** For the stats room's GOALS answer: a domain's goals by its id, by name. */
export const goalsReader = (ctx: Pick<AppContext, "db">): GoalsOf => (domainId) => goalsOf(ctx.db.sql, domainId);
/** For the stats room's GOALS and FUNNEL answers: a domain's funnels, by name. */
export const funnelsReader = (ctx: Pick<AppContext, "db">): FunnelsOf => (domainId) => funnelsOf(ctx.db.sql, domainId);

export const goalsRoom = (ctx: AppContext) => {
  const { sql } = ctx.db;
  const domainFor = goalAccess(ctx);
  return new Elysia({ name: "goals" })
    .use(withSession(ctx))
    .use(funnelRoutes(ctx, domainFor))
    .get(
      "/api/domains/:domain/goals",
      async ({ params, user }) => ({ goals: await goalsOf(sql, (await domainFor(params.domain, user)).id) }),
      { params: domainParams, detail: detail("A domain's goals, by name") },
    )
    .post(
      "/api/domains/:domain/goals",
      async ({ params, body, user, set }) => {
        const domain = await domainFor(params.domain, user);
        const asked = { name: nameOf(body.name), kind: body.kind, match: matchOf(body.kind, body.match), value: valueOf(body.kind, body.value) ?? null };
        const answer = writtenAnswer("goal", MAX_GOALS, await insertGoal(sql, { domainId: domain.id, ...asked }), asked.name);
        set.status = 201;
        return answer;
      },
      {
        params: domainParams,
        body: t.Object({ name, kind, match, value: t.Optional(value) }),
        detail: detail("Add a goal", `At most ${MAX_GOALS} per domain; the name is unique per domain whatever its case.`),
      },
    )
    .patch(
      "/api/domains/:domain/goals/:id",
      async ({ params, body, user }) => {
        const domain = await domainFor(params.domain, user);
        if (body.name === undefined && body.match === undefined && body.value === undefined) {
          throw bad("name", "Send a new name, match or value.");
        }
        // NOTE: the kind stays what it was; the match and value are checked against it.
        const goal = (await goalsOf(sql, domain.id)).find((g) => g.id === params.id);
        if (!goal) throw noSuchGoal();
        const patch = {
          name: body.name === undefined ? undefined : nameOf(body.name),
          match: body.match === undefined ? undefined : matchOf(goal.kind, body.match),
          value: valueOf(goal.kind, body.value),
        };
        return writtenAnswer("goal", MAX_GOALS, await updateGoal(sql, domain.id, params.id, patch), patch.name);
      },
      {
        params: idParams,
        body: t.Object({ name: t.Optional(name), match: t.Optional(match), value: t.Optional(value) }),
        detail: detail("Change a goal's name, match or value", "What the body leaves out stays as it is; a goal's kind never changes."),
      },
    )
    .delete(
      "/api/domains/:domain/goals/:id",
      async ({ params, user, set }) => {
        const domain = await domainFor(params.domain, user);
        const result = await deleteGoal(sql, domain.id, params.id);
        if (result === "missing") throw noSuchGoal();
        if (result !== "deleted") throw new HttpError(409, `The funnel "${result.usedBy}" has this goal as a step. Take it out of the funnel first.`);
        set.status = 204;
      },
      { params: idParams, detail: detail("Delete a goal", "A goal that a funnel has as a step is kept: 409 names the funnel.") },
    );
};
