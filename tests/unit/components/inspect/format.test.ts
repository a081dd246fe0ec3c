// The inspect view's wording rules: the percentile sentence and class,
// grams, the energy and size history series, file groups, the blocked-requests list and where a URL may wrap.
import { describe, expect, test } from "bun:test";
import {
  blockedList,
  blockedTotal,
  fileGroups,
  formatGrams,
  historySeries,
  percentileClass,
  percentileSentence,
  urlParts,
} from "../../../../components/inspect/format";

describe("percentile", () => {
  test("classes: 0–33 m0, above 33 m1, above 66 m2", () => {
    expect([0, 33, 33.1, 66, 66.1, 100].map(percentileClass)).toEqual(["m0", "m0", "m1", "m1", "m2", "m2"]);
  });

  test("below 50 cleaner than the rest, from 50 dirtier; rounded down, never 100%", () => {
    expect(percentileSentence(8.4).text).toBe("Cleaner than 91% of websites");
    expect(percentileSentence(49.9).text).toBe("Cleaner than 50% of websites");
    expect(percentileSentence(50).text).toBe("Dirtier than 50% of websites");
    expect(percentileSentence(72.8).text).toBe("Dirtier than 72% of websites");
    expect(percentileSentence(0)).toEqual({ text: "Cleaner than 99% of websites", figure: 99, cleaner: true });
    expect(percentileSentence(100).figure).toBe(99);
  });

  test("with the page's rating letter first", () => {
    expect(percentileSentence(8.4, "A+").text).toBe("Rated A+: cleaner than 91% of websites");
    expect(percentileSentence(72.8, "E").text).toBe("Rated E: dirtier than 72% of websites");
  });
});

test("grams keep two significant digits below a gram", () => {
  expect([0, 0.01855, 0.148, 1.234, 12.34, 1234].map(formatGrams)).toEqual(["0 g", "0.019 g", "0.15 g", "1.23 g", "12.3 g", "1.23 kg"]);
});

test("history: Wh per visit (0.3 kWh per GB) labelled with the run's letter, and kB of 1024 bytes", () => {
  const { energy, size } = historySeries([
    { timestamp: "2026-11-20T10:00:00.000Z", co2: 0.1, rating: "B", bytes: 1_000_000, bytesInitial: 900_000 },
    { timestamp: "2026-11-21T10:00:00.000Z", co2: 0.05, rating: "A", bytes: 512_000, bytesInitial: 500_000 },
  ]);
  expect(energy.map((p) => p.y)).toEqual([0.3, 0.1536]);
  expect(energy.map((p) => p.label)).toEqual(["B", "A"]);
  expect(size.map((p) => p.y)).toEqual([1_000_000 / 1024, 500]);
  expect(size[1]!.x.toISOString()).toBe("2026-11-21T10:00:00.000Z");
});

test("files: every group in order with its count and total, largest first", () => {
  const groups = fileGroups({ images: [{ url: "a.png", bytes: 10 }, { url: "b.png", bytes: 30 }], html: [{ url: "/", bytes: 5 }] });
  expect(groups.map((g) => [g.label, g.count, g.bytes])).toEqual([
    ["Images", 2, 40], ["Scripts", 0, 0], ["HTML", 1, 5], ["Styles", 0, 0], ["Fonts", 0, 0], ["Videos", 0, 0], ["Other", 0, 0],
  ]);
  expect(groups[0]!.entries.map((e) => e.url)).toEqual(["b.png", "a.png"]);
});

test("blocked requests: most requested host first, and their total", () => {
  const blocked = { "a.tracker.test": 1, "b.ads.test": 3, "c.tracker.test": 1 };
  expect(blockedList(blocked).map((b) => b.host)).toEqual(["b.ads.test", "a.tracker.test", "c.tracker.test"]);
  expect(blockedTotal(blocked)).toBe(5);
});

describe("where a URL may wrap", () => {
  test("after each separator, the parts joined giving the URL back", () => {
    const url = "https://cdn.example.com/img/hero-image_2x.png?w=640&q=80#top";
    expect(urlParts(url)).toEqual(["https://", "cdn.", "example.", "com/", "img/", "hero-", "image_", "2x.", "png?", "w=", "640&", "q=", "80#", "top"]);
    expect(urlParts(url).join("")).toBe(url);
    expect(urlParts("localhost")).toEqual(["localhost"]);
  });
});
