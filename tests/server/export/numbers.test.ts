// Exports say what /api/stats says: the XLSX opened with exceljs and the ZIP with jszip, every
// table's labels and numbers compared with the API's answers for the same range (1, 7 and 30 days
// ending today, and days across the November DST change of America/New_York; a filtered slice and a
// goal's, stated on the first sheet, the goal by its name), header rows, frozen panes, percent
// formats, CSV quoting and BOM; and
// lists past the API's 1,000-row cap.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import type { Incoming } from "../../../src/collect/model";
import { SESSION_COOKIE } from "../../../src/auth";
import { refreshAggregates } from "../../../src/hits";
import { ALL_TABLES, QUICK_TABLES } from "../../../src/export";
import { localTime } from "../../../src/shared/days";
import type { Annotation } from "../../../src/shared/annotations";
import { LIST_LIMIT } from "../../../src/stats/lists";
import type { GoalsStats, ListRow, PathStats, RefStats, SpeedStats, SummaryStats, VitalFigure } from "../../../src/stats/contract";
import { call, verifiedSession } from "../../helpers/api";
import { CHROME_UA } from "../../helpers/collect";
import { startTestServer } from "../../helpers/server";
import { ingest, traffic } from "../../helpers/stats";

const DAY = 86_400_000;
const DOMAIN = "export.example";
const MANY = "many.example";
const TZ = "America/New_York";
let server: Awaited<ReturnType<typeof startTestServer>>;
let cookie: string;
let today: string;
/** The Blog goal's id, once added. */
let blog = 0;

beforeAll(async () => {
  server = await startTestServer();
  cookie = await verifiedSession(server, "owner@example.com", "a sturdy passphrase");
  for (const domain of [DOMAIN, MANY]) {
    const res = await call(server.app, "POST", "/api/domains", { cookie, headers: { origin: "http://bothy.test" }, body: { domain, tz: TZ } });
    expect(res.status).toBe(201);
  }
  // NOTE: the domain is older than its traffic, so no range is cut at its creation.
  await server.db.sql`UPDATE domains SET created = '2025-01-01'`;
  const now = Date.now();
  await ingest(server.db.sql, traffic(DOMAIN, now - 62 * DAY, now - 10 * 60_000, 3000, 7));
  // NOTE: that traffic ends 10 minutes ago, one view every half hour: New York's day may have begun
  // since. Views at `now` keep the one-day range of today from being empty whatever the hour.
  const todays: Incoming[] = Array.from({ length: 3 }, (_, i) => ({
    kind: "view", body: { d: DOMAIN, p: `/today-${i}`, w: 1280, u: 1 }, time: now, ua: CHROME_UA,
  }));
  await ingest(server.db.sql, todays);
  // Web vitals of some of the last hours' views (which change none of the other tables' numbers).
  const vitals: Incoming[] = Array.from({ length: 8 }, (_, i) => ({
    kind: "vitals", body: { d: DOMAIN, p: `/today-${i % 3}`, w: 1280, lcp: 900 + i * 700, cls: i / 20, fcp: 500 + i * 90, ...(i % 2 ? { inp: 80 + i * 60 } : {}) },
    time: now - i * 60_000, ua: CHROME_UA,
  }));
  await ingest(server.db.sql, vitals);
  // New York's clocks went back on 2025-11-02 at 02:00 EDT (06:00Z).
  await ingest(server.db.sql, traffic(DOMAIN, Date.parse("2025-10-31T12:00:00Z"), Date.parse("2025-11-04T12:00:00Z"), 600, 9));
  const pages: Incoming[] = Array.from({ length: LIST_LIMIT + 5 }, (_, i) => ({
    kind: "view", body: { d: MANY, p: `/page-${i}`, w: 1280, u: 1 }, time: now - DAY - i * 1000, ua: CHROME_UA,
  }));
  await ingest(server.db.sql, pages);
  await refreshAggregates(server.db.sql);
  today = localTime(TZ, now).day;
  for (const [day, text] of [[back(3), "Launched the \"spring\" page, 50% off"], ["2025-11-02", "Clocks went back"]]) {
    const note = await call(server.app, "POST", "/api/annotations", { cookie, headers: { origin: "http://bothy.test" }, body: { domain: DOMAIN, day, text } });
    expect(note.status).toBe(201);
  }
  for (const goal of [{ name: "Blog", kind: "page", match: "/blog/**" }, { name: "Pro sign-ups", kind: "event", match: "signup", value: "pro" }]) {
    const added = await call(server.app, "POST", `/api/domains/${DOMAIN}/goals`, { cookie, headers: { origin: "http://bothy.test" }, body: goal });
    expect(added.status).toBe(201);
    if (goal.name === "Blog") blog = added.json.goal.id;
  }
}, 120_000);
afterAll(() => server?.stop());

