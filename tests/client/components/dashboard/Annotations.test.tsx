// The annotations under the time chart write their day as the rest of the dashboard does ("20 Nov"),
// never as the API's day key.
import { expect, test } from "bun:test";
import { render, screen } from "@testing-library/react";
import { Annotations } from "../../../../components/dashboard/widgets/Annotations";

test("each annotation's day reads '20 Nov', its delete button says the same day", () => {
  const list = [
    { id: 1, day: "2026-11-20", text: "Launched the shop", kind: "note" as const },
    { id: 2, day: "2026-11-03", text: "/pricing got heavier", kind: "regression" as const },
  ];
  render(<Annotations domain="shop.example" list={list} owner defaultDay="2026-11-27" onChange={() => {}} />);
  const text = screen.getByTestId("annotations").textContent!;
  expect(text).toContain("20 Nov");
  expect(text).toContain("3 Nov");
  expect(text).not.toContain("2026-11-20");
  expect(screen.getByRole("button", { name: "Delete the annotation of 20 Nov" })).toBeDefined();
});
