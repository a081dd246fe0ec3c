// The map tooltip's drop-in for react-path-tooltip (components/dashboard/widgets/path-tooltip.tsx):
// shown on hover, hidden on leave, drawn as the library drew it, with three listeners on its
// country however often it is hovered (the library added three per render and never removed one).
import { describe, expect, test } from "bun:test";
import { act, render } from "@testing-library/react";
import { useRef } from "react";
import { PathTooltip as LibraryTooltip } from "react-path-tooltip";
import { PathTooltip, wrapTip } from "../../../../components/dashboard/widgets/path-tooltip";

function Drawing({ Tooltip }: { Tooltip: typeof PathTooltip }) {
  const svg = useRef<SVGSVGElement>(null);
  const path = useRef<SVGPathElement>(null);
  return (
    <svg ref={svg}>
      <path ref={path} d="M0 0h10v10z" data-testid="region" />
      <Tooltip tip="United States: 1,234 visits" pathRef={path} svgRef={svg} bgColor="#111827" textColor="#ffffff" />
    </svg>
  );
}

/** Hovers the region `times` times; the listeners left on it, and its text's visibility on and off. */
async function hover(Tooltip: typeof PathTooltip, times: number) {
  // NOTE: every listener added or removed anywhere is tallied by target, so the region's own count
  // is known. TRICKY: on the prototype an SVG path really inherits the methods from, which under
  // happy-dom is not the global EventTarget.prototype.
  const live = new Map<EventTarget, number>();
  let proto: EventTarget = document.createElementNS("http://www.w3.org/2000/svg", "path");
  while (!Object.hasOwn(proto, "addEventListener")) proto = Object.getPrototypeOf(proto);
  const [add, remove] = [proto.addEventListener, proto.removeEventListener];
  proto.addEventListener = function (this: EventTarget, ...args: Parameters<typeof add>) {
    live.set(this, (live.get(this) ?? 0) + 1);
    return add.apply(this, args);
  };
  proto.removeEventListener = function (this: EventTarget, ...args: Parameters<typeof remove>) {
    live.set(this, (live.get(this) ?? 0) - 1);
    return remove.apply(this, args);
  };
  try {
    const view = render(<Drawing Tooltip={Tooltip} />);
    const region = view.getByTestId("region");
    // NOTE: x and y too: the library reads those aliases of clientX / clientY, which happy-dom lacks.
    const event = (type: string) => Object.defineProperties(new MouseEvent(type, { bubbles: true, clientX: 5, clientY: 5 }), { x: { value: 5 }, y: { value: 5 } });
    const fire = (type: string) => act(() => void region.dispatchEvent(event(type)));
    const text = view.container.querySelector("text")!;
    let visible = "";
    for (let i = 0; i < times; i++) {
      await fire("mouseover");
      await fire("mousemove");
      visible = text.getAttribute("visibility")!;
      await fire("mouseleave");
    }
    const hidden = text.getAttribute("visibility");
    const listeners = live.get(region) ?? 0;
    view.unmount();
    return { listeners, visible, hidden, afterUnmount: live.get(region) ?? 0 };
  } finally {
    [proto.addEventListener, proto.removeEventListener] = [add, remove];
  }
}

describe("map tooltip", () => {
  test("three listeners on the country however often it is hovered, none once it is gone", async () => {
    expect(await hover(PathTooltip, 20)).toEqual({ listeners: 3, visible: "visible", hidden: "hidden", afterUnmount: 0 });
    // The library's own tooltip, for the record: three more on every render, never removed.
    expect((await hover(LibraryTooltip as typeof PathTooltip, 20)).listeners).toBeGreaterThan(60);
  });

  test("the text wraps at spaces into lines of at most 34 characters, as the library's did", () => {
    expect(wrapTip("United States: 1,234 visits", 34)).toEqual(["United States: 1,234 visits"]);
    expect(wrapTip("Democratic Republic of the Congo: 12,345 visits", 34)).toEqual(["Democratic Republic of the Congo:", "12,345 visits"]);
    expect(wrapTip("x".repeat(40), 34)).toEqual(["x".repeat(34), "x".repeat(6)]);
  });

  test("the tooltip draws the same pieces in the same places as the library's", () => {
    const ours = render(<Drawing Tooltip={PathTooltip} />).container.innerHTML;
    const theirs = render(<Drawing Tooltip={LibraryTooltip as typeof PathTooltip} />).container.innerHTML;
    expect(ours).toBe(theirs);
  });
});
