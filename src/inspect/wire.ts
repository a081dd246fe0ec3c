// What travels over the inspector's internal API (internal.ts answers it, remote.ts asks it): the
// claim, the job handed out, and a run's outcome with its detail. The app checks every field here
// against these schemas, as it would any visitor's: the worker drives a browser on pages we do not
// control, so its words are input like any other.
import { t, type Static } from "elysia";

const count = t.Integer({ minimum: 0 });
const amount = t.Number({ minimum: 0 });
const short = (maxLength: number) => t.String({ maxLength });

const fileEntry = t.Object({ url: short(8192), bytes: amount });
const files = t.Array(fileEntry, { maxItems: 10_000 });
const cookieEntry = t.Object({
  name: short(4096), domain: short(255), path: short(4096),
  stored: t.Boolean(), thirdParty: t.Boolean(), secure: t.Boolean(), httpOnly: t.Boolean(),
});
const fix = t.Object({
  kind: t.UnionEnum(["largest", "uncompressed", "third-party", "old-image-format", "oversized-image", "no-cache", "fonts"]),
  target: short(8192),
  bytes: amount,
  saves: amount,
  green: t.Optional(short(255)),
});

const carbonTxt = t.Union([
  t.Object({ status: t.Literal("none") }),
  t.Object({ status: t.Literal("unreachable"), message: short(500) }),
  t.Object({ status: t.Literal("invalid"), url: short(8192), message: short(500) }),
  t.Object({
    status: t.Literal("found"), url: short(8192), version: t.Union([short(20), t.Null()]),
    disclosures: t.Array(t.Object({
      docType: short(300), url: t.Union([short(8192), t.Null()]), domain: t.Union([short(300), t.Null()]),
      validUntil: t.Union([short(10), t.Null()]),
    }), { maxItems: 50 }),
    services: t.Array(t.Object({ domain: short(300), serviceType: t.Union([short(300), t.Null()]) }), { maxItems: 50 }),
  }),
]);

const detail = t.Object({
  title: short(4096),
  finalUrl: short(8192),
  green: short(255),
  rating: short(8),
  kwh: amount,
  blocked: t.Record(t.String(), count),
  blockedBytes: amount,
  cookies: t.Record(t.String(), cookieEntry),
  // NOTE: one key per FileGroup (classify.ts); the compiler holds the two together where a body is stored.
  files: t.Object({ images: files, scripts: files, html: files, styles: files, fonts: files, videos: files, other: files }),
  refused: t.Array(t.Object({ host: short(255), reason: short(64) }), { maxItems: 10_000 }),
  truncated: t.Union([t.UnionEnum(["time", "bytes", "requests"]), t.Null()]),
  failed: t.Optional(count),
  dataUrls: t.Optional(count),
  ecoindex: t.Optional(t.Object({
    score: t.Number(), grade: t.UnionEnum(["A", "B", "C", "D", "E", "F", "G"]),
    ghg: amount, water: amount, domSize: count,
  })),
  fixes: t.Optional(t.Array(fix, { maxItems: 100 })),
  carbonTxt: t.Optional(carbonTxt),
});

/** A job id: inspections.id, a bigserial (18 digits stay below its maximum). */
export const jobParams = t.Object({ id: t.String({ pattern: "^[1-9][0-9]{0,17}$" }) });

export const claimBody = t.Object({ leaseMs: t.Integer({ minimum: 1000, maximum: 600_000 }) });

export const jobAnswer = t.Object({
  job: t.Union([t.Object({ id: t.String({ pattern: "^[1-9][0-9]{0,17}$" }), url: short(4096), attempts: count }), t.Null()]),
});

const base64 = (maxLength: number) => t.String({ pattern: "^[A-Za-z0-9+/]*={0,2}$", maxLength });

/** An image as it travels (base64), or null when there is none. */
export const toWire = (bytes: Uint8Array | null | undefined) => (bytes ? Buffer.from(bytes).toString("base64") : null);
export const fromWire = (text: string | null | undefined) => (text ? Buffer.from(text, "base64") : null);

/** A run's outcome; the screenshot is the JPEG in base64, the card the PNG (absent from older workers). */
export const resultBody = t.Union([
  t.Object({
    outcome: t.Literal("done"),
    bytes: amount, bytesInitial: amount, filecount: count, co2: amount, detail,
    screenshot: t.Union([base64(4_000_000), t.Null()]),
    card: t.Optional(t.Union([base64(2_000_000), t.Null()])),
  }),
  t.Object({
    outcome: t.Literal("failed"),
    error: t.String({ minLength: 1, maxLength: 500 }),
    errorType: t.UnionEnum(["error", "generic_error", "forbidden"]),
  }),
]);
export type ResultBody = Static<typeof resultBody>;

/** What the app answers a stored outcome: false when the job was no longer running. */
export const storedAnswer = t.Object({ stored: t.Boolean() });
