// The Ecoindex score against values worked out by hand from the reference method's quantile
// tables (position = lower index + linear fraction; score = round(100 − 5·(3·dom + 2·req + size)/6)).
import { describe, expect, test } from "bun:test";
import { ecoindex } from "../../../src/carbon/ecoindex";

describe("ecoindex", () => {
  test("a tiny page: 5 elements, 2 requests, 1 KB", () => {
    // dom 5/47 = 0.1064, requests 1 + 0/13 = 1, size 1/1.37 = 0.7299 → 100 − 5·3.0491/6 = 97.46
    expect(ecoindex(5, 2, 1024)).toEqual({ score: 97, grade: "A", ghg: 1.06, water: 1.59 });
  });

  test("a middling page: 500 elements, 50 requests, 1 MB", () => {
    // dom 8 + 24/61, requests 6 + 1/7, size 7 + 38.6525/160.71 (976.5625 KB) → 100 − 5·44.7066/6 = 62.74
    expect(ecoindex(500, 50, 1_000_000)).toEqual({ score: 63, grade: "C", ghg: 1.74, water: 2.61 });
  });

  test("a heavy page: 3,000 elements, 300 requests, 10 MiB", () => {
    // every measure past the 19th quantile: 100 − 5·114.0233/6 = 4.98
    expect(ecoindex(3000, 300, 10 * 1024 * 1024)).toEqual({ score: 5, grade: "G", ghg: 2.9, water: 4.35 });
  });

  test("grade edges are exclusive: 80 is B, 81 is A; beyond the last quantile the score bottoms out", () => {
    // requests 0 and size 0 leave the score to the DOM size alone: scan it for the edge scores.
    const scores = Array.from({ length: 200 }, (_, i) => ecoindex(i * 10, 0, 0));
    expect(scores.find((e) => e.score === 80)?.grade).toBe("B");
    expect(scores.find((e) => e.score === 81)?.grade).toBe("A");
    expect(ecoindex(1e9, 1e9, 1e15)).toEqual({ score: 0, grade: "G", ghg: 3, water: 4.5 });
  });
});
