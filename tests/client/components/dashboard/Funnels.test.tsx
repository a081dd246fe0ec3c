// The Funnels section in a DOM: a funnel's steps as bars in proportion to the first step, each with
// its count ("≈" and its explanation on an estimate), conversion from the step before, drop-off and
// grams ("—" for an event step), the overall conversion and a change coloured by meaning; the Pro
// lock; the empty states (too few goals, no funnels, a public viewer); the owner's form, whose steps
// are checked by the API's rule and whose funnel is read with the dashboard's range and filters.
// fetch is a stand-in that answers by path and records what is asked.
import { afterEach, describe, expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { FunnelSteps, ESTIMATE_TITLE } from "../../../../components/dashboard/widgets/FunnelSteps";
import { Funnels, RULE_LINK } from "../../../../components/dashboard/widgets/Funnels";
import { FUNNEL_RULE, stepsProblem, type FunnelResult, type FunnelStepRow } from "../../../../src/shared/funnels";
import type { GoalRow } from "../../../../src/shared/goals";
import { LOCKED } from "../../../../src/shared/stats";

const goal = (id: number, name: string, kind: "page" | "event" = "page"): GoalRow => ({
  id, name, kind, match: kind === "page" ? `/${name.toLowerCase()}` : name, value: null, createdAt: "2026-11-01T00:00:00Z", conversions: 0, rate: 0, valueSum: null, co2PerConversion: null, c: null,
});
const step = (g: GoalRow, over: Partial<FunnelStepRow>): FunnelStepRow => ({
  goal: { id: g.id, name: g.name, kind: g.kind, match: g.match, value: g.value }, count: 0, conversion: null, dropOff: null, grams: null, estimate: false, c: null, ...over,
});
const GOALS = [goal(1, "Home"), goal(2, "Pricing"), goal(3, "Signup", "event"), goal(4, "Thanks")];
const RESULT: FunnelResult = {
  id: 9, name: "Sales", overall: 0.25,
  steps: [
    step(GOALS[0]!, { count: 400, grams: 12.3, c: 25 }),
    step(GOALS[1]!, { count: 200, conversion: 0.5, dropOff: 200, grams: 6.1, c: -10 }),
    step(GOALS[2]!, { count: 120, conversion: 0.6, dropOff: 80 }),
    step(GOALS[3]!, { count: 100, conversion: 100 / 120, dropOff: 20, grams: 2.5, estimate: true }),
  ],
};
const SOURCE = { target: { domain: "shop.example" }, range: { startKey: "2026-11-20", endKey: "2026-11-26" }, filters: [["is", "country", ["FR"]]] as never };
const OWNER = { domain: "shop.example" };

const fetchReal = globalThis.fetch;
afterEach(() => void (globalThis.fetch = fetchReal));

/** fetch answering by the request's path (without its query), recording every call. */
function fakeFetch(answer: (method: string, path: string, body: unknown) => { status: number; body?: unknown }) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const a = answer(method, url.split("?")[0]!, body);
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status, headers: { "content-type": "application/json" } });
  }) as unknown as typeof fetch;
  return calls;
}

