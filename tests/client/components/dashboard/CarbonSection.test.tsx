// The Carbon & Energy section in a DOM: its heading, no rating without visits, the estimated share
// of imported days' bytes, and the energy
// list's changes coloured by meaning (more CO2 per visit is bad news, a 0 % change neither).
import { describe, expect, test } from "bun:test";
import { render, screen, within } from "@testing-library/react";
import { CarbonSection } from "../../../../components/dashboard/widgets/CarbonSection";
import type { CarbonTotals, EnergyRow } from "../../../../src/stats/contract";

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
});
