// Page goal patterns: `*` stays within a path segment, `**` crosses them, a trailing "/" is ignored
// on either side, everything else is literal (".", "+", "?", "(" and a hash route's "#"); and
// patternProblem's refusals. A goal row carries both the goal's own value and its value sum.
import { describe, expect, test } from "bun:test";
import { matchesPage, patternProblem, patternSource, GOAL_MATCH_MAX_LENGTH, type GoalRow } from "../../../src/shared/goals";

describe("matchesPage", () => {
  test.each([
    ["/thanks", "/thanks", true],
    ["/thanks", "/thanks/", true],
    ["/thanks/", "/thanks", true],
    ["/thanks", "/thanks/again", false],
    ["/thanks", "/thanksgiving", false],
    ["/thanks", "/other/thanks", false],
    ["/", "/", true],
    ["/", "/blog", false],
    ["/blog/*", "/blog/a", true],
    ["/blog/*", "/blog/", true],
    ["/blog/*", "/blog/a/b", false],
    ["/blog/*/edit", "/blog/post-1/edit", true],
    ["/blog/*/edit", "/blog/a/b/edit", false],
    ["/blog/**", "/blog/a/b/c", true],
    ["/blog/**", "/blog/", true],
    ["/blog/**", "/blogroll", false],
    ["/**/pay", "/shop/cart/pay", true],
    ["/**", "/anything/at/all", true],
    ["/post-*.html", "/post-12.html", true],
    ["/post-*.html", "/post-12xhtml", false],
    ["/c++", "/c++", true],
    ["/c++", "/ccc", false],
    ["/a?b", "/a?b", true],
    ["/a?b", "/ab", false],
    ["/(draft)", "/(draft)", true],
    ["/price$", "/price$", true],
    ["/app#/settings", "/app#/settings", true],
    ["/app#/settings", "/app", false],
    ["/app#/**", "/app#/settings/team", true],
    ["/#!/item/*", "/#!/item/4", true],
  ])("%s on %s: %p", (pattern, path, expected) => {
    expect(matchesPage(pattern, path)).toBe(expected);
  });

  test("the source is anchored at both ends", () => {
    expect(patternSource("/a/*")).toBe("^/a/[^/]*/?$");
    expect(patternSource("/a/**/")).toBe("^/a/.*/?$");
  });
});

describe("patternProblem", () => {
  test("a pattern starts with /, is not too long and has no ***", () => {
    expect(patternProblem("/blog/**")).toBeNull();
    expect(patternProblem("thanks")).toBe("A page goal's pattern starts with /, e.g. /thanks or /blog/**.");
    expect(patternProblem("*")).toBe("A page goal's pattern starts with /, e.g. /thanks or /blog/**.");
    expect(patternProblem(`/${"a".repeat(GOAL_MATCH_MAX_LENGTH)}`)).toBe(`A page goal's pattern has at most ${GOAL_MATCH_MAX_LENGTH} characters.`);
    expect(patternProblem("/a/***")).toBe("Use * for any characters but /, and ** for any characters: not ***.");
  });
});

test("a goal row keeps the goal's value (what converts) and its value sum apart", () => {
  const row: GoalRow = {
    id: 1, name: "Bought", kind: "event", match: "purchase", value: "12.5", createdAt: "2026-01-01T00:00:00.000Z",
    conversions: 2, rate: 0.5, valueSum: 25, co2PerConversion: 0.4, c: null,
  };
  expect([row.value, row.valueSum]).toEqual(["12.5", 25]);
});
