// The carbon budgets section in a DOM: the saved list shown as rows (bytes as kB), a row added,
// typed and saved as the API takes it (kB as bytes, an empty limit null, an empty pattern the
// default), the API's refusal said inline with nothing typed lost, and a row removed. fetch is a
// stand-in that records what is sent.
import { afterEach, expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { BudgetSettings } from "../../../../components/account/BudgetSettings";
import type { Budget } from "../../../../src/shared/budgets";

const fetchReal = globalThis.fetch;
afterEach(() => void (globalThis.fetch = fetchReal));

/** fetch answering `answers` in turn, recording each call's method, path and body. */
function fakeFetch(answers: { status: number; body: unknown }[]) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  globalThis.fetch = (async (path: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? "GET", path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const a = answers.shift()!;
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { "content-type": "application/json" } });
  }) as unknown as typeof fetch;
  return calls;
}

const SAVED: Budget[] = [{ pattern: "/blog/**", grams: 0.3, bytes: null }];
const PATH = "/api/domains/shop.example/budgets";

test("the saved budgets as rows; an added row saved as the API takes it; a refusal inline, the rows kept", async () => {
  const added = { pattern: null, grams: null, bytes: 1_500_000 };
  const calls = fakeFetch([
    { status: 200, body: { budgets: SAVED, maxBudgets: 20 } },
    { status: 400, body: { error: { message: "A website has one default budget.", fields: { budgets: "A website has one default budget." } } } },
    { status: 200, body: { budgets: [...SAVED, added], maxBudgets: 20 } },
  ]);
  render(<BudgetSettings domain="shop.example" />);
  const pages = (await screen.findByLabelText("Budget 1: pages")) as HTMLInputElement;
  expect(pages.value).toBe("/blog/**");
  expect((screen.getByLabelText("Budget 1: grams of CO₂ per view") as HTMLInputElement).value).toBe("0.3");
  expect((screen.getByLabelText("Budget 1: kB per view") as HTMLInputElement).value).toBe("");

  fireEvent.click(screen.getByRole("button", { name: "Add a budget" }));
  fireEvent.change(screen.getByLabelText("Budget 2: kB per view"), { target: { value: "1500" } });
  fireEvent.click(screen.getByRole("button", { name: "Save budgets" }));
  await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("A website has one default budget."));
  expect((screen.getByLabelText("Budget 2: kB per view") as HTMLInputElement).value).toBe("1500");

  fireEvent.click(screen.getByRole("button", { name: "Save budgets" }));
  await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Saved."));
  expect(calls.map((c) => c.method)).toEqual(["GET", "PUT", "PUT"]);
  expect(calls[2]).toEqual({ method: "PUT", path: PATH, body: { budgets: [...SAVED, added] } });
});

test("a removed row is left out of what is saved", async () => {
  const calls = fakeFetch([
    { status: 200, body: { budgets: [...SAVED, { pattern: "/shop/*", grams: 1, bytes: 2_000_000 }], maxBudgets: 20 } },
    { status: 200, body: { budgets: SAVED, maxBudgets: 20 } },
  ]);
  render(<BudgetSettings domain="shop.example" />);
  await screen.findByLabelText("Budget 2: pages");
  expect((screen.getByLabelText("Budget 2: kB per view") as HTMLInputElement).value).toBe("2000");
  fireEvent.click(screen.getByRole("button", { name: "Remove budget 2" }));
  fireEvent.click(screen.getByRole("button", { name: "Save budgets" }));
  await waitFor(() => expect(calls).toHaveLength(2));
  expect(calls[1]!.body).toEqual({ budgets: SAVED });
  await waitFor(() => expect(screen.queryByLabelText("Budget 2: pages")).toBeNull());
});
