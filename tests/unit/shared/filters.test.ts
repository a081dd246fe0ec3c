// The filter contract shared by the API, the dashboard's URL and the export: checking with a
// message that names the bad part, the readable URL form and its escapes, the order-free key,
// adding a clicked value, and the words a chip says; a goal filter's ids, operators, words and key.
import { describe, expect, test } from "bun:test";
import {
  addIs, describeFilter, filterParam, filtersFromParams, filtersKey, MAX_FILTERS, operatorsOf, parseFilters, toggleIs, withFilterParams, type Filter,
} from "../../../src/shared/filters";
import type { Goal } from "../../../src/shared/goals";

describe("parseFilters", () => {
  test("no parameter, or an empty one, is no filter", () => {
    expect(parseFilters(undefined)).toEqual({ ok: true, filters: [] });
    expect(parseFilters(" ")).toEqual({ ok: true, filters: [] });
    expect(parseFilters("[]")).toEqual({ ok: true, filters: [] });
  });

  test("a good set comes back as sent, repeated values once", () => {
    const set = [["is", "source", ["search", "search", "social"]], ["not_contains", "page", ["/blog"]]];
    expect(parseFilters(JSON.stringify(set))).toEqual({ ok: true, filters: [["is", "source", ["search", "social"]], ["not_contains", "page", ["/blog"]]] });
  });

  test.each([
    ["{", "filters is not valid JSON"],
    ['"source"', "filters must be a JSON array"],
    ['[["is","source"]]', "filters[0] must be [operator, dimension, values]."],
    ['[["like","source",["a"]]]', 'filters[0]: unknown operator "like"'],
    ['[["is","source",["a"]],["is","ip",["1.2.3.4"]]]', 'filters[1]: unknown dimension "ip"'],
    ['[["is","source","search"]]', "filters[0]: values must be an array of 1–20 strings."],
    ['[["is","source",[""]]]', "filters[0]: each value must be a string of 1–2048 characters."],
    [JSON.stringify(Array.from({ length: MAX_FILTERS + 1 }, () => ["is", "page", ["/"]])), `filters takes at most ${MAX_FILTERS} filters.`],
  ])("%s is refused: %s", (raw, message) => {
    const got = parseFilters(raw);
    expect(got.ok).toBe(false);
    if (!got.ok) expect(got.message).toStartWith(message);
  });
});

describe("the URL form", () => {
  const set: Filter[] = [
    ["is", "source", ["search", "social"]],
    ["is_not", "country", ["FR"]],
    ["contains", "page", ["/blog|news", "a\\b"]],
    ["not_contains", "utm_campaign", ["spring: sale"]],
  ];

  test("is readable, and reads back to the same filters", () => {
    expect(set.map(filterParam)).toEqual(["source:search|social", "country!:FR", "page~:/blog\\|news|a\\\\b", "utm_campaign!~:spring: sale"]);
    const params = withFilterParams(new URLSearchParams("range=7d&f=old:x"), set);
    expect(params.get("range")).toBe("7d");
    expect(filtersFromParams(new URLSearchParams(params.toString()))).toEqual(set);
  });

  test("a bad parameter typed by hand is left out, the good ones kept", () => {
    const params = new URLSearchParams();
    for (const f of ["visitor:1", "country?:FR", "device:mobile", "page:"]) params.append("f", f);
    expect(filtersFromParams(params)).toEqual([["is", "device", ["mobile"]]]);
  });

  test("no filters leave no f parameter", () => {
    expect(withFilterParams(new URLSearchParams("f=device:mobile&range=30d"), []).toString()).toBe("range=30d");
  });
});

describe("filtersKey", () => {
  test("the same set in any order has one key; another set another", () => {
    const a: Filter[] = [["is", "source", ["search", "social"]], ["is", "device", ["mobile"]]];
    const b: Filter[] = [["is", "device", ["mobile"]], ["is", "source", ["social", "search"]]];
    expect(filtersKey(a)).toBe(filtersKey(b));
    expect(filtersKey(a)).not.toBe(filtersKey([["is_not", "device", ["mobile"]], a[0]!]));
    expect(filtersKey([])).toBe("");
  });
});

