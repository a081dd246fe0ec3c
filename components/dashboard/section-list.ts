// The dashboard's anchored sections in page order (the side navigation's), which
// ones a plan locks (Carbon & Energy, Events, Goals and Funnels without Pro), and the section the
// ArrowUp/ArrowDown keys move to, skipping locked ones.

export const SECTIONS = [
  { id: "summary", label: "Summary" },
  { id: "pages", label: "Top pages" },
  { id: "referrals", label: "Referrals" },
  { id: "sources", label: "Sources" },
  { id: "carbon", label: "Carbon & Energy", pro: true },
  { id: "speed", label: "Speed" },
  { id: "attention", label: "Attention Economy" },
  { id: "bounce", label: "Bounce Rate" },
  { id: "countries", label: "Countries" },
  { id: "languages", label: "Languages" },
  { id: "devices", label: "Devices" },
  { id: "sizes", label: "Desktop Sizes" },
  { id: "browsers", label: "Browsers" },
  { id: "os", label: "OS" },
  { id: "events", label: "Events", pro: true },
  { id: "goals", label: "Goals", pro: true },
  { id: "funnels", label: "Funnels", pro: true },
  { id: "campaigns", label: "Campaigns" },
  { id: "crawlers", label: "Bots & crawlers" },
] as const;
export type SectionId = (typeof SECTIONS)[number]["id"];

export const sectionLocked = (id: SectionId, pro: boolean) => !pro && !!SECTIONS.find((s) => s.id === id && "pro" in s);

/** The element id of a section on the page. */
export const anchor = (id: SectionId) => `section-${id}`;

/** The next unlocked section from `current` in direction `step` (±1), or null at either end. */
export function nextSection(current: SectionId | null, step: 1 | -1, pro: boolean): SectionId | null {
  const open = SECTIONS.filter((s) => !sectionLocked(s.id, pro)).map((s) => s.id);
  if (current === null) return step === 1 ? open[0]! : null;
  const all = SECTIONS.map((s) => s.id);
  for (let i = all.indexOf(current) + step; i >= 0 && i < all.length; i += step) {
    if (open.includes(all[i]!)) return all[i]!;
  }
  return null;
}

/** The list limit cycles 10, 20, 30, then back to 10. */
export const nextLimit = (limit: number) => (limit >= 30 ? 10 : limit + 10);

