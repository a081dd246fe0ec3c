// The cells of the per-day formats: days (GA4's YYYYMMDD too), counts, sources classed by the
// collector's referrer lists, and country names made ISO codes.
import { describe, expect, test } from "bun:test";
import { countOf, countryCode, dayOf, sourceOf } from "../../../src/imports/formats/figures";

describe("figures", () => {
  test("a day as YYYY-MM-DD or YYYYMMDD; a day the calendar lacks is refused with its line", () => {
    expect(dayOf(2, "2024-03-01")).toBe("2024-03-01");
    expect(dayOf(2, "20240301")).toBe("2024-03-01");
    expect(() => dayOf(7, "20240230")).toThrow('line 7: bad date "20240230"');
    expect(() => dayOf(3, "yesterday")).toThrow('line 3: bad date "yesterday"');
  });

  test("a count: empty is 0, a sampled fraction is rounded, a negative or a word is refused naming the column", () => {
    expect(countOf(1, "visits", "")).toBe(0);
    expect(countOf(1, "visits", " 12 ")).toBe(12);
    expect(countOf(1, "visits", 2.6)).toBe(3);
    expect(() => countOf(4, "visits", "-1")).toThrow('line 4: bad number "-1" in "visits"');
    expect(() => countOf(5, "pageviews", "many")).toThrow('line 5: bad number "many" in "pageviews"');
  });

  test("sources: no referrer is direct; hosts, URLs and known names are classed by the collector's lists", () => {
    expect(sourceOf("")).toEqual({ label: "direct", group: "direct" });
    expect(sourceOf("Direct / None")).toEqual({ label: "direct", group: "direct" });
    expect(sourceOf("(direct)")).toEqual({ label: "direct", group: "direct" });
    expect(sourceOf("Google")).toEqual({ label: "google.com", group: "search" });
    expect(sourceOf("https://www.bing.com/search?q=x")).toEqual({ label: "bing.com", group: "search" });
    expect(sourceOf("news.ycombinator.com/item")).toEqual({ label: "news.ycombinator.com", group: "social" });
    expect(sourceOf("blog.example.org")).toEqual({ label: "blog.example.org", group: "unknown" });
    expect(sourceOf("newsletter")).toEqual({ label: "newsletter", group: "unknown" });
  });

  test("countries: English names and codes of any case as ISO codes; (not set) is none", () => {
    expect(countryCode("Germany")).toBe("DE");
    expect(countryCode("United States")).toBe("US");
    expect(countryCode("United Kingdom")).toBe("GB");
    expect(countryCode("de")).toBe("DE");
    expect(countryCode("(not set)")).toBeNull();
  });
});
