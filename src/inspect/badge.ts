// The embeddable result badge: an SVG a site owner can put on their page, e.g.
// "A · 0.07 g per visit, checked 2026-11-23". Pure: the route hands it a finished row.

/** Text made safe inside markup (the badge's SVG, the card's HTML). */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// NOTE: text width by a fixed advance per character (Verdana 11 px averages about 6.5 px); the
// badge needs no font metrics to look right, and embeds never fetch a font.
const CHAR_PX = 6.5;

/** "0.07 g", or one significant figure under a hundredth ("0.004 g"): the badge's and the card's wording. */
export const gramsText = (grams: number): string => `${grams < 0.01 ? grams.toPrecision(1) : grams.toFixed(2)} g`;

export function badgeSvg(rating: string, grams: number, checked: Date): string {
  const text = `${rating} · ${gramsText(grams)} per visit, checked ${checked.toISOString().slice(0, 10)}`;
  const left = "Website carbon";
  const lw = Math.round(left.length * CHAR_PX + 12);
  const rw = Math.round(text.length * CHAR_PX + 12);
  const w = lw + rw;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="${esc(`${left}: ${text}`)}">` +
    `<title>${esc(`${left}: ${text}`)}</title>` +
    `<rect width="${lw}" height="20" fill="#374151"/><rect x="${lw}" width="${rw}" height="20" fill="#15803d"/>` +
    `<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">` +
    `<text x="6" y="14">${esc(left)}</text><text x="${lw + 6}" y="14">${esc(text)}</text></g></svg>`;
}
