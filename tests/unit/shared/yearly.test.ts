// The report's addresses: the page and its PDF for a year, and for a slice the dashboard's own `f`
// parameters, which the report page reads back as the same filters.
import { describe, expect, test } from "bun:test";
import { filtersFromParams, type Filter } from "../../../src/shared/filters";
import { reportHref, reportPdfHref } from "../../../src/shared/yearly";

describe("reportHref and reportPdfHref", () => {
  test("without filters, the year alone", () => {
    expect(reportHref("kiwi.example", 2025)).toBe("/dashboard/kiwi.example/report?year=2025");
    expect(reportPdfHref("kiwi.example", "2025")).toBe("/dashboard/kiwi.example/report.pdf?year=2025");
  });

  test("with filters, one `f` each, read back as the same filters (a | in a value included)", () => {
    const filters: Filter[] = [["is", "source", ["search"]], ["not_contains", "page", ["/a|b", "/c"]]];
    for (const href of [reportHref("kiwi.example", 2025, filters), reportPdfHref("kiwi.example", 2025, filters)]) {
      const url = new URL(href, "http://bothy.test");
      expect(url.searchParams.get("year")).toBe("2025");
      expect(url.searchParams.getAll("f")).toEqual(["source:search", "page!~:/a\\|b|/c"]);
      expect(filtersFromParams(url.searchParams)).toEqual(filters);
    }
    expect(reportPdfHref("kiwi.example", 2025, filters)).toStartWith("/dashboard/kiwi.example/report.pdf?year=2025&f=");
  });
});