describe("a clicked value", () => {
  test("adds is <value>: OR into the dimension's is filter, AND beside the others, once", () => {
    let f: Filter[] = [["is_not", "country", ["FR"]]];
    f = addIs(f, "source", "search");
    f = addIs(f, "source", "social");
    f = addIs(f, "source", "social");
    f = addIs(f, "country", "DE");
    expect(f).toEqual([["is_not", "country", ["FR"]], ["is", "source", ["search", "social"]], ["is", "country", ["DE"]]]);
  });

  test("says what it filters", () => {
    expect(describeFilter(["is", "source", ["search", "social"]])).toBe("Source is search or social");
    expect(describeFilter(["not_contains", "page", ["/blog"]])).toBe("Page does not contain /blog");
  });
});

describe("a goal filter", () => {
  const created = "2026-01-01T00:00:00.000Z";
  const blog: Goal = { id: 12, name: "Blog", kind: "page", match: "/blog/**", value: null, createdAt: created };
  const pro: Goal = { id: 3, name: "Went Pro", kind: "event", match: "signup", value: "pro", createdAt: created };

  test("takes goal ids with is and is not, in the API and in the URL", () => {
    expect(parseFilters('[["is","goal",["12","3"]],["is_not","goal",["7"]]]')).toEqual({ ok: true, filters: [["is", "goal", ["12", "3"]], ["is_not", "goal", ["7"]]] });
    expect(filtersFromParams(new URLSearchParams("f=goal:12&f=goal!:3"))).toEqual([["is", "goal", ["12"]], ["is_not", "goal", ["3"]]]);
    expect(filterParam(["is", "goal", ["12"]])).toBe("goal:12");
    expect(operatorsOf("goal")).toEqual(["is", "is_not"]);
    expect(operatorsOf("page")).toEqual(["is", "is_not", "contains", "not_contains"]);
  });

  test.each([
    ['[["contains","goal",["12"]]]', "filters[0]: a goal filter takes is or is_not, not contains."],
    ['[["is","page",["/"]],["not_contains","goal",["12"]]]', "filters[1]: a goal filter takes is or is_not, not not_contains."],
    ['[["is","goal",["blog"]]]', "filters[0]: a goal filter's values are goal ids (whole numbers from 1), not \"blog\"."],
    ['[["is","goal",["0"]]]', "filters[0]: a goal filter's values are goal ids (whole numbers from 1), not \"0\"."],
  ])("%s is refused: %s", (raw, message) => {
    expect(parseFilters(raw)).toEqual({ ok: false, message });
  });

  test("a contains operator typed in the URL is left out", () => {
    expect(filtersFromParams(new URLSearchParams("f=goal~:12&f=goal:x&f=goal:5"))).toEqual([["is", "goal", ["5"]]]);
  });

  test("says the goals' names, and the id of a goal it does not know", () => {
    expect(describeFilter(["is", "goal", ["12"]], [blog, pro])).toBe("Goal is Blog");
    expect(describeFilter(["is_not", "goal", ["3", "99"]], [blog, pro])).toBe("Goal is not Went Pro nor #99");
    expect(describeFilter(["is", "goal", ["12"]])).toBe("Goal is #12");
  });

  test("keys on what each goal matches when the goals are given, so a changed goal is another slice", () => {
    const f: Filter[] = [["is", "goal", ["12"]]];
    expect(filtersKey(f)).toBe(filtersKey(f, []));
    expect(filtersKey(f, [blog])).not.toBe(filtersKey(f));
    expect(filtersKey(f, [blog])).not.toBe(filtersKey(f, [{ ...blog, match: "/docs/*" }]));
    expect(filtersKey(f, [blog])).toBe(filtersKey(f, [{ ...blog, name: "Renamed" }, pro]));
    expect(filtersKey([["is", "goal", ["3"]]], [pro])).not.toBe(filtersKey([["is", "goal", ["3"]]], [{ ...pro, value: null }]));
  });

  test("a click adds the goal, a second click takes it away again", () => {
    const other: Filter = ["is", "device", ["mobile"]];
    const on = toggleIs([other], "goal", "12");
    expect(on).toEqual([other, ["is", "goal", ["12"]]]);
    expect(toggleIs(on, "goal", "3")).toEqual([other, ["is", "goal", ["12", "3"]]]);
    expect(toggleIs([other, ["is", "goal", ["12", "3"]]], "goal", "12")).toEqual([other, ["is", "goal", ["3"]]]);
    expect(toggleIs(on, "goal", "12")).toEqual([other]);
  });
});
