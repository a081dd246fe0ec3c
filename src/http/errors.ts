// One typed HTTP error for the edge and one JSON error shape for every answer that fails:
// { "error": { "status": 404, "code": "not-found", "message": "…" } }.
export const ERROR_CODES = {
  400: "bad-request",
  401: "unauthorized",
  403: "forbidden",
  404: "not-found",
  409: "conflict",
  413: "payload-too-large",
  422: "unprocessable",
  429: "too-many-requests",
  500: "server-error",
  503: "unavailable",
} as const;

export type ErrorStatus = keyof typeof ERROR_CODES;
export type ErrorBody = { error: { status: ErrorStatus; code: string; message: string } };

export class HttpError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly code: string = ERROR_CODES[status],
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const errorBody = (status: ErrorStatus, message: string, code: string = ERROR_CODES[status]): ErrorBody => ({
  error: { status, code, message },
});
