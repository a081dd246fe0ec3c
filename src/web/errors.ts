// What the error page shows for a thrown value: statusCode from `statusCode`, `status`
// or `response.status`, default 500, and a message. Internal messages stay hidden in production.
import { HttpError, UNAVAILABLE_MESSAGE } from "../http/errors";

export type PageError = { status: number; message: string };

export const NOT_FOUND_MESSAGE = "This page could not be found";

const asStatus = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v >= 400 && v <= 599 ? v : undefined);

export function statusOf(err: unknown): number {
  if (typeof err !== "object" || err === null) return 500;
  const e = err as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
  return asStatus(e.statusCode) ?? asStatus(e.status) ?? asStatus(e.response?.status) ?? 500;
}

/** An Error's message, a plain object's `message` (a fetch body, a library's failure), else the value as text. */
function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  const own = typeof err === "object" && err !== null ? (err as { message?: unknown }).message : undefined;
  if (typeof own === "string" && own) return own;
  return typeof err === "object" && err !== null ? "Something went wrong" : String(err);
}

export function toPageError(err: unknown, dev: boolean): PageError {
  const status = statusOf(err);
  if (status === 404) return { status, message: NOT_FOUND_MESSAGE };
  // NOTE: a 503 nobody wrote for people (a query the database could not serve) gets the one outage text.
  if (status === 503 && !(err instanceof HttpError)) return { status, message: UNAVAILABLE_MESSAGE };
  const message = messageOf(err);
  // NOTE: an error that chose its status was written for people; a bare 500 may hold internals.
  const chosen = err instanceof HttpError || statusOf(err) !== 500 || (typeof err === "object" && err !== null && "statusCode" in err);
  return { status, message: chosen || dev ? message.replace(/\.$/, "") : "Something went wrong on our side" };
}

/** Thrown by a page whose guard depends on its params (e.g. the demo dashboard is open to all,
 * other dashboards need a session): the framework answers with a redirect instead of the page. */
export class PageRedirect {
  constructor(readonly location: string) {}
}
