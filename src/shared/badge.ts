// The embeddable badges' drawing, one look for both: the inspector's result badge (a lab check,
// src/inspect) and the earned monthly badge (real visits, src/badge). A grey label on the left, the
// verdict on a coloured right part; plain SVG text, so any page can embed it as an image.

/** Where a domain's earned badge and its evidence page live (the settings page shows both to embed). */
export const earnedBadgePath = (domain: string): string => `/badge/${encodeURIComponent(domain)}.svg`;
export const evidencePath = (domain: string): string => `/carbon/${encodeURIComponent(domain)}`;

const MONTH = {
  short: new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" }),
  long: new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }),
};

/** "Oct 2026" or "October 2026" for a YYYY-MM: the month an earned badge is for. */
export const monthLabel = (month: string, form: "short" | "long"): string => MONTH[form].format(Date.UTC(+month.slice(0, 4), +month.slice(5, 7) - 1, 1));

/** Text made safe inside markup (the badges' SVG, the inspector's card HTML). */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "0.07 g", or one significant figure under a hundredth ("0.004 g"): the badges' and the card's wording. */
export const gramsText = (grams: number): string => `${grams < 0.01 ? grams.toPrecision(1) : grams.toFixed(2)} g`;

// NOTE: text width by a fixed advance per character (Verdana 11 px averages about 6.5 px); the
// badge needs no font metrics to look right, and embeds never fetch a font.
const CHAR_PX = 6.5;

/** What a badge says: its label, its verdict, the verdict's colour and, for a badge opened or
 * embedded as a document, the page it links to. */
type BadgeFace = { label: string; text: string; fill: string; href?: string };

/** The badge as an SVG document, 20 px high and as wide as its words. */
export function drawBadge({ label, text, fill, href }: BadgeFace): string {
  const lw = Math.round(label.length * CHAR_PX + 12);
  const rw = Math.round(text.length * CHAR_PX + 12);
  const w = lw + rw;
  const body =
    `<rect width="${lw}" height="20" fill="#374151"/><rect x="${lw}" width="${rw}" height="20" fill="${esc(fill)}"/>` +
    `<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">` +
    `<text x="6" y="14">${esc(label)}</text><text x="${lw + 6}" y="14">${esc(text)}</text></g>`;
  // NOTE: an <img> never follows a link inside its SVG (the embed snippet wraps it in <a>); the
  // link serves a badge opened on its own or embedded with <object>.
  const linked = href ? `<a href="${esc(href)}" target="_top">${body}</a>` : body;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" viewBox="0 0 ${w} 20" role="img" aria-label="${esc(`${label}: ${text}`)}">` +
    `<title>${esc(`${label}: ${text}`)}</title>${linked}</svg>`;
}
