// The segments room: a domain's saved segments, named sets of dashboard filters (src/shared/
// filters.ts) its owner picks again in one click. GET/POST /api/segments?domain= list and add,
// PATCH/DELETE /api/segments/:id rename, refilter and delete. Who may is ./access.ts; the table
// (`segments`) is this room's alone, and goes with its domain by foreign key.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { withSession } from "../auth";
import { HttpError } from "../http/errors";
import { checkFilters, FILTER_DIMENSIONS, FILTER_OPERATORS, MAX_FILTERS, type Filter } from "../shared/filters";
import { SEGMENT_NAME_MAX_LENGTH } from "../shared/segments";
import { noSuchSegment, segmentAccess } from "./access";
import { deleteSegment, insertSegment, segmentsOf, updateSegment, type Written } from "./queries";

const bad = (field: string, message: string) => new HttpError(400, message, { [field]: message });

const NAME_LENGTH = `name must be 1 to ${SEGMENT_NAME_MAX_LENGTH} characters.`;
const name = t.String({ minLength: 1, maxLength: SEGMENT_NAME_MAX_LENGTH, error: NAME_LENGTH });
// NOTE: any JSON here: checkFilters names the bad part in words a schema's message cannot.
const filters = t.Unknown({
  description: `1 to ${MAX_FILTERS} filters, each [operator, dimension, values]: operator ${FILTER_OPERATORS.join(", ")}; dimension ${FILTER_DIMENSIONS.join(", ")}.`,
});
const domainQuery = t.Object({ domain: t.String({ minLength: 1, maxLength: 253, error: "domain must be a host name." }) });
const idParams = t.Object({
  id: t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, error: "id must be a segment's number: a whole number from 1." }),
});
const detail = (summary: string, description?: string) => ({ tags: ["Segments"], summary, description });

/** The name without its surrounding blanks; blanks only are no name. */
function nameOf(raw: string): string {
  const trimmed = raw.trim();
  if (!trimmed) throw bad("name", "Name the segment.");
  return trimmed;
}

/** The checked filters; a segment holds at least one, or it would be the whole site. */
function filtersOf(raw: unknown): Filter[] {
  const checked = checkFilters(raw);
  if (!checked.ok) throw bad("filters", checked.message);
  if (checked.filters.length === 0) throw bad("filters", "filters must hold at least one filter.");
  return checked.filters;
}

/** A write's answer, or its refusal: 404 for a segment or domain gone meanwhile, 409 for a name taken. */
function segmentOf(result: Written, name: string | undefined) {
  if (result.ok) return { segment: result.segment };
  if (result.reason === "missing") throw noSuchSegment();
  if (result.reason === "no-domain") throw new HttpError(404, "No such domain.");
  const message = `This domain has a segment named "${name}" already. Choose another name.`;
  throw new HttpError(409, message, { name: message });
}

export const segmentsRoom = (ctx: AppContext) => {
  const { sql } = ctx.db;
  const access = segmentAccess(ctx);
  return new Elysia({ name: "segments" })
    .use(withSession(ctx))
    .get(
      "/api/segments",
      async ({ query, user }) => {
        const { domain } = await access.domainFor(query.domain, user);
        return { segments: await segmentsOf(sql, domain.id) };
      },
      { query: domainQuery, detail: detail("A domain's saved segments, by name") },
    )
    .post(
      "/api/segments",
      async ({ query, body, user, set }) => {
        const { domain, me } = await access.domainFor(query.domain, user);
        const asked = { name: nameOf(body.name), filters: filtersOf(body.filters) };
        const result = await insertSegment(sql, { domainId: domain.id, createdBy: me.uid, ...asked });
        const answer = segmentOf(result, asked.name);
        set.status = 201;
        return answer;
      },
      { query: domainQuery, body: t.Object({ name, filters }), detail: detail("Save a set of filters under a name") },
    )
    .patch(
      "/api/segments/:id",
      async ({ params, body, user }) => {
        const { domain } = await access.segmentFor(params.id, user);
        if (body.name === undefined && body.filters === undefined) throw bad("name", "Send a new name, new filters or both.");
        const patch = {
          name: body.name === undefined ? undefined : nameOf(body.name),
          filters: body.filters === undefined ? undefined : filtersOf(body.filters),
        };
        return segmentOf(await updateSegment(sql, domain.id, params.id, patch), patch.name);
      },
      {
        params: idParams,
        body: t.Object({ name: t.Optional(name), filters: t.Optional(filters) }),
        detail: detail("Rename a segment or replace its filters", "What the body leaves out stays as it is."),
      },
    )
    .delete(
      "/api/segments/:id",
      async ({ params, user, set }) => {
        const { domain } = await access.segmentFor(params.id, user);
        if (!(await deleteSegment(sql, domain.id, params.id))) throw noSuchSegment();
        set.status = 204;
      },
      { params: idParams, detail: detail("Delete a segment") },
    );
};
