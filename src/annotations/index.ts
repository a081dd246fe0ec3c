// The annotations room: notes on a domain's time series. The owner adds and deletes their own from
// the dashboard's chart; the alert check (src/reports/alerts.ts) adds automatic ones through
// addAlert. GET /api/annotations answers a range's annotations to whoever may read the domain's
// stats (owner, team members, admin, the demo's visitors, a Pro API key); the owner and the
// team's editors and admins write.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { withSession } from "../auth";
import { HttpError } from "../http/errors";
import { ANNOTATION_MAX_LENGTH } from "../shared/annotations";
import { allows } from "../shared/roles";
import { DayKey, DayRange } from "../http/day-key";
import { callerOf, statsService } from "../stats";
import { annotationsIn, deleteAnnotation, insertNote } from "./queries";

export { annotationsIn } from "./queries";
export { insertAlert as addAlert, lastAlertLevel, markMailed, unmailedAlerts, type NewAlert } from "./queries";

const NOT_YOURS = "Only the domain's owner and editors can change its annotations.";

const domainQuery = { domain: t.String({ minLength: 1, maxLength: 253, error: "domain must be a host name." }) };
const text = t.String({ minLength: 1, maxLength: ANNOTATION_MAX_LENGTH, error: `text must be 1 to ${ANNOTATION_MAX_LENGTH} characters.` });

export const annotationsRoom = (ctx: AppContext) => {
  const stats = statsService(ctx);
  /** The domain for a writer: its owner or an editor signed in, never an admin on someone else's, never a claim. */
  const owned = async (name: string, user: Parameters<typeof callerOf>[1]) => {
    const { domain, admin, role } = await stats.byName(name, callerOf(null, user));
    if (admin || domain.id === 0 || !user || !allows(role, "editor")) throw new HttpError(403, NOT_YOURS);
    return domain;
  };
  return new Elysia({ name: "annotations" })
    .use(withSession(ctx))
    .get(
      "/api/annotations",
      async ({ query, user, request }) => {
        const { domain } = await stats.byName(query.domain, callerOf(request.headers.get("authorization"), user));
        if (query.startKey > query.endKey) throw new HttpError(400, "startKey must not be after endKey.", { startKey: "startKey must not be after endKey." });
        return { annotations: await annotationsIn(ctx.db.sql, domain.id, query.startKey, query.endKey) };
      },
      {
        query: t.Object({ ...domainQuery, ...DayRange }),
        detail: { tags: ["Annotations"], summary: "A domain's annotations in a range of local days", description: "Notes its owner wrote and the alerts Bothy added (`kind`: note, regression, traffic, speed, budget), by day." },
      },
    )
    .post(
      "/api/annotations",
      async ({ body, user, set }) => {
        const domain = await owned(body.domain, user);
        const note = body.text.trim();
        if (!note) throw new HttpError(400, "Write a note.", { text: "Write a note." });
        set.status = 201;
        return { annotation: await insertNote(ctx.db.sql, domain.id, body.day, note) };
      },
      { body: t.Object({ ...domainQuery, day: DayKey("day"), text }), detail: { tags: ["Annotations"], summary: "Add a note to a day of your domain's chart" } },
    )
    .delete(
      "/api/annotations/:id",
      async ({ params, query, user }) => {
        const domain = await owned(query.domain, user);
        if (!(await deleteAnnotation(ctx.db.sql, domain.id, params.id))) throw new HttpError(404, "No such annotation.");
        return { deleted: true };
      },
      {
        params: t.Object({ id: t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, error: "id must be an annotation's number: a whole number from 1." }) }),
        query: t.Object(domainQuery),
        detail: { tags: ["Annotations"], summary: "Delete one of your domain's annotations" },
      },
    );
};
