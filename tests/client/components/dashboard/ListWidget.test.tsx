// The list widget in a DOM: search with Escape, paging,
// the # / % toggle, one expanded row at a time, the full-list popup's 50-then-all rendering,
// the empty text and the locked notice; in a list that filters, the label filters beside INSPECT.
import { describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { ListWidget } from "../../../../components/dashboard/widgets/ListWidget";
import type { ListRow } from "../../../../src/stats/contract";

const rows = (n: number): ListRow[] =>
  Array.from({ length: n }, (_, i) => ({ label: `/page-${i + 1}`, value: (n - i) * 10, pc: (n - i) / 1000, c: i % 2 ? -5 : 12 }));

const labels = (el: HTMLElement) => within(el).getAllByRole("listitem").map((li) => li.textContent ?? "");

describe("ListWidget", () => {
  test("pages of `limit` rows: Page 2 of 3", () => {
    render(<ListWidget id="pages" title="Top pages" rows={rows(25)} limit={10} />);
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(screen.getByText("Page 2 of 3")).toBeTruthy();
    const list = screen.getByTestId("pages-rows");
    expect(labels(list)[0]).toContain("/page-11");
    expect(labels(list)).toHaveLength(10);
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(labels(screen.getByTestId("pages-rows"))).toHaveLength(5);
    expect((screen.getByRole("button", { name: "Next page" }) as HTMLButtonElement).disabled).toBe(true);
  });

  test("search filters by label and Escape closes and clears it", () => {
    render(<ListWidget id="pages" title="Top pages" rows={rows(25)} limit={10} />);
    const toggle = screen.getByRole("button", { name: "Search Top pages" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const input = screen.getByRole("searchbox", { name: "Search Top pages" });
    fireEvent.change(input, { target: { value: "PAGE-2" } });
    expect(labels(screen.getByTestId("pages-rows")).map((t) => t.match(/\/page-\d+/)![0])).toEqual([
      "/page-2", "/page-20", "/page-21", "/page-22", "/page-23", "/page-24", "/page-25",
    ]);
    expect(screen.queryByText(/Page \d of/)).toBeNull();
    fireEvent.keyDown(input, { key: "Escape" });
    expect(screen.queryByRole("searchbox")).toBeNull();
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
  });

  test("the last column flips between counts and percentages, tiny shares as <0.01%", () => {
    const data: ListRow[] = [
      { label: "/a", value: 12345, pc: 0.5, c: null },
      { label: "/b", value: 1, pc: 0.00004, c: null },
    ];
    render(<ListWidget id="p" title="Pages" rows={data} limit={10} />);
    const list = () => labels(screen.getByTestId("p-rows"));
    expect(list()[0]).toContain("12,345");
    const toggle = screen.getByRole("button", { name: "Show percentages" });
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(list()[0]).toContain("50.0%");
    expect(list()[1]).toContain("<0.01%");
    fireEvent.click(toggle);
    expect(list()[0]).toContain("12,345");
  });

  test("the change shows signed, and not at all when null", () => {
    const data: ListRow[] = [
      { label: "/up", value: 3, pc: 0.5, c: 12 },
      { label: "/down", value: 2, pc: 0.3, c: -3 },
      { label: "/new", value: 1, pc: 0.2, c: null },
    ];
    render(<ListWidget id="p" title="Pages" rows={data} limit={10} />);
    const [up, down, fresh] = labels(screen.getByTestId("p-rows"));
    expect(up).toContain("+12%");
    expect(down).toContain("\u22123%");
    expect(fresh).not.toContain("%");
  });

  test("rows with children expand one at a time", () => {
    const data: ListRow[] = [
      { label: "signup", value: 10, pc: 0.6, c: null, children: [{ label: "plan-a", value: 7, pc: 0.7, c: null }] },
      { label: "download", value: 6, pc: 0.4, c: null, children: [{ label: "pdf", value: 6, pc: 1, c: null }] },
    ];
    render(<ListWidget id="ev" title="Events" rows={data} limit={10} />);
    const signup = screen.getByRole("button", { name: /signup/ });
    const download = screen.getByRole("button", { name: /download/ });
    fireEvent.click(signup);
    expect(signup.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getAllByTestId("row-expand")).toHaveLength(1);
    expect(screen.getByText("plan-a")).toBeTruthy();
    fireEvent.click(download);
    expect(signup.getAttribute("aria-expanded")).toBe("false");
    expect(download.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getAllByTestId("row-expand")).toHaveLength(1);
    expect(screen.queryByText("plan-a")).toBeNull();
    expect(screen.getByText("pdf")).toBeTruthy();
  });

  test("magnified rows are buttons with an INSPECT label that call onRowClick", () => {
    const clicked: string[] = [];
    render(<ListWidget id="p" title="Pages" rows={rows(3)} limit={10} magnify onRowClick={(r) => clicked.push(r.label)} />);
    const row = screen.getByRole("button", { name: /^Inspect \/page-2 / });
    expect(within(row).getByText("INSPECT")).toBeTruthy();
    fireEvent.click(row);
    expect(clicked).toEqual(["/page-2"]);
  });

  test("in a list that filters, the label filters, INSPECT and the chevron are buttons of their own", () => {
    const filtered: string[] = [];
    const inspected: string[] = [];
    const data: ListRow[] = [{ label: "signup", value: 10, pc: 1, c: null, children: [{ label: "plan-a", value: 7, pc: 0.7, c: null }] }, ...rows(2)];
    render(<ListWidget id="p" title="Pages" rows={data} limit={10} magnify onRowClick={(r) => inspected.push(r.label)} onFilter={(r) => filtered.push(r.label)} />);
    fireEvent.click(screen.getByRole("button", { name: "Filter by /page-2" }));
    expect([filtered, inspected]).toEqual([["/page-2"], []]);
    fireEvent.click(screen.getByRole("button", { name: "Inspect /page-2" }));
    expect([filtered, inspected]).toEqual([["/page-2"], ["/page-2"]]);
    fireEvent.click(screen.getByRole("button", { name: "Values of signup" }));
    expect(screen.getByText("plan-a")).toBeTruthy();
    // NOTE: an event's values are no dimension: they do not filter.
    expect(screen.queryByRole("button", { name: "Filter by plan-a" })).toBeNull();
    expect(filtered).toEqual(["/page-2"]);
  });

  test("a filter picked in the full list closes it", () => {
    const filtered: string[] = [];
    render(<ListWidget id="p" title="Pages" rows={rows(3)} limit={10} onFilter={(r) => filtered.push(r.label)} />);
    fireEvent.click(screen.getByRole("button", { name: "View all" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Filter by /page-3" }));
    expect(filtered).toEqual(["/page-3"]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("View all opens the full list: 50 rows first, all of them after 300 ms", async () => {
    render(<ListWidget id="pages" title="Top pages" rows={rows(1200)} limit={10} />);
    fireEvent.click(screen.getByRole("button", { name: "View all" }));
    const dialog = screen.getByRole("dialog", { name: "Top pages" });
    expect(labels(within(dialog).getByTestId("pages-full-rows"))).toHaveLength(50);
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(labels(within(dialog).getByTestId("pages-full-rows"))).toHaveLength(1000);
    expect(within(dialog).getByText("The first 1,000 of 1,200 rows")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("a list the API cut at 1,000 rows says how many it has: the answer's count", () => {
    render(<ListWidget id="pages" title="Top pages" rows={rows(1000)} total={4321} limit={10} />);
    fireEvent.click(screen.getByRole("button", { name: "View all" }));
    expect(within(screen.getByRole("dialog", { name: "Top pages" })).getByText("The first 1,000 of 4,321 rows")).toBeTruthy();
  });

  test("empty and locked lists say so", () => {
    const { unmount } = render(<ListWidget id="e" title="Countries" rows={[]} limit={10} />);
    expect(screen.getByText("No data available")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "View all" })).toBeNull();
    unmount();
    render(<ListWidget id="l" title="Events" rows={rows(3)} limit={10} locked />);
    expect(screen.getByText("Events is a Pro feature")).toBeTruthy();
    expect(screen.queryByText("/page-1")).toBeNull();
  });
});