const back = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);

async function download(query: string) {
  const res = await server.app.handle(new Request(`http://bothy.test/api/export?${query}`, { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } }));
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function annotations(domain: string, startKey: string, endKey: string): Promise<Annotation[]> {
  const res = await call(server.app, "GET", `/api/annotations?domain=${domain}&startKey=${startKey}&endKey=${endKey}`, { cookie });
  expect(res.status).toBe(200);
  return res.json.annotations;
}

async function stats<T>(domain: string, startKey: string, endKey: string, dataType: string, slice = ""): Promise<T> {
  const res = await call(server.app, "GET", `/api/stats?domain=${domain}&startKey=${startKey}&endKey=${endKey}&dataType=${dataType}${slice}`, { cookie });
  expect(res.status).toBe(200);
  return res.json as T;
}

type Value = string | number | null;
type Sheets = Record<string, { header: Value[]; rows: Value[][] }>;

/** A cell as a number when it is one (a percentage as its fraction), text otherwise, "" as null. */
const csvValue = (s: string): Value => {
  if (s === "") return null;
  if (/^-?\d+(\.\d+)?(e[-+]?\d+)?%$/.test(s)) return Number(s.slice(0, -1)) / 100;
  if (/^-?\d+(\.\d+)?(e[-+]?\d+)?$/.test(s)) return Number(s);
  return s;
};

/** RFC 4180 records of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (quoted) field += ch;
    else if (ch === ",") endField();
    else if (ch === "\r" && text[i + 1] === "\n") {
      endField();
      records.push(record);
      record = [];
      i++;
    } else field += ch;
  }
  expect(field + record.join("")).toBe(""); // every record ends with CRLF
  return records;
}

async function readXlsx(bytes: Buffer): Promise<{ sheets: Sheets; book: ExcelJS.Workbook }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheets: Sheets = {};
  book.eachSheet((sheet) => {
    const rows: Value[][] = [];
    const width = sheet.getRow(1).cellCount;
    sheet.eachRow((row) => rows.push(Array.from({ length: width }, (_, i) => (row.getCell(i + 1).value as Value) ?? null)));
    sheets[sheet.name] = { header: rows[0]!, rows: rows.slice(1) };
  });
  return { sheets, book };
}

async function readZip(bytes: Buffer): Promise<{ sheets: Sheets; names: string[]; raw: Record<string, string> }> {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files);
  const sheets: Sheets = {};
  const raw: Record<string, string> = {};
  for (const name of names) {
    const text = await zip.file(name)!.async("string");
    raw[name] = text;
    expect(text.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    sheets[name.replace(/\.csv$/, "")] = { header: header!, rows: rows.map((r) => r.map(csvValue)) };
  }
  return { sheets, names, raw };
}

const change = (c: number | null) => (c === null ? null : c / 100);
const list = (rows: ListRow[]) => rows.map((r) => [r.label, r.value, r.pc, change(r.c)]);
/** Each class as the dashboard names it (written out here, not read from src/shared/stats). */
const CLASS_NAMES: Record<string, string> = {
  direct: "Direct", search: "Search", social: "Social", email: "Email", ai: "AI assistants", jobs: "Jobs", unknown: "Unknown",
  mobile: "Mobile", tablet: "Tablet", desktop: "Desktop", smarttv: "Smart TV", console: "Console",
};

