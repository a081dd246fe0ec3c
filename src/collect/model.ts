// Request schemas for the collection endpoints (Elysia `t`) and the row a hit becomes. Keys are one
// letter because the tracker spells them and every byte of it counts (its budget: ≤ 1,024 B gzip).
import { t, type Static } from "elysia";
import { VITAL_MAX, type Vital } from "../shared/vitals";

const domain = t.String({ minLength: 1, maxLength: 253, pattern: "^[A-Za-z0-9.:\\[\\]_-]+$" });
const path = t.String({ minLength: 1, maxLength: 2048, pattern: "^/" });
// NOTE: the tracker sends its comparisons as they are (true, false: no bytes to turn them into 1 and
// 0); an older tracker sent 1 and 0.
const flag = t.Union([t.Boolean(), t.Integer({ minimum: 0, maximum: 1 })]);
// NOTE: the tracker sends performance.now() differences, which are fractional; the pipeline rounds.
const ms = t.Number({ minimum: 0, maximum: 86_400_000 });
// NOTE: bytes of one page can pass 2 GB (a video page), so 1e11 is a plausibility cap. A negative
// count happens when a page clears its resource timings between two beacons; it is stored as 0.
const bytes = t.Integer({ minimum: -1e11, maximum: 1e11 });

// NOTE: unknown keys are refused (400), not ignored: tracker and server ship together, and a
// stray key means a client that is not ours or a bug worth seeing (enforced in the parse hook too).
const strict = { additionalProperties: false } as const;

// A page view's context: the referrer it arrived with, screen width, time zone and language. Every
// beacon of the view carries it, so its leave beacon and events land in the same stats slice.
// NOTE: optional on the leave and event beacons too: a tracker older than that sent it with the page
// view only, and a page kept open across a deploy still runs one.
const context = {
  r: t.Optional(t.String({ maxLength: 2048 })),
  w: t.Optional(t.Integer({ minimum: 0, maximum: 100_000 })),
  z: t.Optional(t.String({ maxLength: 64 })),
  l: t.Optional(t.String({ maxLength: 35 })),
};

export const PageViewBody = t.Object({
  d: domain,
  p: path,
  ...context,
  t: t.Optional(ms),
  b: t.Optional(bytes),
  u: t.Optional(flag),
}, strict);

// NOTE: the deepest share of the page seen, as a fraction; above 1 when the page is shorter than the
// window (the pipeline caps it at 100 %). null when the page has no height (the tracker's 0/0).
const share = t.Union([t.Number({ minimum: 0, maximum: 1e6 }), t.Null()]);

export const LeaveBody = t.Object({
  d: domain,
  p: path,
  ...context,
  v: ms,
  b: t.Optional(bytes),
  x: t.Optional(flag),
  s: t.Optional(share),
}, strict);

export const EventBody = t.Object({
  d: domain,
  p: path,
  ...context,
  n: t.String({ minLength: 1, maxLength: 100 }),
  v: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Number(), t.Null()])),
}, strict);

// NOTE: each metric is optional (a page without an interaction has no INP) and bounded by
// VITAL_MAX: a negative or absurd value is refused (400), never stored.
const vital = (v: Vital) => t.Optional(t.Number({ minimum: 0, maximum: VITAL_MAX[v] }));

export const VitalsBody = t.Object({
  d: domain,
  p: path,
  ...context,
  lcp: vital("lcp"),
  inp: vital("inp"),
  cls: vital("cls"),
  fcp: vital("fcp"),
  ttfb: vital("ttfb"),
}, strict);

export const PixelQuery = t.Object({
  d: domain,
  p: t.Optional(path),
  r: t.Optional(t.String({ maxLength: 2048 })),
});

export type PageViewBody = Static<typeof PageViewBody>;
export type LeaveBody = Static<typeof LeaveBody>;
export type EventBody = Static<typeof EventBody>;
export type VitalsBody = Static<typeof VitalsBody>;

/** What the HTTP edge hands the pipeline: the validated body, its kind, the time and the user-agent. */
export type Incoming =
  | { kind: "view"; body: PageViewBody; time: number; ua: string | null }
  | { kind: "leave"; body: LeaveBody; time: number; ua: string | null }
  | { kind: "event"; body: EventBody; time: number; ua: string | null }
  | { kind: "vitals"; body: VitalsBody; time: number; ua: string | null };

export const KIND = { view: 1, leave: 2, event: 3, vitals: 4 } as const;
