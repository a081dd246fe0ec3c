// The dashboard's view in the URL: presets and custom ranges, defaults left out, round trips, and
// unreadable values falling back to the defaults, the filters as readable `f` parameters.
import { describe, expect, test } from "bun:test";
import { DEFAULT_VIEW, parseView, rangeChoice, rangeOf, viewParams, viewQuery, type View } from "../../../../components/dashboard/view-url";

const parse = (q: string) => parseView(new URLSearchParams(q));
const TODAY = "2026-11-23";

describe("parseView", () => {
  test("no query is the default view: the opening preset, columns by day, 10 rows, no popup", () => {
    expect(parse("")).toEqual(DEFAULT_VIEW);
    expect(DEFAULT_VIEW).toEqual({ range: "7d", chart: "column", hours: false, limit: 10, popup: null, filters: [] });
  });

  test("a preset id, or a custom range from/to (reordered when backwards)", () => {
    expect(parse("range=30d").range).toBe("30d");
    expect(parse("range=month").range).toBe("month");
    expect(parse("from=2026-11-01&to=2026-11-07").range).toEqual({ startKey: "2026-11-01", endKey: "2026-11-07" });
    expect(parse("from=2026-11-07&to=2026-11-01").range).toEqual({ startKey: "2026-11-01", endKey: "2026-11-07" });
    // NOTE: a preset wins over from/to when both are given.
    expect(parse("range=today&from=2026-11-01&to=2026-11-07").range).toBe("today");
  });

  test("chart, hours, limit and popup", () => {
    expect(parse("chart=line&hours=1&limit=30&popup=page:/pricing")).toEqual({ range: "7d", chart: "line", hours: true, limit: 30, popup: { kind: "page", label: "/pricing" }, filters: [] });
    // A label may hold colons of its own.
    expect(parse("popup=referrer:https://news.example:8080/a").popup).toEqual({ kind: "referrer", label: "https://news.example:8080/a" });
  });

  test("unreadable values fall back to their defaults, never throw", () => {
    const bad = ["range=31d", "range=", "from=2026-02-30&to=2026-03-02", "from=2026-11-01", "to=2026-11-01", "from=yesterday&to=today", "chart=pie", "hours=yes", "limit=15", "limit=abc", "limit=1e1", "popup=page:", "popup=country:DE", "popup=page", "range=%E0%A4%A"];
    for (const q of bad) expect({ q, view: parse(q) }).toEqual({ q, view: DEFAULT_VIEW });
  });
});

describe("viewParams", () => {
  test("only values other than the defaults are written", () => {
    expect(viewParams(DEFAULT_VIEW).toString()).toBe("");
    expect(viewParams({ ...DEFAULT_VIEW, range: "30d" }).toString()).toBe("range=30d");
    expect(viewParams({ ...DEFAULT_VIEW, range: { startKey: "2026-11-01", endKey: "2026-11-07" } }).toString()).toBe("from=2026-11-01&to=2026-11-07");
    expect(viewParams({ ...DEFAULT_VIEW, chart: "line", hours: true, limit: 20 }).toString()).toBe("chart=line&hours=1&limit=20");
  });

  test("every view survives the round trip through the URL", () => {
    const views: View[] = [
      DEFAULT_VIEW,
      { range: "yesterday", chart: "line", hours: true, limit: 30, popup: { kind: "referrer", label: "news.example" }, filters: [] },
      { range: { startKey: "2026-10-30", endKey: "2026-11-02" }, chart: "column", hours: false, limit: 20, popup: { kind: "page", label: "/a?b=c&d=e#f" }, filters: [["is", "source", ["search"]]] },
      { ...DEFAULT_VIEW, range: "30d", filters: [["is", "page", ["/a b+c", "/x|y\\z&q=1#h"]], ["is_not", "country", ["FR"]], ["contains", "referrer", ["news:8080/"]], ["not_contains", "event", ["sign up"]]] },
      { ...DEFAULT_VIEW, range: { startKey: "2026-11-05", endKey: "2026-11-05" } },
    ];
    for (const view of views) {
      expect(parse(viewParams(view).toString())).toEqual(view);
      expect(parse(viewQuery(view))).toEqual(view);
    }
  });

  test("the address bar's query keeps the filters readable, next to the range", () => {
    const view: View = { ...DEFAULT_VIEW, range: "30d", filters: [["is", "source", ["search"]], ["is_not", "country", ["FR"]], ["is", "page", ["/pricing", "/a b"]]] };
    expect(viewQuery(view)).toBe("range=30d&f=source:search&f=country!:FR&f=page:/pricing|/a%20b".replace("|", "%7C"));
    expect(viewQuery(DEFAULT_VIEW)).toBe("");
    // NOTE: a hand-typed filter that does not parse is left out; the rest of the view stands.
    expect(parse("range=30d&f=colour:red&f=device:mobile")).toEqual({ ...DEFAULT_VIEW, range: "30d", filters: [["is", "device", ["mobile"]]] });
  });
});

describe("ranges", () => {
  test("a preset resolves against today; a custom range stays on its days", () => {
    expect(rangeOf("30d", TODAY)).toEqual({ startKey: "2026-10-25", endKey: TODAY });
    expect(rangeOf("30d", "2026-11-24")).toEqual({ startKey: "2026-10-26", endKey: "2026-11-24" });
    const custom = { startKey: "2026-11-01", endKey: "2026-11-03" };
    expect(rangeOf(custom, TODAY)).toBe(custom);
  });

  test("a picked range is kept as the preset it is today, so it moves with the days", () => {
    expect(rangeChoice({ startKey: "2026-11-17", endKey: TODAY }, TODAY)).toBe("7d");
    expect(rangeChoice({ startKey: TODAY, endKey: TODAY }, TODAY)).toBe("today");
    expect(rangeChoice({ startKey: "2026-11-01", endKey: TODAY }, TODAY)).toBe("month");
    expect(rangeChoice({ startKey: "2026-11-17", endKey: "2026-11-22" }, TODAY)).toEqual({ startKey: "2026-11-17", endKey: "2026-11-22" });
  });
});
