// The dashboard popup: a labelled modal dialog that takes focus and gives
// it back, closes on Escape (the top one only), the backdrop, the Close control, and hands a
// parent breadcrumb's click to its owner; <body> says a popup is open for the shell's shortcuts.
import { describe, expect, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { isPopupOpen, Popup } from "../../../../components/dashboard/widgets/Popup";

function Opener({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(0);
  const crumbs = [{ label: "Campaigns", onClick: () => setOpen(1) }];
  return (
    <>
      <button type="button" onClick={() => setOpen(1)}>Open</button>
      {open >= 1 && (
        <Popup title="Campaign spring" onClose={() => setOpen(0)}>
          <button type="button" onClick={() => setOpen(2)}>Deeper</button>
        </Popup>
      )}
      {nested && open >= 2 && (
        <Popup title="Source" crumbs={crumbs} onClose={() => setOpen(1)}>
          <p>sources</p>
        </Popup>
      )}
    </>
  );
}

describe("Popup", () => {
  test("a labelled modal dialog that takes focus and gives it back on Escape", () => {
    render(<Opener />);
    const open = screen.getByRole("button", { name: "Open" });
    open.focus();
    fireEvent.click(open);
    const dialog = screen.getByRole("dialog", { name: "Campaign spring" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(dialog);
    expect(isPopupOpen()).toBe(true);
    expect(document.body.hasAttribute("data-popup-open")).toBe(true);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(open);
    expect(isPopupOpen()).toBe(false);
  });

  test("the Close control and the backdrop close it; a click inside does not", () => {
    render(<Opener />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    fireEvent.mouseDown(screen.getByRole("dialog"));
    expect(screen.getByRole("dialog")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    fireEvent.mouseDown(screen.getByTestId("popup-backdrop"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("Escape closes the top popup only; a parent breadcrumb goes back to it", () => {
    render(<Opener nested />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    fireEvent.click(screen.getByRole("button", { name: "Deeper" }));
    expect(screen.getAllByRole("dialog")).toHaveLength(2);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    expect(screen.getByRole("dialog", { name: "Campaign spring" })).toBeTruthy();
    expect(isPopupOpen()).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Deeper" }));
    fireEvent.click(screen.getByRole("button", { name: "Campaigns" }));
    expect(screen.queryByRole("dialog", { name: "Source" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Campaign spring" })).toBeTruthy();
  });

  test("Tab cycles inside the dialog, and the page behind does not scroll", () => {
    render(<Opener />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(document.body.style.overflow).toBe("hidden");
    const dialog = screen.getByRole("dialog");
    const close = screen.getByRole("button", { name: "Close" });
    const deeper = screen.getByRole("button", { name: "Deeper" });
    deeper.focus();
    fireEvent.keyDown(dialog, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(deeper);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(document.body.style.overflow).toBe("");
  });
});
