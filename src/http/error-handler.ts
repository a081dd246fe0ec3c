// Maps everything thrown inside a handler to the one JSON error shape.
import { Elysia } from "elysia";
import { log } from "../log";
import { errorBody, HttpError, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_S } from "./errors";

export const errorHandler = new Elysia({ name: "error-handler" }).onError({ as: "global" }, ({ code, error, set }) => {
  if (error instanceof HttpError) {
    set.status = error.status;
    Object.assign(set.headers, error.headers);
    return errorBody(error.status, error.message, error.fields, error.code);
  }
  switch (code) {
    case "NOT_FOUND":
      set.status = 404;
      return errorBody(404, "Not found");
    case "VALIDATION": {
      set.status = 400;
      const { message, fields } = validationProblem(error);
      return errorBody(400, message, fields);
    }
    case "PARSE":
      set.status = 400;
      return errorBody(400, "The request body could not be parsed");
  }
  // NOTE: an error marked 503 (a query the database could not serve: db/query.ts) is an outage,
  // not a bug: the client is told to come back, and the log says why once per request.
  if ((error as { status?: unknown }).status === 503) {
    set.status = 503;
    set.headers["retry-after"] = String(UNAVAILABLE_RETRY_S);
    log.warn("database unavailable", { error: error instanceof Error ? error.message : String(error) });
    return errorBody(503, UNAVAILABLE_MESSAGE);
  }
  set.status = 500;
  log.error("unhandled error", { error: error instanceof Error ? error.stack ?? error.message : String(error) });
  return errorBody(500, "Internal server error");
});

function validationProblem(error: unknown): { message: string; fields?: Record<string, string> } {
  // NOTE: Elysia's ValidationError carries the first failing field in `valueError`, and the
  // schema's own `error` text (the words a person should read) in `customError`.
  const { valueError: first, customError } = error as {
    valueError?: { path?: string; message?: string };
    customError?: unknown;
  };
  const text = typeof customError === "string" ? customError : first?.message;
  const field = first?.path?.replace(/^\//, "").replace(/\//g, ".");
  if (!text) return { message: "Invalid input" };
  if (!field) return { message: `Invalid input: ${text}` };
  return { message: typeof customError === "string" ? text : `Invalid ${field}: ${text}`, fields: { [field]: text } };
}
