// The circle shows the first letters of up to the first two words of the name.
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => [...w][0]!.toUpperCase())
    .join("");
}

/** The menu's domain list scrolls above 7 domains. */
export const MENU_DOMAINS_BEFORE_SCROLL = 7;
