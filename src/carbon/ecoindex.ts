// The Ecoindex score (ecoindex.fr, reference method of cnumr/ecoindex_reference): where a page's
// DOM size, request count and size fall among the HTTP Archive quantiles, weighted 3/2/1, gives
// a score 0–100, a grade A–G and the water and greenhouse-gas figures derived from the score.

// NOTE: the reference tables; size is in KB of 1024 bytes, as the reference measures it.
const QUANTILES_DOM = [0, 47, 75, 159, 233, 298, 358, 417, 476, 537, 603, 674, 753, 843, 949, 1076, 1237, 1459, 1801, 2479, 594601];
const QUANTILES_REQUESTS = [0, 2, 15, 25, 34, 42, 49, 56, 63, 70, 78, 86, 95, 105, 117, 130, 147, 170, 205, 281, 3920];
const QUANTILES_SIZE_KB = [
  0, 1.37, 144.7, 319.53, 479.46, 631.97, 783.38, 937.91, 1098.62, 1265.47, 1448.32, 1648.27, 1876.08, 2142.06,
  2465.37, 2866.31, 3401.59, 4155.73, 5400.08, 8037.54, 223212.26,
];
/** The lowest score (exclusive) of each grade, best first; anything at or below 10 is G. */
const GRADES = [["A", 80], ["B", 70], ["C", 55], ["D", 40], ["E", 25], ["F", 10]] as const;

type EcoGrade = "A" | "B" | "C" | "D" | "E" | "F" | "G";
export type Ecoindex = {
  score: number;
  grade: EcoGrade;
  /** Grams CO2e per page view. */
  ghg: number;
  /** Centilitres of water per page view. */
  water: number;
};

/** The value's position 0–20 among the quantiles, linear between two of them. */
function position(quantiles: readonly number[], value: number): number {
  for (let i = 1; i < quantiles.length; i++) {
    if (value < quantiles[i]!) return i - 1 + (value - quantiles[i - 1]!) / (quantiles[i]! - quantiles[i - 1]!);
  }
  return quantiles.length - 1;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function ecoindex(domSize: number, requests: number, bytes: number): Ecoindex {
  const q = 3 * position(QUANTILES_DOM, domSize) + 2 * position(QUANTILES_REQUESTS, requests) + position(QUANTILES_SIZE_KB, bytes / 1024);
  const score = Math.round(100 - (5 * q) / 6);
  const grade = GRADES.find(([, min]) => score > min)?.[0] ?? "G";
  return { score, grade, ghg: round2(2 + (2 * (50 - score)) / 100), water: round2(3 + (3 * (50 - score)) / 100) };
}
