// The website header's navigation below 1050 px: behind a hamburger that opens and closes it,
// signed in as signed out; the Live demo link is marked for the tracker's demo-button event.
import { describe, expect, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import { HeaderNav } from "../../../../components/site/HeaderNav";

const nav = (signedIn: boolean) =>
  render(<HeaderNav pathname="/install" showPricing signedIn={signedIn} docs="/docs" resources={[{ href: "/green", label: "Green checker" }]} />);

describe("HeaderNav", () => {
  for (const signedIn of [true, false]) {
    test(`${signedIn ? "signed in" : "signed out"}: the navigation starts closed and the hamburger opens and closes it`, () => {
      const { unmount } = nav(signedIn);
      const main = screen.getByRole("navigation", { hidden: true });
      expect(main.className.split(" ")).toContain("hidden");
      const toggle = screen.getByRole("button", { name: "Open menu" });
      fireEvent.click(toggle);
      expect(main.className.split(" ")).toContain("flex");
      fireEvent.click(screen.getByRole("button", { name: "Close menu" }));
      expect(main.className.split(" ")).toContain("hidden");
      unmount();
    });
  }

  test("Live demo carries the demo-button event", () => {
    const { unmount } = nav(false);
    expect(screen.getByRole("link", { name: "Live demo", hidden: true }).getAttribute("data-bothy-event")).toBe("demo-button");
    unmount();
  });
});
