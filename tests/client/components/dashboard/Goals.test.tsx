// The Goals section in a DOM: each goal's figures in the dashboard's words, its change coloured by
// meaning (more conversions is good news), the goal filter a name toggles, the Pro lock,
// the empty section for the owner and for a public viewer, and the owner's form: a bad pattern is
// said as it is typed and cannot be sent, the API's refusal shows inline, a saved goal reads GOALS
// again. fetch is a stand-in that records what is sent.
import { afterEach, describe, expect, mock, test } from "bun:test";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Goals } from "../../../../components/dashboard/widgets/Goals";
import { patternProblem, type GoalRow } from "../../../../src/shared/goals";
import { LOCKED } from "../../../../src/shared/stats";

const row = (over: Partial<GoalRow>): GoalRow => ({ id: 1, name: "Thanks", kind: "page", match: "/thanks", value: null, createdAt: "2026-11-01T00:00:00Z", conversions: 1234, rate: 0.125, valueSum: null, co2PerConversion: 1.94, c: 20, ...over });

const NO_FILTER = { on: [], toggle: () => {} };

const fetchReal = globalThis.fetch;
afterEach(() => void (globalThis.fetch = fetchReal));

/** fetch answering `answers` in turn, recording each call's method, path and body. */
function fakeFetch(answers: { status: number; body?: unknown }[]) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  globalThis.fetch = (async (path: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? "GET", path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const a = answers.shift()!;
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status, headers: { "content-type": "application/json" } });
  }) as unknown as typeof fetch;
  return calls;
}

