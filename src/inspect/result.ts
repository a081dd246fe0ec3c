// The inspection result as the API answers it, built from a stored row:
// {error, errorType, timestamp, bytes, filecount, detail{title, green, blocked, cookies, files}},
// plus the history entries and the percentile averages.
import { PAGE_WEIGHT_SOURCE, PERCENTILES, percentileOf } from "./percentile";
import type { Detail, FinishedRow, HistoryEntry } from "./store";

/** After this age a result is labelled cached with its date . */
export const CACHED_AFTER_MS = 15 * 60_000;

export const PRIVATE_MESSAGE = "This page is private and cannot be inspected";

type InspectionResult = {
  url: string;
  error: string | null;
  errorType: string | null;
  timestamp: string;
  cached: boolean;
  bytes: number;
  filecount: number;
  co2: number;
  detail: Detail | null;
  screenshot: string | null;
};

export type CheckAnswer =
  | { action: "check_again" }
  | {
      /** `error` beside `result`, for older clients: the same text as result.error, or null. */
      error: string | null;
      result: InspectionResult;
      history: HistoryEntry[];
      averages: { percentile: number | null; percentiles: readonly number[]; source: string };
    };

export const errorAnswer = (url: string, error: string, errorType: string): CheckAnswer => ({
  error,
  result: {
    url, error, errorType, timestamp: new Date().toISOString(), cached: false, bytes: 0, filecount: 0, co2: 0,
    detail: null, screenshot: null,
  },
  history: [],
  averages: { percentile: null, percentiles: PERCENTILES, source: PAGE_WEIGHT_SOURCE },
});

export function answerFrom(row: FinishedRow, history: HistoryEntry[], now = Date.now()): CheckAnswer {
  const ok = row.status === "done";
  return {
    error: row.error,
    result: {
      url: row.url,
      error: row.error,
      errorType: row.errorType,
      timestamp: row.finishedAt.toISOString(),
      cached: now - row.finishedAt.getTime() > CACHED_AFTER_MS,
      bytes: row.bytes ?? 0,
      filecount: row.filecount ?? 0,
      co2: row.co2 ?? 0,
      detail: row.detail,
      screenshot: ok ? `/api/get-screenshot?url=${encodeURIComponent(row.url)}` : null,
    },
    history,
    averages: { percentile: ok ? percentileOf(row.bytes ?? 0) : null, percentiles: PERCENTILES, source: PAGE_WEIGHT_SOURCE },
  };
}
