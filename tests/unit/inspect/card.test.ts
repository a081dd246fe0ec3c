// The Open Graph card's HTML: the result's facts in the product's words, the page's own title
// escaped, and nothing that would make the browser drawing it ask for anything.
import { describe, expect, test } from "bun:test";
import { cardHtml } from "../../../src/inspect/card";

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