describe("Goals", () => {
  test("each goal's match, conversions, rate, value sum and CO2 per conversion; a change coloured by its meaning", () => {
    const rows = [row({}), row({ id: 2, name: "Signup", kind: "event", match: "signup", value: "pro", valueSum: 19.5, co2PerConversion: null, conversions: 3, rate: 0.004, c: -40 })];
    render(<Goals goals={{ rows }} events={[]} filter={NO_FILTER} />);
    const [page, event] = screen.getAllByTestId("goal-row");
    expect(page!.textContent).toContain("Page /thanks");
    expect(page!.querySelector('[data-testid="goal-conversions"]')!.textContent).toBe("1,234");
    expect(page!.querySelector('[data-testid="goal-rate"]')!.textContent).toBe("12.5%");
    expect(page!.querySelector('[data-testid="goal-co2"]')!.textContent).toBe("1.94 g CO₂ each");
    expect(page!.querySelector('[data-testid="goal-value"]')).toBeNull();
    expect(page!.querySelector("[data-tone]")!.getAttribute("data-tone")).toBe("good");
    expect(event!.textContent).toContain("Event signup = pro");
    expect(event!.querySelector('[data-testid="goal-value"]')!.textContent).toBe("Value 19.5");
    expect(event!.querySelector('[data-testid="goal-co2"]')).toBeNull();
    expect(event!.querySelector("[data-tone]")!.getAttribute("data-tone")).toBe("bad");
    expect(event!.querySelector('[data-testid="goal-rate"]')!.textContent).toBe("0.4%");
  });

  test("every goal's name, a pattern's too, toggles its goal filter, and is pressed while it is on", () => {
    const toggle = mock((_id: string) => {});
    const rows = [row({}), row({ id: 2, name: "Blog", match: "/blog/**" }), row({ id: 3, name: "Signup", kind: "event", match: "signup" })];
    render(<Goals goals={{ rows }} events={[]} filter={{ on: ["2"], toggle }} />);
    for (const name of ["Thanks", "Blog", "Signup"]) fireEvent.click(screen.getByRole("button", { name: `Filter by ${name}` }));
    expect(toggle.mock.calls).toEqual([["1"], ["2"], ["3"]]);
    const pressed = (name: string) => screen.getByRole("button", { name: `Filter by ${name}` }).getAttribute("aria-pressed");
    expect([pressed("Thanks"), pressed("Blog"), pressed("Signup")]).toEqual(["false", "true", "false"]);
    expect(screen.getByRole("button", { name: "Filter by Blog" }).getAttribute("title")).toBe("Remove this goal's filter");
  });

  test("without Pro the Pro lock; loading and a failed read say so", () => {
    const { rerender } = render(<Goals goals={{ rows: LOCKED }} events={[]} filter={NO_FILTER} />);
    expect(screen.getByTestId("goals").textContent).toContain("Goals is a Pro feature");
    rerender(<Goals events={[]} filter={NO_FILTER} />);
    expect(screen.getByTestId("goals").textContent).toContain("Loading…");
    rerender(<Goals goals={{ error: { status: 500, message: "It broke." } }} events={[]} filter={NO_FILTER} />);
    expect(screen.getByRole("alert").textContent).toContain("It broke.");
  });

  test("none: the owner is offered to add one, a public viewer reads No goals", () => {
    const { rerender } = render(<Goals goals={{ rows: [] }} events={[]} manage={{ domain: "shop.example", onChanged: () => {} }} filter={NO_FILTER} />);
    expect(screen.getByText("No goals yet")).toBeDefined();
    expect(screen.getByRole("button", { name: "Add a goal" })).toBeDefined();
    rerender(<Goals goals={{ rows: [] }} events={[]} filter={NO_FILTER} />);
    expect(screen.getByText("No goals")).toBeDefined();
    expect(screen.queryByRole("button", { name: "Add a goal" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Edit/ })).toBeNull();
  });

  test("the owner's form: a bad pattern is said as typed and cannot be sent; a refusal shows inline; a saved goal reads GOALS again", async () => {
    const onChanged = mock(() => {});
    render(<Goals goals={{ rows: [] }} events={["signup", "download"]} manage={{ domain: "shop.example", onChanged }} filter={NO_FILTER} />);
    fireEvent.click(screen.getByRole("button", { name: "Add a goal" }));
    const form = await screen.findByRole("form", { name: "Add a goal" });
    expect(form.textContent).toContain("/thanks, /blog/** (* within a segment, ** across)");
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Thanks" } });
    const pattern = screen.getByLabelText("Page pattern");
    fireEvent.change(pattern, { target: { value: "thanks" } });
    expect(screen.getByRole("alert").textContent).toBe(patternProblem("thanks")!);
    expect(pattern.getAttribute("aria-invalid")).toBe("true");
    const add = screen.getByRole("button", { name: "Add goal" }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(pattern, { target: { value: "/thanks" } });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(add.disabled).toBe(false);

    const calls = fakeFetch([{ status: 409, body: { error: { status: 409, code: "conflict", message: "A goal has this name.", fields: { name: "A goal has this name." } } } }, { status: 201, body: { goal: {} } }]);
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("A goal has this name."));
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
    expect(onChanged).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Thank you" } });
    fireEvent.submit(form);
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => [c.method, c.path])).toEqual([["POST", "/api/domains/shop.example/goals"], ["POST", "/api/domains/shop.example/goals"]]);
    expect(calls[1]!.body).toEqual({ name: "Thank you", kind: "page", match: "/thanks" });
    expect(screen.queryByTestId("goal-form")).toBeNull();
  });

  test("the owner edits a goal in place (its kind fixed, a cleared value sent as null) and deletes one; each reads GOALS again", async () => {
    const onChanged = mock(() => {});
    const rows = [row({}), row({ id: 7, name: "Signup", kind: "event", match: "signup", value: "pro" })];
    render(<Goals goals={{ rows }} events={[]} manage={{ domain: "shop.example", onChanged }} filter={NO_FILTER} />);
    fireEvent.click(screen.getByRole("button", { name: "Edit Signup" }));
    const form = await screen.findByRole("form", { name: "Edit goal Signup" });
    expect(screen.getByRole("group", { name: "Kind" }).hasAttribute("disabled")).toBe(true);
    expect((screen.getByLabelText("Value (optional)") as HTMLInputElement).value).toBe("pro");
    fireEvent.change(screen.getByLabelText("Value (optional)"), { target: { value: " " } });
    const calls = fakeFetch([{ status: 200, body: { goal: {} } }, { status: 204 }]);
    fireEvent.submit(form);
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole("button", { name: "Delete Thanks" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(2));
    expect(calls).toEqual([
      { method: "PATCH", path: "/api/domains/shop.example/goals/7", body: { name: "Signup", match: "signup", value: null } },
      { method: "DELETE", path: "/api/domains/shop.example/goals/1", body: undefined },
    ]);
  });

  test("an event goal offers the range's events and sends its value; Escape closes the form and the focus goes back to Add a goal", async () => {
    const onChanged = mock(() => {});
    render(<Goals goals={{ rows: [] }} events={["signup", "download"]} manage={{ domain: "shop.example", onChanged }} filter={NO_FILTER} />);
    fireEvent.click(screen.getByRole("button", { name: "Add a goal" }));
    fireEvent.click(await screen.findByLabelText("Event"));
    const name = screen.getByLabelText("Event name");
    const offered = document.getElementById(name.getAttribute("list")!)!;
    expect([...offered.querySelectorAll("option")].map((o) => o.value)).toEqual(["signup", "download"]);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Pro signup" } });
    fireEvent.change(name, { target: { value: "signup" } });
    fireEvent.change(screen.getByLabelText("Value (optional)"), { target: { value: "pro" } });
    const calls = fakeFetch([{ status: 201, body: { goal: {} } }]);
    fireEvent.submit(screen.getByRole("form", { name: "Add a goal" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(calls[0]!.body).toEqual({ name: "Pro signup", kind: "event", match: "signup", value: "pro" });

    fireEvent.click(screen.getByRole("button", { name: "Add a goal" }));
    fireEvent.keyDown(screen.getByLabelText("Name"), { key: "Escape" });
    expect(screen.queryByTestId("goal-form")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add a goal" }));
  });
});
