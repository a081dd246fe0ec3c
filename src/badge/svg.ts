// The earned badge as an SVG: "Carbon, real visits | B · 0.21 g per visit, Oct 2026", coloured by
// its letter, or grey and "withdrawn" for a month without a visit, drawn the way the inspector's
// result badge is (src/shared/badge.ts).
import { drawBadge, gramsText, monthLabel } from "../shared/badge";
import type { RatingLetter } from "../shared/stats";
import type { BadgeEvidence } from "./evidence";

// NOTE: each dark enough for the white text (contrast ≥ 4.5:1), green to red as the letters go.
const FILL: Record<RatingLetter, string> = {
  "A+": "#166534", A: "#15803d", B: "#4d7c0f", C: "#a16207", D: "#c2410c", E: "#b91c1c", F: "#991b1b",
};
const WITHDRAWN_FILL = "#6b7280";

/** The badge of `e`, linking to its evidence page at `href`. */
export function earnedBadgeSvg(e: BadgeEvidence, href: string): string {
  const month = monthLabel(e.month, "short");
  const face = e.rating === null
    ? { text: `withdrawn · no visits in ${month}`, fill: WITHDRAWN_FILL }
    : { text: `${e.rating} · ${gramsText(e.gramsPerVisit)} per visit, ${month}`, fill: FILL[e.rating] };
  return drawBadge({ label: "Carbon, real visits", ...face, href });
}
