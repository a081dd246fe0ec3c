// The Carbon & Energy section in a DOM: its heading, no rating without visits, the estimated share
// of imported days' bytes, and the energy
// list's changes coloured by meaning (more CO2 per visit is bad news, a 0 % change neither), and its
// pages over their carbon budget marked (fetch is a stand-in answering the site's budgets).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { render, screen, waitFor, within } from "@testing-library/react";
import { CarbonSection } from "../../../../components/dashboard/widgets/CarbonSection";
import type { CarbonTotals, EnergyRow } from "../../../../src/stats/contract";
import { fakeFetch } from "../../fake-fetch";

const totals = (visits: number): CarbonTotals => ({
  transferredBytes: visits * 2_000_000, estimatedBytes: 0,
  co2Grams: visits * 0.3,
  avgCo2Grams: visits ? 0.3 : 0,
  rating: visits ? "D" : "A+",
  ratingScale: [{ rating: "A+", upTo: 0.04 }, { rating: "D", upTo: 0.35 }, { rating: "F", upTo: null }],
  totalKM: visits * 0.002,
  streamingHours: visits * 0.003,
  green: "unknown",
  durationTotal: visits * 30_000,
  avgTimeSpent: visits ? 30_000 : 0,
  visits,
  visitorGrid: { co2Grams: visits * 0.25, avgCo2Grams: visits ? 0.25 : 0, rating: visits ? "C" : "A+", knownShare: 0.5 },
});

const row = (label: string, c: number | null): EnergyRow => ({ label, value: 0.3, pc: 0.1, c, bytesAvg: 2_000_000, co2Grams: 3, kwh: 0.01, visits: 10, rating: "D" });

const fetchReal = globalThis.fetch;
afterEach(() => void (globalThis.fetch = fetchReal));
// NOTE: the section reads the site's budgets; a site without any unless a test says otherwise.
beforeEach(() => void fakeFetch(200, { budgets: [], maxBudgets: 20 }));


const isBudgets = (path: string) => path.endsWith("/budgets");

