// Saved segments as the API answers them and the dashboard lists them: a named set of filters
// (./filters.ts) on one domain. Browser-safe.
import type { Filter } from "./filters";

/** `createdAt`/`updatedAt`: ISO 8601 times in UTC, as Date#toISOString writes them. */
export type Segment = { id: number; name: string; filters: Filter[]; createdAt: string; updatedAt: string };

/** The longest segment name accepted (after trimming its blanks). */
export const SEGMENT_NAME_MAX_LENGTH = 60;
