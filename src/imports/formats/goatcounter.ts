// GoatCounter's CSV export (version 2): one row per page view or event, as its exporter writes it
// (arp242/goatcounter exportcsv.go: the header "2Path,Title,Event,UserAgent,Browser,System,Session,
// Bot,Referrer,Referrer scheme,Screen size,Location,FirstVisit,Date", the version glued to the first
// column's name). Rows marked as bots are skipped; the session and the user agent are never kept.
import { ImportFault, type ImportedHit } from "../model";
import type { Importer } from "./types";
import { cellsBy, isoDate, openCsv, type Csv } from "./read";

const VERSION_PATH = "2Path";

/**
 * GoatCounter's own referrer groups ("Referrer scheme" g), as a host of each group that the
 * collector's referrer lists know (GoatCounter's ref.go groups them from these and their kin).
 */
const GROUPS: Record<string, string> = {
  Google: "google.com", Yandex: "yandex.ru", Yahoo: "search.yahoo.com", Baidu: "baidu.com", "Hacker News": "news.ycombinator.com",
  Email: "mail.google.com", RSS: "feedly.com", "Telegram Messenger": "org.telegram.messenger", "Slack Chat": "com.slack",
};

const yes = (v: string) => v === "1" || v === "true" || v === "t";

const COLUMNS = [VERSION_PATH, "Event", "UserAgent", "Browser", "System", "Bot", "Referrer", "Referrer scheme", "Screen size",
  "Location", "FirstVisit", "Date"] as const;
type Column = (typeof COLUMNS)[number];

/** A row as a hit, or null for a bot's. */
function hitOf(at: (name: Column) => string, line: number): ImportedHit | null {
  const bot = at("Bot");
  if (bot !== "" && bot !== "0") return null;
  const time = isoDate(line, at("Date"));
  const path = at(VERSION_PATH);
  if (yes(at("Event"))) return { time, kind: "event", path: "/", eventName: path.replace(/^\/+/, "") };
  const ref = at("Referrer");
  const scheme = at("Referrer scheme");
  // NOTE: a campaign row's referrer is its utm_source (or ref=) value, not a URL.
  const referrer = scheme === "c" ? undefined : scheme === "g" ? GROUPS[ref] : ref;
  const location = at("Location");
  return {
    time,
    kind: "view",
    path: path || "/",
    referrer,
    utmSource: scheme === "c" ? ref : undefined,
    country: location ? location.slice(0, 2) : undefined,
    userAgent: at("UserAgent") || undefined,
    browser: at("Browser"),
    os: at("System"),
    screenWidth: Number.parseFloat(at("Screen size").split(",")[0] ?? "") || undefined,
    unique: yes(at("FirstVisit")),
  };
}

async function* hits(csv: Csv): AsyncGenerator<ImportedHit> {
  const row = cellsBy(csv, COLUMNS);
  for await (const { line, cells } of csv.rows) {
    const hit = hitOf(row(cells), line);
    if (hit) yield hit;
  }
}

export const goatcounter: Importer = async (src) => {
  const csv = await openCsv(src, [VERSION_PATH, "Event", "Date"]).catch((err: unknown) => {
    // A version 1 export (or another file) says so rather than naming a column.
    if (err instanceof ImportFault && err.line === 1 && err.reason.includes(VERSION_PATH)) {
      throw new ImportFault(1, `not a GoatCounter CSV export of version 2: missing column "${VERSION_PATH}"`);
    }
    throw err;
  });
  return { kind: "hits", hits: hits(csv) };
};
