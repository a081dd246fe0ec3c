// The filter bar in a DOM: chips in the dashboard's words with their remove buttons and Clear all;
// the Filter menu picking a value with the keyboard from the answers' values (display names in,
// stored values out), free text for contains, and Escape closing it; `is` on a dimension that has
// one merges into it. No Segments menu without a domain; with one, a name typed while its list
// loads survives the list. A goal filter's chip names its goal; the menu offers the goals, is or is not.
import { describe, expect, test } from "bun:test";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { FilterBar } from "../../../../components/dashboard/FilterBar";
import type { Filter } from "../../../../src/shared/filters";
import type { GoalRow } from "../../../../src/shared/goals";
import type { SummaryStats } from "../../../../src/shared/stats";

const row = (label: string, value: number) => ({ label, value, pc: 0, c: null });
const summary = {
  country: [row("FR", 30), row("DE", 20), row("unknown", 2)],
  source: { search: 10, social: 0, direct: 4 },
} as unknown as SummaryStats;

function bar(filters: Filter[]) {
  const changes: Filter[][] = [];
  render(<FilterBar filters={filters} answers={{ summary }} onChange={(f) => changes.push(f)} />);
  return changes;
}

describe("FilterBar", () => {
  test("chips say each filter with the names the lists show; × removes one, Clear all every one", () => {
    const filters: Filter[] = [["is", "source", ["search", "social"]], ["is_not", "country", ["FR"]]];
    const changes = bar(filters);
    expect(screen.getAllByTestId("filter-chip").map((c) => c.textContent)).toEqual(["Source is Search or Social×", "Country is not France×"]);
    expect(screen.getByTestId("filtered").textContent).toBe("Filtered");
    fireEvent.click(screen.getByRole("button", { name: "Remove filter: Source is Search or Social" }));
    fireEvent.click(screen.getByRole("button", { name: "Clear all" }));
    expect(changes).toEqual([[filters[1]!], []]);
    expect(screen.queryByRole("button", { name: /^Segments/ })).toBeNull();
  });

  test("no filters: only the Filter button", () => {
    bar([]);
    expect(screen.queryByTestId("filter-chip")).toBeNull();
    expect(screen.queryByTestId("filtered")).toBeNull();
    expect(screen.queryByRole("button", { name: "Clear all" })).toBeNull();
  });

  test("the Filter menu: a country picked by name with the arrow keys and Enter adds its code; `is` merges", () => {
    const changes = bar([["is", "country", ["DE"]]]);
    fireEvent.click(screen.getByRole("button", { name: "Filter" }));
    const menu = screen.getByTestId("filter-menu");
    fireEvent.change(within(menu).getByLabelText("Dimension"), { target: { value: "country" } });
    const input = within(menu).getByRole("combobox", { name: "Value" });
    const apply = within(menu).getByRole("button", { name: "Apply" }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.change(input, { target: { value: "fra" } });
    const values = within(menu).getByRole("listbox", { name: "Country values" });
    expect(within(values).getAllByRole("option").map((o) => o.textContent)).toEqual(["FranceFR"]);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-activedescendant")).toBe(within(values).getByRole("option").id);
    fireEvent.keyDown(input, { key: "Enter" });
    expect((input as HTMLInputElement).value).toBe("France");
    fireEvent.submit(apply.closest("form")!);
    expect(changes).toEqual([[["is", "country", ["DE", "FR"]]]]);
    expect(screen.queryByTestId("filter-menu")).toBeNull();
  });

  test("a goal filter's chip says its goal's name; the menu offers the goals by name, with is and is not only", () => {
    const goal = (id: number, name: string, match: string): GoalRow =>
      ({ id, name, kind: "page", match, value: null, createdAt: "2026-11-01T00:00:00Z", conversions: 1, rate: 0, valueSum: null, co2PerConversion: null, c: null });
    const goals = { rows: [goal(12, "Read the blog", "/blog/**"), goal(13, "Thanks", "/thanks")] };
    const changes: Filter[][] = [];
    render(<FilterBar filters={[["is", "goal", ["12"]], ["is_not", "goal", ["99"]]]} answers={{ summary, goals }} onChange={(f) => changes.push(f)} />);
    expect(screen.getAllByTestId("filter-chip").map((c) => c.textContent)).toEqual(["Goal is Read the blog×", "Goal is not #99×"]);
    fireEvent.click(screen.getByRole("button", { name: "Filter" }));
    const menu = screen.getByTestId("filter-menu");
    fireEvent.change(within(menu).getByLabelText("Operator"), { target: { value: "contains" } });
    fireEvent.change(within(menu).getByLabelText("Dimension"), { target: { value: "goal" } });
    const operator = within(menu).getByLabelText("Operator") as HTMLSelectElement;
    expect([...operator.options].map((o) => o.textContent)).toEqual(["is", "is not"]);
    expect(operator.value).toBe("is");
    const values = within(menu).getByRole("listbox", { name: "Goal values" });
    expect(within(values).getAllByRole("option").map((o) => o.textContent)).toEqual(["Read the blogPage /blog/**", "ThanksPage /thanks"]);
    fireEvent.click(within(values).getByText("Thanks"));
    fireEvent.submit(within(menu).getByRole("button", { name: "Apply" }).closest("form")!);
    expect(changes).toEqual([[["is", "goal", ["12", "13"]], ["is_not", "goal", ["99"]]]]);
  });

  test("contains takes free text; is does not; Escape closes the menu", () => {
    const changes = bar([]);
    fireEvent.click(screen.getByRole("button", { name: "Filter" }));
    const menu = screen.getByTestId("filter-menu");
    const input = within(menu).getByRole("combobox", { name: "Value" });
    fireEvent.change(input, { target: { value: "/blog" } });
    expect((within(menu).getByRole("button", { name: "Apply" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(menu).getByLabelText("Operator"), { target: { value: "contains" } });
    fireEvent.click(within(menu).getByRole("button", { name: "Apply" }));
    expect(changes).toEqual([[["contains", "page", ["/blog"]]]]);
    fireEvent.click(screen.getByRole("button", { name: "Filter" }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByTestId("filter-menu")).toBeNull();
  });
});

describe("the Segments menu", () => {
  test("a name typed while the saved segments load is still there when they arrive", async () => {
    const fetch = globalThis.fetch;
    let answer = (_: Response) => {};
    globalThis.fetch = (() => new Promise<Response>((resolve) => (answer = resolve))) as unknown as typeof fetch;
    try {
      render(<FilterBar filters={[["is", "device", ["mobile"]]]} answers={{ summary }} onChange={() => {}} segments="example.com" />);
      fireEvent.click(screen.getByRole("button", { name: /^Segments/ }));
      fireEvent.change(screen.getByLabelText("Save as segment"), { target: { value: "Phones" } });
      answer(Response.json({ segments: [] }));
      await screen.findByText(/No segments yet/);
      expect((screen.getByLabelText("Save as segment") as HTMLInputElement).value).toBe("Phones");
      expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(false);
    } finally {
      globalThis.fetch = fetch;
    }
  });
});
