// The dashboard's section order and keys: ArrowUp/ArrowDown skip locked sections, and the list
// limit cycles 10 → 20 → 30 → 10.
import { describe, expect, test } from "bun:test";
import { SECTIONS, nextLimit, nextSection, sectionLocked } from "../../../../components/dashboard/section-list";

describe("sections", () => {
  test("the side navigation's labels in page order, Carbon & Energy, Events, Goals and Funnels locked without Pro", () => {
    expect(SECTIONS.map((s) => s.label)).toEqual([
      "Summary", "Top pages", "Referrals", "Sources", "Carbon & Energy", "Speed", "Attention Economy", "Bounce Rate",
      "Countries", "Languages", "Devices", "Desktop Sizes", "Browsers", "OS", "Events", "Goals", "Funnels", "Campaigns",
      "Bots & crawlers",
    ]);
    expect(SECTIONS.filter((s) => sectionLocked(s.id, false)).map((s) => s.id)).toEqual(["carbon", "events", "goals", "funnels"]);
    expect(SECTIONS.some((s) => sectionLocked(s.id, true))).toBe(false);
  });

  test("arrows move one section, skip locked ones, and stop at either end", () => {
    expect(nextSection(null, 1, true)).toBe("summary");
    expect(nextSection(null, -1, true)).toBeNull();
    expect(nextSection("sources", 1, true)).toBe("carbon");
    // Speed is every plan's: with Carbon & Energy locked it comes right after Sources.
    expect(nextSection("sources", 1, false)).toBe("speed");
    expect(nextSection("speed", 1, false)).toBe("attention");
    expect(nextSection("speed", -1, false)).toBe("sources");
    expect(nextSection("os", 1, false)).toBe("campaigns");
    expect(nextSection("events", 1, true)).toBe("goals");
    expect(nextSection("goals", 1, true)).toBe("funnels");
    expect(nextSection("campaigns", 1, true)).toBe("crawlers");
    expect(nextSection("crawlers", 1, true)).toBeNull();
    expect(nextSection("summary", -1, true)).toBeNull();
  });

  test("the list limit cycles 10, 20, 30, then 10", () => {
    expect([10, 20, 30].map(nextLimit)).toEqual([20, 30, 10]);
  });

});