describe("FunnelSteps", () => {
  test("bars in proportion to the first step, conversion, drop-off, grams, ≈ on an estimate, the overall conversion", () => {
    render(<FunnelSteps result={RESULT} />);
    const lines = screen.getAllByTestId("funnel-step");
    expect(lines.map((l) => l.getAttribute("data-goal"))).toEqual(["Home", "Pricing", "Signup", "Thanks"]);
    expect(screen.getAllByTestId("funnel-bar").map((b) => b.getAttribute("data-width"))).toEqual(["100", "50", "30", "25"]);
    expect(screen.getAllByTestId("funnel-count").map((c) => c.textContent)).toEqual(["400", "200", "120", "≈about 100"]);
    expect(screen.getAllByTestId("funnel-count")[3]!.getAttribute("title")).toBe(ESTIMATE_TITLE);
    expect(screen.getAllByTestId("funnel-count")[0]!.getAttribute("title")).toBe("Count");
    // The first step has no step before: no conversion, no drop-off.
    expect(lines[0]!.querySelector('[data-testid="funnel-drop"]')).toBeNull();
    expect(screen.getAllByTestId("funnel-share").map((c) => c.textContent)).toEqual(["50.0% of step 1", "30.0% of step 1", "25.0% of step 1"]);
    expect(screen.getAllByTestId("funnel-conversion").map((c) => c.textContent)).toEqual(["50.0% from step 1", "60.0% from step 2", "83.3% from step 3"]);
    expect(screen.getAllByTestId("funnel-drop").map((c) => c.textContent)).toEqual(["Drop-off 200 (50.0%)", "Drop-off 80 (40.0%)", "Drop-off 20 (16.7%)"]);
    expect(screen.getAllByTestId("funnel-co2").map((c) => c.textContent)).toEqual(["12.3 g CO₂", "6.1 g CO₂", "—", "2.5 g CO₂"]);
    expect(screen.getByTestId("funnel-overall").textContent).toBe("25.0%");
    // More is good news: a rise is good, a fall bad.
    expect([...document.querySelectorAll("[data-tone]")].map((t) => t.getAttribute("data-tone"))).toEqual(["good", "bad"]);
  });

  test("a first step of 0: empty bars, no conversion or overall, as a dash", () => {
    const empty: FunnelResult = { id: 9, name: "Sales", overall: null, steps: [step(GOALS[0]!, { count: 0, grams: 0 }), step(GOALS[1]!, { count: 0, dropOff: 0, grams: 0 })] };
    render(<FunnelSteps result={empty} />);
    expect(screen.getAllByTestId("funnel-bar").map((b) => b.style.width)).toEqual(["0%", "0%"]);
    expect(screen.getByTestId("funnel-conversion").textContent).toBe("— from step 1");
    expect(screen.getByTestId("funnel-drop").textContent).toBe("Drop-off 0 (—)");
    expect(screen.getByTestId("funnel-overall").textContent).toBe("—");
  });
});

