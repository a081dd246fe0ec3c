// The Open Graph card's HTML: the result's facts in the product's words, the page's own title
// escaped, and nothing that would make the browser drawing it ask for anything; and the facts a
// stored run gives it.
import { describe, expect, test } from "bun:test";
import { cardFacts, cardHtml } from "../../../src/inspect/card";
import type { CardRun } from "../../../src/inspect/store";

const facts = {
  host: "shop.example", title: "Shop <script>alert(1)</script> & more", rating: "A+", grams: 0.0712, bytes: 412_000,
  ecoindex: { grade: "B", score: 74 }, checked: new Date("2026-11-23T10:00:00Z"),
};

describe("cardHtml", () => {
  test("says the rating, grams per visit, Ecoindex grade, size and date", () => {
    const html = cardHtml(facts);
    expect(html).toContain('<div class="rating">A+</div>');
    expect(html).toContain("<b>0.07 g</b><span>CO2 per visit</span>");
    expect(html).toContain("<b>B</b><span>Ecoindex 74/100</span>");
    expect(html).toContain("<b>412 kB</b><span>transferred</span>");
    expect(html).toContain("Checked 2026-11-23");
    expect(html).toContain('<div class="host">shop.example</div>');
  });

  test("escapes the page's title and leaves the Ecoindex out when there is none", () => {
    const html = cardHtml({ ...facts, ecoindex: undefined });
    expect(html).toContain("Shop &#60;script&#62;alert(1)&#60;/script&#62; &#38; more");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("Ecoindex");
  });

  test("asks for nothing: no URL, no script, no external font", () => {
    expect(cardHtml(facts)).not.toMatch(/https?:|src=|href=|url\(|@import/);
  });
});

describe("cardFacts", () => {
  const run = {
    id: "7", url: "http://shop.example/", finishedAt: new Date("2025-02-28T23:59:59Z"), bytes: 412_000, co2: 0.0712, png: null,
    detail: { title: "Shop", finalUrl: "https://www.shop.example/", rating: "A", ecoindex: { grade: "B", score: 74, ghg: 1.5, water: 2.2, domSize: 90 } },
  } as unknown as CardRun;

  test("the card is dated by the day its run finished, however much later it is drawn", () => {
    const facts = cardFacts(run);
    expect(facts.checked).toEqual(new Date("2025-02-28T23:59:59Z"));
    expect(cardHtml(facts)).toContain("Checked 2025-02-28");
  });

  test("names the host the page ended on, with the run's rating, grams, size and Ecoindex", () => {
    expect(cardFacts(run)).toMatchObject({ host: "www.shop.example", title: "Shop", rating: "A", grams: 0.0712, bytes: 412_000, ecoindex: { grade: "B", score: 74 } });
    expect(cardFacts({ ...run, detail: { ...run.detail, finalUrl: "" } }).host).toBe("shop.example");
  });
});
