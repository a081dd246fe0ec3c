// Maps everything thrown inside a handler to the one JSON error shape.
import { Elysia } from "elysia";
import { log } from "../log";
import { errorBody, HttpError } from "./errors";

export const errorHandler = new Elysia({ name: "error-handler" }).onError({ as: "global" }, ({ code, error, set }) => {
  if (error instanceof HttpError) {
    set.status = error.status;
    return errorBody(error.status, error.message, error.code);
  }
  switch (code) {
    case "NOT_FOUND":
      set.status = 404;
      return errorBody(404, "Not found");
    case "VALIDATION":
      set.status = 400;
      return errorBody(400, validationMessage(error));
    case "PARSE":
      set.status = 400;
      return errorBody(400, "The request body could not be parsed");
  }
  set.status = 500;
  log.error("unhandled error", { error: error instanceof Error ? error.stack ?? error.message : String(error) });
  return errorBody(500, "Internal server error");
});

function validationMessage(error: unknown): string {
  // NOTE: Elysia's ValidationError carries the first failing field in `valueError`.
  const first = (error as { valueError?: { path?: string; message?: string } }).valueError;
  if (first?.message) return `Invalid ${first.path?.replace(/^\//, "") || "input"}: ${first.message}`;
  return "Invalid input";
}