describe("CarbonSection", () => {
  test("has its heading, and rates the CO2 per visit of a range with visits", () => {
    render(<CarbonSection totals={totals(40)} energy={[]} limit={10} domain="shop.example" />);
    expect(screen.getByRole("heading", { name: "Carbon & Energy" })).toBeTruthy();
    const tile = screen.getByTestId("carbon").querySelector('[data-stat="per-visit"]')!;
    expect(tile.textContent).toContain("Rated D · 40 visits");
  });

  test("says which share of the bytes imported days estimate, and only when they do", () => {
    const { unmount } = render(<CarbonSection totals={{ ...totals(40), estimatedBytes: 20_000_000 }} energy={[]} limit={10} domain="shop.example" />);
    expect(screen.getByTestId("estimated").textContent).toContain("Estimated: 25.0% of these bytes are imported days' page views");
    unmount();
    render(<CarbonSection totals={totals(40)} energy={[]} limit={10} domain="shop.example" />);
    expect(screen.queryByTestId("estimated")).toBeNull();
  });

  test("a range without visits has no rating", () => {
    render(<CarbonSection totals={totals(0)} energy={[]} limit={10} domain="shop.example" />);
    const tile = screen.getByTestId("carbon").querySelector('[data-stat="per-visit"]')!;
    expect(tile.textContent).toContain("No visits yet");
    expect(screen.getByTestId("carbon").textContent).not.toContain("A+ ·");
    expect(screen.getByTestId("visitor-grid").textContent).not.toContain("rated");
  });

  test("a rise in CO2 per visit is red, a fall green, a 0 % change grey", () => {
    render(<CarbonSection totals={totals(40)} energy={[row("/heavier", 25), row("/lighter", -25), row("/same", 0.2)]} limit={10} domain="shop.example" />);
    const change = (label: string) => within(screen.getByTestId("energy-rows")).getByText(label).closest("li")!.querySelector('[title="Change against the previous period"]')!;
    expect(change("/heavier").className).toContain("text-red-700");
    expect(change("/lighter").className).toContain("text-green-700");
    expect(change("/same").className).toContain("text-gray-600");
  });

  test("a page over its budget is marked, by the first pattern that matches it, else the default; within, no mark", async () => {
    const budgets = [
      { pattern: "/blog/**", grams: 0.5, bytes: null },
      { pattern: null, grams: null, bytes: 1_500_000 },
    ];
    const paths = fakeFetch(200, { budgets, maxBudgets: 20 });
    const page = (label: string, grams: number, bytes: number): EnergyRow => ({ ...row(label, null), value: grams, bytesAvg: bytes });
    // /blog/post: 0.4 g within its 0.5 g (its 2 MB is no limit of its budget); /pricing: 2 MB over the default's 1.5 MB.
    render(<CarbonSection totals={totals(40)} energy={[page("/blog/post", 0.4, 2_000_000), page("/pricing", 0.3, 2_000_000), page("/about", 0.3, 1_000_000), page("/blog/heavy", 0.6, 100_000)]} limit={10} domain="shop.example" budgetsOf="shop.example" />);
    await waitFor(() => expect(screen.getAllByTestId("over-budget")).toHaveLength(2));
    expect(paths.filter(isBudgets)).toEqual(["/api/domains/shop.example/budgets"]);
    const marked = screen.getAllByTestId("over-budget").map((m) => m.closest("li")!.textContent);
    expect(marked[0]).toContain("/pricing");
    expect(marked[1]).toContain("/blog/heavy");
    expect(screen.getAllByTestId("over-budget")[0]!.getAttribute("title")).toBe("2 MB per visit, budget 1.5 MB");
    expect(screen.getAllByTestId("over-budget")[1]!.getAttribute("title")).toBe("0.6 g CO₂ per visit, budget 0.5 g");
  });

  test("without a site to read budgets of (not a member), none is asked for and nothing is marked", async () => {
    const paths = fakeFetch(200, { budgets: [{ pattern: null, grams: 0.01, bytes: null }], maxBudgets: 20 });
    render(<CarbonSection totals={totals(40)} energy={[row("/pricing", null)]} limit={10} domain="shop.example" />);
    expect(paths.filter(isBudgets)).toEqual([]);
    expect(screen.queryByTestId("over-budget")).toBeNull();
  });

  test("a refused budgets read marks nothing", async () => {
    const paths = fakeFetch(404, { error: "No such domain." });
    render(<CarbonSection totals={totals(40)} energy={[{ ...row("/pricing", null), bytesAvg: 9_000_000 }]} limit={10} domain="shop.example" budgetsOf="shop.example" />);
    await waitFor(() => expect(paths.filter(isBudgets)).toHaveLength(1));
    expect(screen.getByTestId("energy-rows").textContent).toContain("/pricing");
    expect(screen.queryByTestId("over-budget")).toBeNull();
  });

  test("the site's carbon.txt, read from its home page's newest inspection, under the green-hosting message", async () => {
    const paths = fakeFetch(200, {
      url: "https://shop.example/", checkedAt: "2026-11-20T10:00:00.000Z",
      carbonTxt: { status: "found", url: "https://shop.example/carbon.txt", version: "0.4", disclosures: [{ docType: "web-page", url: "https://shop.example/green", domain: null, validUntil: null }], services: [] },
    });
    render(<CarbonSection totals={totals(40)} energy={[]} limit={10} domain="shop.example" />);
    await waitFor(() => expect(screen.getByTestId("carbon-txt").textContent).toContain("carbon.txt: found — 1 disclosure."));
    expect(paths).toEqual(["/api/carbon-txt?url=https%3A%2F%2Fshop.example%2F"]);
    expect(screen.getByRole("link", { name: "web-page" }).getAttribute("href")).toBe("https://shop.example/green");
  });

  test("never inspected: a link to inspect the home page; a public dashboard asks nothing", async () => {
    fakeFetch(200, { url: "https://shop.example/", checkedAt: null, carbonTxt: null });
    const { unmount } = render(<CarbonSection totals={totals(40)} energy={[]} limit={10} domain="shop.example" />);
    await waitFor(() => expect(screen.getByTestId("carbon-txt").textContent).toStartWith("carbon.txt: not read yet."));
    expect(screen.getByRole("link", { name: "Inspect the home page" }).getAttribute("href")).toBe("/how-green-is-your-website?url=https%3A%2F%2Fshop.example%2F");
    unmount();
    const paths = fakeFetch(200, {});
    render(<CarbonSection totals={totals(40)} energy={[]} limit={10} domain={null} />);
    expect(paths).toEqual([]);
    expect(screen.queryByTestId("carbon-txt")).toBeNull();
  });
});
