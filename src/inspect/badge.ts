// The embeddable result badge: an SVG a site owner can put on their page, e.g.
// "A · 0.07 g per visit, checked 2026-11-23". Pure: the route hands it a finished row.
import { drawBadge, gramsText } from "../shared/badge";

export function badgeSvg(rating: string, grams: number, checked: Date): string {
  return drawBadge({
    label: "Website carbon",
    text: `${rating} · ${gramsText(grams)} per visit, checked ${checked.toISOString().slice(0, 10)}`,
    fill: "#15803d",
  });
}
