// The dashboard's section order and keys: ArrowUp/ArrowDown skip locked
// sections, the list limit cycles 10 → 20 → 30 → 10, and changes against the previous period.
import { describe, expect, test } from "bun:test";
import { SECTIONS, change, nextLimit, nextSection, sectionLocked } from "../../../../components/dashboard/section-list";

describe("sections", () => {
  test("the side navigation's labels in page order, Carbon & Energy and Events locked without Pro", () => {
    expect(SECTIONS.map((s) => s.label)).toEqual([
      "Summary", "Top pages", "Referrals", "Sources", "Carbon & Energy", "Attention Economy", "Bounce Rate",
      "Countries", "Languages", "Devices", "Desktop Sizes", "Browsers", "OS", "Events", "Campaigns",
    ]);
    expect(SECTIONS.filter((s) => sectionLocked(s.id, false)).map((s) => s.id)).toEqual(["carbon", "events"]);
    expect(SECTIONS.some((s) => sectionLocked(s.id, true))).toBe(false);
  });

  test("arrows move one section, skip locked ones, and stop at either end", () => {
    expect(nextSection(null, 1, true)).toBe("summary");
    expect(nextSection(null, -1, true)).toBeNull();
    expect(nextSection("sources", 1, true)).toBe("carbon");
    expect(nextSection("sources", 1, false)).toBe("attention");
    expect(nextSection("attention", -1, false)).toBe("sources");
    expect(nextSection("os", 1, false)).toBe("campaigns");
    expect(nextSection("campaigns", 1, true)).toBeNull();
    expect(nextSection("summary", -1, true)).toBeNull();
  });

  test("the list limit cycles 10, 20, 30, then 10", () => {
    expect([10, 20, 30].map(nextLimit)).toEqual([20, 30, 10]);
  });

  test("change in % against the previous period, null without one", () => {
    expect(change(120, 100)).toBe(20);
    expect(change(50, 200)).toBe(-75);
    expect(change(1, 3)).toBe(-66.7);
    expect(change(10, 0)).toBeNull();
  });
});
