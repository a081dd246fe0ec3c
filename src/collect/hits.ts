// The `hits` row as one ordered column table: each column's key in the row, its SQL name and type,
// and its value as text (null for NULL). The table gives the row its type (HitRow), and both write
// paths take their shape from it: the unnest statement of the socket path (writer.ts) and the CSV
// of the embedded COPY (copy.ts). A new column is one line here and one migration.
// NOTE: the order is the order of the CSV fields and of the unnest arrays; the SQL names follow it.

type SqlType = "timestamptz" | "int" | "smallint" | "bigint" | "date" | "boolean" | "text";
type Column<K extends string, T> = { key: K; name: string; type: SqlType; text: (v: T) => string | null };

const column = <K extends string, T>(key: K, name: string, type: SqlType, text: (v: T) => string | null): Column<K, T> =>
  ({ key, name, type, text });

const iso = (v: number) => new Date(v).toISOString();
const num = (v: number) => String(v);
const numOrNull = (v: number | null) => (v === null ? null : String(v));
const bool = (v: boolean) => (v ? "t" : "f");
const str = (v: string) => v;
const strOrNull = (v: string | null) => v;

export const HIT_COLUMNS = [
  column("time", "time", "timestamptz", iso),
  column("siteId", "site_id", "int", num),
  column("kind", "kind", "smallint", (v: 1 | 2 | 3) => String(v)),
  column("localDay", "local_day", "date", str),
  column("localHour", "local_hour", "smallint", num),
  column("path", "path", "text", str),
  column("referrerHost", "referrer_host", "text", strOrNull),
  column("source", "source", "text", strOrNull),
  column("utmSource", "utm_source", "text", strOrNull),
  column("utmMedium", "utm_medium", "text", strOrNull),
  column("utmCampaign", "utm_campaign", "text", strOrNull),
  column("country", "country", "text", strOrNull),
  column("language", "language", "text", strOrNull),
  column("browser", "browser", "text", strOrNull),
  column("os", "os", "text", strOrNull),
  column("device", "device", "text", strOrNull),
  column("screen", "screen", "text", strOrNull),
  column("isUnique", "is_unique", "boolean", bool),
  column("isBounce", "is_bounce", "boolean", bool),
  column("durationMs", "duration_ms", "int", numOrNull),
  column("loadMs", "load_ms", "int", numOrNull),
  column("transferBytes", "transfer_bytes", "bigint", numOrNull),
  column("eventName", "event_name", "text", strOrNull),
  column("eventValue", "event_value", "text", strOrNull),
  // A public social post the visit came from (referrers.ts socialPost); never anything else.
  column("referrerPost", "referrer_post", "text", strOrNull),
] as const;

type HitColumn = (typeof HIT_COLUMNS)[number];

/** One row of `hits`: a key per column, typed by what its column encodes. Nothing in it identifies a person. */
export type HitRow = { [C in HitColumn as C["key"]]: Parameters<C["text"]>[0] };

/** The SQL column list, in table order. */
export const HIT_COLUMN_NAMES = HIT_COLUMNS.map((c) => c.name).join(", ");

// TRICKY: each column's `text` takes its own field's type; read through the row they are all one
// shape. The cast only forgets which field a column reads, which `key` still says.
const CELLS = HIT_COLUMNS.map((c) => ({ key: c.key, text: c.text as (v: HitRow[keyof HitRow]) => string | null }));

/** Column `c` of every row as text (null for NULL): one array of the unnest statement. */
export function hitColumnText(rows: HitRow[], c: number): (string | null)[] {
  const { key, text } = CELLS[c]!;
  const out = new Array<string | null>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = text(rows[i]![key]);
  return out;
}

// NOTE: in CSV an unquoted empty field is NULL and "" is the empty string, so every text is quoted;
// no other type's text holds a comma, a quote or a line break.
const QUOTED = HIT_COLUMNS.map((c) => c.type === "text");
const quote = (s: string) => (s.includes('"') ? `"${s.replaceAll('"', '""')}"` : `"${s}"`);

/** The batch as CSV, fields in table order. */
export function hitsCsv(rows: HitRow[]): string {
  const last = CELLS.length - 1;
  let out = "";
  for (const r of rows) {
    for (let c = 0; c <= last; c++) {
      const { key, text } = CELLS[c]!;
      const v = text(r[key]);
      if (v !== null) out += QUOTED[c] ? quote(v) : v;
      out += c === last ? "\n" : ",";
    }
  }
  return out;
}