/** [count, share] per key; with `named`, the class's name first. */
const keyed = (map: Record<string, number>, named = false) => {
  const total = Object.values(map).reduce((a, b) => a + b, 0);
  return Object.entries(map).map(([k, v]) => [...(named ? [CLASS_NAMES[k] ?? `no name for ${k}`] : []), v, total ? v / total : 0]);
};

/** Each table's numbers (and labels) as the API states them, in the export's column order. */
/** A vital's p75 (in seconds but CLS) and its three shares, as the Speed sheet puts them. */
const vital = (name: string, f: VitalFigure): Value[] => [f.p75 === null ? null : name === "cls" ? f.p75 : f.p75 / 1000, f.good, f.needsImprovement, f.poor];
const vitals = (x: Record<"lcp" | "inp" | "cls" | "fcp" | "ttfb", VitalFigure>) => (["lcp", "inp", "cls", "fcp", "ttfb"] as const).flatMap((n) => vital(n, x[n]));

function fromApi(s: SummaryStats, p: PathStats, r: RefStats, g: GoalsStats, v: SpeedStats, a: Annotation[], stated: string[]): Record<string, Value[][]> {
  const rate = (v: SummaryStats["visits"]) => (v.bounceNew ? v.bounceCount / v.bounceNew : null);
  if (p.carbonTotals === "locked" || p.energy === "locked" || p.events === "locked" || g.goals === "locked") throw new Error("expected a Pro domain");
  const t = p.carbonTotals;
  return {
    Summary: [
      ...stated.map((f) => ["Filter", f, null, null, null, null]),
      ["Range", s.periods.now.startKey, s.periods.now.endKey, s.visits.hits, s.visits.unique, rate(s.visits)],
      ["Previous period", s.periods.then.startKey, s.periods.then.endKey, s.previous.hits, s.previous.unique, rate(s.previous)],
      ...s.days.map((d) => ["Day", d.stamp, d.stamp, d.visits, d.unique, null]),
    ],
    "Top Pages": p.path.map((x) => [x.label, x.visits.hits, x.visits.unique, x.pc, change(x.c), x.durationAvg === null ? null : x.durationAvg / 1000, x.bounceRate]),
    Referrals: list(r.result),
    Sources: keyed(s.source, true),
    "Energy & Carbon Summary": [t.transferredBytes, t.estimatedBytes, t.co2Grams, t.avgCo2Grams, t.visitorGrid.co2Grams, t.visitorGrid.avgCo2Grams, t.visitorGrid.rating, t.visitorGrid.knownShare, t.rating, t.totalKM, t.streamingHours, t.green === "unknown" ? "unknown" : t.green ? "yes" : "no", t.visits, t.durationTotal / 1000, t.avgTimeSpent / 1000].map((v) => [v]),
    "Energy & Carbon": p.energy.map((e) => [e.label, e.value, e.rating, e.pc, change(e.c), e.bytesAvg, e.co2Grams, e.kwh, e.visits]),
    Speed: [["All pages", v.site.samples, ...vitals(v.site), null, null], ...v.speed.map((x) => [x.label, x.samples, ...vitals(x), x.bytesAvg, x.co2PerVisit])],
    Countries: s.country.map((x) => [x.label, x.value, x.pc, change(x.c)]),
    Languages: s.language.map((x) => [x.label, x.value, x.pc, change(x.c)]),
    Devices: keyed(s.device, true),
    "Desktop Screen Sizes": keyed(s.size),
    Browsers: list(s.browser),
    OS: list(s.os),
    Attention: p.path.filter((x) => x.durationAvg !== null).sort((a, b) => b.durationAvg! - a.durationAvg!).map((x) => [x.label, x.durationAvg! / 1000, x.scrollAvg === null ? null : x.scrollAvg / 100, x.value]),
    Events: p.events.flatMap((e) => [
      [e.label, null, e.value, e.pc, change(e.c), e.co2PerConversion ?? null],
      ...(e.children ?? []).map((v) => [e.label, v.label, v.value, v.pc, change(v.c), v.co2PerConversion ?? null]),
    ]),
    Goals: g.goals.map((x) => [
      x.name, x.kind, x.value === null ? x.match : `${x.match} = ${x.value}`, x.conversions, x.rate, x.valueSum, x.co2PerConversion, change(x.c),
    ]),
    Campaigns: r.campaign.flatMap((c) => [
      [c.label, "All", null, c.value, c.pc, change(c.c)],
      ...c.source.map((x) => [c.label, "Source", x.label, x.value, x.pc, change(x.c)]),
      ...c.medium.map((x) => [c.label, "Medium", x.label, x.value, x.pc, change(x.c)]),
      ...c.path.map((x) => [c.label, "Entry page", x.label, x.value, x.pc, change(x.c)]),
    ]),
    Annotations: a.map((x) => [x.day, "Note", x.text]),
  };
}

