// Insights: computed sentences, hidden under 1050 px, "No insights yet" without data;
// and the campaign and event lists' empty and locked states.
import { describe, expect, test } from "bun:test";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { Campaigns } from "../../../../components/dashboard/widgets/Campaigns";
import { Events } from "../../../../components/dashboard/widgets/Events";
import { Insights } from "../../../../components/dashboard/widgets/Insights";
import type { PathStats, RefStats, SummaryStats } from "../../../../src/stats/contract";

const summary = (hits: number, previous: number, mobile: number, desktop: number) =>
  ({
    visits: { hits, unique: hits, bounceNew: 0, bounceCount: 0 },
    previous: { hits: previous, unique: previous, bounceNew: 0, bounceCount: 0 },
    device: { mobile, tablet: 0, desktop },
    source: { direct: hits, search: 0, social: 0, email: 0, ai: 0, unknown: 0 },
  }) as unknown as SummaryStats;

describe("Insights", () => {
  test("no data: No insights yet, and only on wide screens", () => {
    render(<Insights />);
    const box = screen.getByTestId("insights");
    expect(box.textContent).toContain("No insights yet");
    expect(box.className).toContain("hidden");
    expect(box.className).toContain("desk:block");
  });

  test("sentences from the stats", () => {
    const path = {
      path: [
        { label: "/pricing", value: 400, pc: 0.4, c: 5, visits: { hits: 400, unique: 300 }, durationAvg: null, bounceRate: null, scrollAvg: null },
        { label: "/blog/launch", value: 200, pc: 0.2, c: 150, visits: { hits: 200, unique: 150 }, durationAvg: null, bounceRate: null, scrollAvg: null },
      ],
      energy: "locked",
    } as unknown as PathStats;
    render(<Insights summary={summary(1000, 800, 250, 750)} path={path} />);
    const text = screen.getByTestId("insights").textContent!;
    expect(text).toContain("Page views rose 25% against the previous period.");
    expect(text).toContain("25.0% of page views came from mobile devices.");
    expect(text).toContain("Your top page, /pricing, brought 40.0% of all page views.");
    expect(text).toContain("/blog/launch is the biggest riser, up 150%.");
    expect(text).not.toContain("No insights yet");
  });

  test("the referrer answer comes in through the `ref` prop (a plain prop in React 19)", () => {
    const ref = { result: [{ label: "direct", value: 900, pc: 0.6, c: null }, { label: "news.ycombinator.com", value: 420, pc: 0.3, c: 12 }] } as RefStats;
    render(<Insights ref={ref} />);
    expect(screen.getByTestId("insights").textContent).toContain("news.ycombinator.com sent the most visitors from other sites (420).");
  });

  test("the demo's redacted row is no site: the first named referrer is", () => {
    const ref = { result: [{ label: "redacted", value: 900, pc: 0.6, c: null }, { label: "github.com", value: 40, pc: 0.1, c: null }] } as RefStats;
    render(<Insights ref={ref} />);
    const text = screen.getByTestId("insights").textContent!;
    expect(text).not.toContain("redacted");
    expect(text).toContain("github.com sent the most visitors from other sites (40).");
  });

  test("visits from AI assistants are an insight of their own", () => {
    const s = { ...summary(100, 0, 0, 100), source: { direct: 50, search: 20, social: 10, email: 0, ai: 20, unknown: 0 } } as SummaryStats;
    render(<Insights summary={s} />);
    expect(screen.getByTestId("insights").textContent).toContain("20.0% of visits came from AI assistants.");
  });
});

describe("Campaigns and Events", () => {
  test("empty lists say No data available for this range.; locked events show the Pro notice", () => {
    render(<Campaigns rows={[]} limit={10} pages={{ ask: () => {} }} />);
    render(<Events rows={[]} limit={10} />);
    expect(screen.getAllByText("No data available for this range.")).toHaveLength(2);
    render(<Events rows="locked" limit={10} />);
    expect(screen.getByText("Events is a Pro feature")).toBeTruthy();
  });

  test("events show their conversion rate over page views, and over unique visits on hover", () => {
    const rate = (value: number) => ({ value, parentLabel: null });
    render(<Events rows={[{ label: "signup", value: 25, pc: 1, c: null, totalConversionRate: rate(0.025), uniqueConversionRate: rate(0.05) }]} limit={10} />);
    const badge = screen.getByTestId("conversion-rate");
    expect(badge.textContent).toBe("2.5%");
    expect(badge.getAttribute("title")).toBe("Conversion rate: 2.5% of page views, 5.0% of unique visits");
    expect(screen.queryByTestId("co2-per-conversion")).toBeNull();
  });

  test("an event with carbon per conversion shows its grams beside the rate", () => {
    const rate = (value: number) => ({ value, parentLabel: null });
    render(<Events rows={[{ label: "signup", value: 4, pc: 1, c: null, totalConversionRate: rate(0.04), co2PerConversion: 1.25 }]} limit={10} />);
    expect(screen.getByTestId("co2-per-conversion").textContent).toBe("1.25 g CO₂ each");
  });

  test("a campaign opens its detail with Source, Medium and Path tabs; Path asks for its pages and says Loading… until they land", () => {
    const row = (label: string, value: number) => ({ label, value, pc: 0.5, c: null });
    const asked: (string | null)[] = [];
    const ask = (c: string | null) => void asked.push(c);
    const rows = [{ ...row("spring", 30), source: [row("newsletter", 20)], medium: [row("email", 30)], path: [] }];
    const { rerender } = render(<Campaigns rows={rows} limit={10} pages={{ ask }} />);
    fireEvent.click(screen.getByRole("button", { name: /^Inspect spring / }));
    const dialog = screen.getByRole("dialog", { name: "spring" });
    expect(within(dialog).getByText("newsletter")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("tab", { name: "Medium" }));
    expect(within(dialog).getByRole("tab", { name: "Medium" }).getAttribute("aria-selected")).toBe("true");
    expect(within(dialog).getByText("email")).toBeTruthy();
    expect(asked).toEqual([]);
    fireEvent.click(within(dialog).getByRole("tab", { name: "Path" }));
    expect(asked).toEqual(["spring"]);
    expect(within(dialog).getByText("Loading…")).toBeTruthy();
    rerender(<Campaigns rows={rows} limit={10} pages={{ ask, rows: [row("/offer", 30)] }} />);
    expect(within(dialog).getByText("/offer")).toBeTruthy();
    // NOTE: a read that failed lands as no rows: the list says so instead of loading forever.
    rerender(<Campaigns rows={rows} limit={10} pages={{ ask, rows: [] }} />);
    expect(within(dialog).getByText("No data available")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Campaigns" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(asked).toEqual(["spring", null]);
  });
});
