// The `hits` row as one ordered column table: each column's SQL name and type, and how its value is
// read from the row as text (null for NULL). The table gives the row its type (HitRow), and both write
// paths of the collector take their shape from it: the unnest statement of the socket path
// (src/collect/writer.ts) and the CSV of the embedded COPY (src/collect/copy.ts). A new column is
// one line here, one in ./fields.ts and one migration.
// NOTE: the order is the order of the CSV fields and of the unnest arrays; the SQL names follow it.

type SqlType = "timestamptz" | "int" | "smallint" | "bigint" | "real" | "date" | "boolean" | "text";
/** `text` names, in its parameter's type, the field of the row it reads: that is how the row gets its type. */
type Column<R> = { name: string; type: SqlType; text: (r: R) => string | null };

const column = <R>(name: string, type: SqlType, text: (r: R) => string | null): Column<R> => ({ name, type, text });
const num = (v: number | null) => (v === null ? null : String(v));

// NOTE: each `text` reads its field by name (not r[key]), so every read stays a fast monomorphic
// property access on the writer's hot path.
export const HIT_COLUMNS = [
  column("time", "timestamptz", (r: { time: number }) => new Date(r.time).toISOString()),
  column("site_id", "int", (r: { siteId: number }) => String(r.siteId)),
  column("kind", "smallint", (r: { kind: 1 | 2 | 3 | 4 }) => String(r.kind)),
  column("local_day", "date", (r: { localDay: string }) => r.localDay),
  column("local_hour", "smallint", (r: { localHour: number }) => String(r.localHour)),
  column("path", "text", (r: { path: string }) => r.path),
  column("referrer_host", "text", (r: { referrerHost: string | null }) => r.referrerHost),
  column("source", "text", (r: { source: string | null }) => r.source),
  column("utm_source", "text", (r: { utmSource: string | null }) => r.utmSource),
  column("utm_medium", "text", (r: { utmMedium: string | null }) => r.utmMedium),
  column("utm_campaign", "text", (r: { utmCampaign: string | null }) => r.utmCampaign),
  column("country", "text", (r: { country: string | null }) => r.country),
  column("language", "text", (r: { language: string | null }) => r.language),
  column("browser", "text", (r: { browser: string | null }) => r.browser),
  column("os", "text", (r: { os: string | null }) => r.os),
  column("device", "text", (r: { device: string | null }) => r.device),
  column("screen", "text", (r: { screen: string | null }) => r.screen),
  column("is_unique", "boolean", (r: { isUnique: boolean }) => (r.isUnique ? "t" : "f")),
  column("is_bounce", "boolean", (r: { isBounce: boolean }) => (r.isBounce ? "t" : "f")),
  column("duration_ms", "int", (r: { durationMs: number | null }) => num(r.durationMs)),
  column("load_ms", "int", (r: { loadMs: number | null }) => num(r.loadMs)),
  column("transfer_bytes", "bigint", (r: { transferBytes: number | null }) => num(r.transferBytes)),
  column("event_name", "text", (r: { eventName: string | null }) => r.eventName),
  column("event_value", "text", (r: { eventValue: string | null }) => r.eventValue),
  // A public social post the visit came from (src/collect/referrers.ts socialPost); never anything else.
  column("referrer_post", "text", (r: { referrerPost: string | null }) => r.referrerPost),
  // Leave beacons: the deepest share of the page seen, in whole percent.
  column("scroll_pct", "smallint", (r: { scrollPct: number | null }) => num(r.scrollPct)),
  // The page before this one in the same tab (a path of the site), for funnels; a leave beacon's and
  // an event's are their page view's.
  column("from_path", "text", (r: { fromPath: string | null }) => r.fromPath),
  // Web vitals (kind 4, src/shared/vitals.ts): milliseconds rounded, CLS as sent.
  column("lcp_ms", "int", (r: { lcpMs: number | null }) => num(r.lcpMs)),
  column("inp_ms", "int", (r: { inpMs: number | null }) => num(r.inpMs)),
  column("cls", "real", (r: { cls: number | null }) => num(r.cls)),
  column("fcp_ms", "int", (r: { fcpMs: number | null }) => num(r.fcpMs)),
  column("ttfb_ms", "int", (r: { ttfbMs: number | null }) => num(r.ttfbMs)),
] as const;

type Read<C> = C extends Column<infer R> ? R : never;
type AllOf<U> = (U extends unknown ? (u: U) => void : never) extends (all: infer I) => void ? I : never;
type Fields = AllOf<Read<(typeof HIT_COLUMNS)[number]>>;

/** One row of `hits`: every field some column reads. Nothing in it identifies a person. */
export type HitRow = { [K in keyof Fields]: Fields[K] };

/** The SQL column list, in table order. */
export const HIT_COLUMN_NAMES = HIT_COLUMNS.map((c) => c.name).join(", ");

const TEXT: ((r: HitRow) => string | null)[] = HIT_COLUMNS.map((c) => c.text);

/** Column `c` of every row as text (null for NULL): one array of the unnest statement. */
export function hitColumnText(rows: HitRow[], c: number): (string | null)[] {
  const text = TEXT[c]!;
  const out = new Array<string | null>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = text(rows[i]!);
  return out;
}

// NOTE: in CSV an unquoted empty field is NULL and "" is the empty string, so every text is quoted;
// no other type's text holds a comma, a quote or a line break.
const QUOTED = HIT_COLUMNS.map((c) => c.type === "text");
const quote = (s: string) => (s.includes('"') ? `"${s.replaceAll('"', '""')}"` : `"${s}"`);

/** The batch as CSV, fields in table order. */
export function hitsCsv(rows: HitRow[]): string {
  const last = TEXT.length - 1;
  let out = "";
  for (const r of rows) {
    for (let c = 0; c <= last; c++) {
      const v = TEXT[c]!(r);
      if (v !== null) out += QUOTED[c] ? quote(v) : v;
      out += c === last ? "\n" : ",";
    }
  }
  return out;
}
