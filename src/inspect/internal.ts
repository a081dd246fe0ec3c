// The inspector's internal API: a worker that holds no database credentials (`worker:inspect` with
// APP_URL and INSPECT_TOKEN, remote.ts) takes jobs and hands back their outcome here, through the
// same steps a worker on the database takes (jobs.ts). Answers only when INSPECT_TOKEN is set (the
// routes do not exist otherwise: 404 like any unknown path) and only to
// `Authorization: Bearer <INSPECT_TOKEN>` (401).
//   POST /internal/inspect/claim        {leaseMs}                → {job: {id, url, attempts} | null}
//   POST /internal/inspect/:id/result   {outcome: "done", …} | {outcome: "failed", error, errorType} → {stored}
//   POST /internal/inspect/:id/release                           → {stored: true}
import { Elysia } from "elysia";
import { bearerMatches, wrongBearer } from "../http/bearer";
import { readCappedText } from "../http/body";
import { HttpError } from "../http/errors";
import type { JobSource } from "./jobs";
import { claimBody, fromWire, jobParams, resultBody } from "./wire";

export const INTERNAL_PREFIX = "/internal/inspect";

/** A result with its screenshot in base64 stays well below this. */
const MAX_BODY = 8 * 1024 * 1024;

export function internalRoutes(token: string | undefined, jobs: JobSource) {
  const routes = new Elysia({ name: "inspect-internal", prefix: INTERNAL_PREFIX });
  if (!token) return routes;
  // TRICKY: these paths are outside /api, so the edge's JSON checks and body cap do not apply:
  // the body is read here, capped, and only for a caller that sent the token. Elysia answers
  // whatever a parser throws as a 400, so a stranger's body is left unread and the transform
  // hook below answers the 401.
  const parse = async ({ request }: { request: Request }) => {
    if (!bearerMatches(request, token)) return {};
    const text = await readCappedText(request, MAX_BODY);
    try {
      return text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      throw new HttpError(400, "The request body is not valid JSON");
    }
  };
  return (
    routes
      // NOTE: runs after the parser and before the schemas are checked, with or without a body.
      .onTransform(({ request }) => {
        if (!bearerMatches(request, token)) throw wrongBearer("INSPECT_TOKEN");
      })
      .post("/claim", async ({ body }) => ({ job: await jobs.claim(body.leaseMs) }), { parse, body: claimBody })
      .post(
        "/:id/result",
        async ({ params, body }) => {
          const stored = body.outcome === "done"
            ? await jobs.done(params.id, { ...body, screenshot: fromWire(body.screenshot), card: fromWire(body.card) })
            : await jobs.failed(params.id, body.error, body.errorType);
          if (!stored) throw new HttpError(409, "This inspection is not running");
          return { stored };
        },
        { parse, params: jobParams, body: resultBody },
      )
      .post(
        "/:id/release",
        async ({ params }) => {
          await jobs.release(params.id);
          return { stored: true };
        },
        { parse, params: jobParams },
      )
  );
}