describe("Funnels", () => {
  test("locked without Pro, as Goals", () => {
    const calls = fakeFetch(() => ({ status: 500 }));
    render(<Funnels goals={{ rows: LOCKED }} source={SOURCE} manage={OWNER} />);
    expect(screen.getByTestId("funnels").textContent).toContain("Funnels is a Pro feature");
    expect(screen.queryByTestId("funnel-rule")).toBeNull();
    expect(calls).toEqual([]);
  });

  test("a public viewer picks from the funnels the GOALS answer lists, with no form; none is said; the rule and its link show", async () => {
    const calls = fakeFetch((_m, path) => (path === "/api/stats" ? { status: 200, body: { dataType: "FUNNEL", funnel: RESULT } } : { status: 404 }));
    const { rerender } = render(<Funnels goals={{ rows: GOALS, funnels: [] }} source={SOURCE} />);
    expect(screen.getByTestId("funnels").textContent).toContain("No funnels on this dashboard yet.");
    expect(screen.getByTestId("funnel-rule").textContent).toContain(FUNNEL_RULE);
    expect(screen.getByRole("link", { name: "How funnels are counted" }).getAttribute("href")).toBe(RULE_LINK);
    rerender(<Funnels goals={{ rows: GOALS, funnels: [{ id: 9, name: "Sales", steps: [1, 2, 3, 4], createdAt: "2026-11-26T10:00:00Z" }] }} source={SOURCE} />);
    await screen.findByTestId("funnel-steps");
    expect((screen.getByTestId("funnel-picker") as HTMLSelectElement).value).toBe("9");
    expect(calls.map((c) => c.url.split("?")[0])).toEqual(["/api/stats"]);
    expect(screen.queryByRole("button", { name: "Add a funnel" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Delete/ })).toBeNull();
  });

  test("with fewer than two goals the owner is asked for goals; with two and no funnel, offered the form", async () => {
    fakeFetch(() => ({ status: 200, body: { funnels: [] } }));
    const { rerender } = render(<Funnels goals={{ rows: GOALS.slice(0, 1) }} source={SOURCE} manage={OWNER} />);
    await screen.findByText("Add at least two goals to build a funnel.");
    expect(screen.queryByRole("button", { name: "Add a funnel" })).toBeNull();
    rerender(<Funnels goals={{ rows: GOALS }} source={SOURCE} manage={OWNER} />);
    expect(screen.getByText("No funnels yet")).toBeDefined();
    expect(screen.getByRole("button", { name: "Add a funnel" })).toBeDefined();
  });

  test("the owner adds a funnel with the form: steps added, checked, removed; then it is read with the dashboard's slice", async () => {
    let listed: unknown[] = [];
    const calls = fakeFetch((method, path, body) => {
      if (path === "/api/domains/shop.example/funnels" && method === "GET") return { status: 200, body: { funnels: listed } };
      if (path === "/api/domains/shop.example/funnels" && method === "POST") {
        listed = [{ id: 9, ...(body as object), createdAt: "2026-11-26T10:00:00Z" }];
        return { status: 201, body: { funnel: listed[0] } };
      }
      if (path === "/api/stats") return { status: 200, body: { dataType: "FUNNEL", funnel: RESULT } };
      return { status: 404 };
    });
    render(<Funnels goals={{ rows: GOALS }} source={SOURCE} manage={OWNER} />);
    fireEvent.click(await screen.findByRole("button", { name: "Add a funnel" }));
    const form = screen.getByRole("form", { name: "Add a funnel" });
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: " Sales " } });
    // Two steps to start with, the first two goals; a third comes as the goal after the last.
    const steps = () => screen.getAllByRole("combobox").map((s) => (s as HTMLSelectElement).value);
    expect(steps()).toEqual(["1", "2"]);
    expect((screen.getByRole("button", { name: "Remove step 1" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "+ Add step" }));
    expect(steps()).toEqual(["1", "2", "3"]);
    expect(document.activeElement).toBe(screen.getAllByRole("combobox")[2]!);
    // The same goal twice in a row is said at once, and the form cannot be sent.
    fireEvent.change(screen.getByLabelText("Step 3"), { target: { value: "2" } });
    expect(form.textContent).toContain(stepsProblem([1, 2, 2])!);
    expect((screen.getByRole("button", { name: "Add funnel" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "+ Add step" }));
    fireEvent.click(screen.getByRole("button", { name: "Remove step 3" }));
    expect(steps()).toEqual(["1", "2", "3"]);
    fireEvent.click(screen.getByRole("button", { name: "+ Add step" }));
    fireEvent.change(screen.getByLabelText("Step 4"), { target: { value: "4" } });
    fireEvent.submit(form);

    await screen.findByTestId("funnel-steps");
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ name: "Sales", steps: [1, 2, 3, 4] });
    const read = new URL(calls.find((c) => c.url.startsWith("/api/stats"))!.url, "http://x").searchParams;
    expect(Object.fromEntries(read)).toEqual({ domain: "shop.example", startKey: "2026-11-20", endKey: "2026-11-26", dataType: "FUNNEL", funnel: "9", filters: '[["is","country",["FR"]]]' });
    expect((screen.getByTestId("funnel-picker") as HTMLSelectElement).value).toBe("9");
    expect(screen.getByRole("button", { name: "Delete funnel Sales" })).toBeDefined();
  });

  test("a new GOALS answer (a new load) reads the funnel again; a failed read says so in the section", async () => {
    let fail = false;
    const calls = fakeFetch((_m, path) => {
      if (path.endsWith("/funnels")) return { status: 200, body: { funnels: [{ id: 9, name: "Sales", steps: [1, 2], createdAt: "" }] } };
      return fail ? { status: 409, body: { error: { message: "One of the funnel's goals was just deleted. Edit the funnel." } } } : { status: 200, body: { funnel: RESULT } };
    });
    const { rerender } = render(<Funnels goals={{ rows: GOALS }} source={SOURCE} manage={OWNER} />);
    await screen.findByTestId("funnel-steps");
    fail = true;
    rerender(<Funnels goals={{ rows: [...GOALS] }} source={SOURCE} manage={OWNER} />);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("One of the funnel's goals was just deleted."));
    expect(calls.filter((c) => c.url.startsWith("/api/stats")).length).toBe(2);
  });
});
