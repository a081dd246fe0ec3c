// One typed HTTP error for the edge and one JSON error shape for every answer that fails:
// { "error": { "status": 404, "code": "not-found", "message": "…" } }.
const ERROR_CODES = {
  400: "bad-request",
  401: "unauthorized",
  403: "forbidden",
  404: "not-found",
  409: "conflict",
  411: "length-required",
  413: "payload-too-large",
  415: "unsupported-media-type",
  421: "misdirected-request",
  422: "unprocessable",
  429: "too-many-requests",
  500: "server-error",
  503: "unavailable",
} as const;

/** What a 503 says when the database cannot serve; the writer keeps collecting meanwhile. */
export const UNAVAILABLE_MESSAGE = "Bothy is briefly unavailable; please try again in a minute";
/** Retry-After (seconds) on that 503. */
export const UNAVAILABLE_RETRY_S = 30;

export type ErrorStatus = keyof typeof ERROR_CODES;
/** `fields` names the form fields at fault, each with its message, when the input is to blame. */
export type Fields = Record<string, string>;
type ErrorBody = { error: { status: ErrorStatus; code: string; message: string; fields?: Fields } };

export class HttpError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly fields?: Fields,
    /** Extra response headers, e.g. Retry-After on 429 and 503. */
    readonly headers?: Record<string, string>,
    readonly code: string = ERROR_CODES[status],
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const errorBody = (status: ErrorStatus, message: string, fields?: Fields, code: string = ERROR_CODES[status]): ErrorBody => ({
  error: fields ? { status, code, message, fields } : { status, code, message },
});