/** The exported columns that carry the API's figures, per table (labels the export adds are left out). */
const PICK: Record<string, number[]> = {
  Sources: [0, 1, 2], Devices: [0, 1, 2], "Desktop Screen Sizes": [2, 3], Countries: [0, 2, 3, 4], Languages: [0, 2, 3, 4], "Energy & Carbon Summary": [1],
};

const close = (a: Value, b: Value) => (typeof a === "number" && typeof b === "number" ? Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)) : a === b);

function expectSame(sheets: Sheets, want: Record<string, Value[][]>, names: readonly string[]) {
  expect(Object.keys(sheets)).toEqual([...names]);
  for (const name of names) {
    const pick = PICK[name];
    const got = sheets[name]!.rows.map((r) => (pick ? pick.map((i) => r[i] ?? null) : r));
    const expected = want[name]!;
    expect({ name, rows: got.length }).toEqual({ name, rows: expected.length });
    got.forEach((row, i) => {
      if (!row.every((v, j) => close(v, expected[i]![j] ?? null))) expect({ name, row: i, got: row }).toEqual({ name, row: i, got: expected[i]! });
    });
  }
}

/** A slice: its `filters` parameter, and how the Summary sheet must state it. */
type Slice = { query: string; stated: string[] };
const WHOLE: Slice = { query: "", stated: [] };
const MOBILE_FROM_SEARCH: Slice = {
  query: `&filters=${encodeURIComponent(JSON.stringify([["is", "device", ["mobile"]], ["is", "source", ["search", "social"]]]))}`,
  stated: ["Device is mobile", "Source is search or social"],
};
/** NOTE: a getter: the goal's id is known once beforeAll added it. */
const BLOG_GOAL: Slice = {
  get query() {
    return `&filters=${encodeURIComponent(JSON.stringify([["is", "goal", [String(blog)]]]))}`;
  },
  stated: ["Goal is Blog"],
};

const RANGES: [string, () => [string, string], Slice][] = [
  ["1 day (today)", () => [today, today], WHOLE],
  ["7 days", () => [back(6), today], WHOLE],
  ["30 days", () => [back(29), back(0)], WHOLE],
  ["across New York's DST end", () => ["2025-10-31", "2025-11-04"], WHOLE],
  ["30 days of mobile visitors from search and social", () => [back(29), back(0)], MOBILE_FROM_SEARCH],
  ["7 days of the Blog goal's conversions", () => [back(6), today], BLOG_GOAL],
];

