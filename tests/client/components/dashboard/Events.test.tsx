// The Events list in a DOM: each event's conversion rate and CO2 per conversion are shown as plain
// facts; green is kept for good news, and CO2 is never that.
import { expect, test } from "bun:test";
import { render, screen } from "@testing-library/react";
import { Events } from "../../../../components/dashboard/widgets/Events";

test("the CO2-per-conversion chip is neutral, as the conversion rate's is, not coloured as good news", () => {
  const row = { label: "Purchase", value: 12, pc: 1, c: null, totalConversionRate: { value: 0.02, parentLabel: null }, co2PerConversion: 1.9 };
  render(<Events rows={[row]} limit={10} />);
  const co2 = screen.getByTestId("co2-per-conversion");
  expect(co2.textContent).toContain("CO₂ each");
  expect(co2.className).not.toMatch(/green/);
  expect(co2.className).toBe(screen.getByTestId("conversion-rate").className);
});