describe.each(RANGES)("%s", (_, range, slice) => {
  test("the XLSX and the ZIP hold every table with the API's numbers", async () => {
    const [startKey, endKey] = range();
    const [s, p, r, g, v] = await Promise.all([
      stats<SummaryStats>(DOMAIN, startKey, endKey, "SUMMARY", slice.query), stats<PathStats>(DOMAIN, startKey, endKey, "PATH", slice.query),
      stats<RefStats>(DOMAIN, startKey, endKey, "REF", slice.query), stats<GoalsStats>(DOMAIN, startKey, endKey, "GOALS", slice.query),
      stats<SpeedStats>(DOMAIN, startKey, endKey, "SPEED", slice.query),
    ]);
    expect(s.visits.hits).toBeGreaterThan(0);
    const notes = await annotations(DOMAIN, startKey, endKey);
    if (startKey <= back(3) && back(3) <= endKey) expect(notes).toHaveLength(1);
    const want = fromApi(s, p, r, g, v, notes, slice.stated);
    // NOTE: not trivially empty: the unfiltered ranges with today hold the vitals sent.
    if (slice === WHOLE && endKey === today) expect(want.Speed!.length).toBeGreaterThan(1);
    // NOTE: not trivially zero: over 30 days of every visit, both goals convert.
    if (slice === WHOLE && startKey === back(29)) expect(want.Goals!.map((row) => row[3])).not.toContain(0);
    const q = `domain=${DOMAIN}&startKey=${startKey}&endKey=${endKey}${slice.query}`;

    const xlsx = await download(`${q}&format=xlsx`);
    expect(xlsx.res.status).toBe(200);
    expect(xlsx.res.headers.get("content-disposition")).toBe(`attachment; filename="${DOMAIN}_${startKey}_${endKey}.xlsx"`);
    expectSame((await readXlsx(xlsx.bytes)).sheets, want, ALL_TABLES);

    const zip = await download(`${q}&format=csv`);
    expect(zip.res.status).toBe(200);
    expect(zip.res.headers.get("content-type")).toBe("application/zip");
    expect(zip.res.headers.get("content-disposition")).toBe(`attachment; filename="${DOMAIN}_${startKey}_${endKey}.zip"`);
    const { sheets, names } = await readZip(zip.bytes);
    expect(names).toEqual(ALL_TABLES.map((n) => `${n}.csv`));
    expectSame(sheets, want, ALL_TABLES);
  }, 60_000);
});

describe("file details", () => {
  test("a malformed filter is a 400 before any byte of a file", async () => {
    const { res, bytes } = await download(`domain=${DOMAIN}&startKey=${back(6)}&endKey=${today}&format=xlsx&filters=${encodeURIComponent('[["is","visitor",["x"]]]')}`);
    expect(res.status).toBe(400);
    expect(JSON.parse(bytes.toString()).error.message).toStartWith('filters[0]: unknown dimension "visitor"');
  });

  test("quick exports hold the dashboard's five tables, in the SPEC's order", async () => {
    const q = `domain=${DOMAIN}&startKey=${back(6)}&endKey=${today}&tables=quick`;
    const { sheets } = await readXlsx((await download(`${q}&format=xlsx`)).bytes);
    expect(Object.keys(sheets)).toEqual(["Summary", "Devices", "Desktop Screen Sizes", "Sources", "Energy & Carbon"]);
    expect((await readZip((await download(`${q}&format=csv`)).bytes)).names).toEqual(QUICK_TABLES.map((n) => `${n}.csv`));
  });

  test("sheets: bold frozen header, numbers as numbers, percent format, widths of the longest cell + 2", async () => {
    const { book } = await readXlsx((await download(`domain=${DOMAIN}&startKey=${back(6)}&endKey=${today}&format=xlsx`)).bytes);
    const pages = book.getWorksheet("Top Pages")!;
    expect(pages.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(pages.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    const row = pages.getRow(2);
    expect(typeof row.getCell(2).value).toBe("number");
    expect(row.getCell(4).numFmt).toBe("0.00%");
    const longest = Math.max(...pages.getColumn(1).values.filter((v) => v != null).map((v) => String(v).length));
    expect(pages.getColumn(1).width).toBe(longest + 2);
  });

  test("exports have no 1,000-row cap; the API keeps its cap", async () => {
    const q = `domain=${MANY}&startKey=${back(6)}&endKey=${today}`;
    const api = await stats<PathStats>(MANY, back(6), today, "PATH");
    expect(api.path).toHaveLength(LIST_LIMIT);
    const { sheets } = await readXlsx((await download(`${q}&format=xlsx`)).bytes);
    expect(sheets["Top Pages"]!.rows).toHaveLength(LIST_LIMIT + 5);
    const csv = await readZip((await download(`${q}&format=csv`)).bytes);
    expect(csv.sheets["Top Pages"]!.rows).toHaveLength(LIST_LIMIT + 5);
    expect(csv.sheets["Top Pages"]!.rows.reduce((n, r) => n + (r[1] as number), 0)).toBe(LIST_LIMIT + 5);
  });
});
