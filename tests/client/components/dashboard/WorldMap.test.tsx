// The world map: tints follow the visits from the low to the high colour, countries
// without visits keep the fill, "unknown" is ignored, and the tooltip text names the country.
import { describe, expect, test } from "bun:test";
import { render, screen } from "@testing-library/react";
import { countryName, languageName, MAP_COLOURS, mix, tintOpacity, WorldMap } from "../../../../components/dashboard/widgets/WorldMap";

const row = (label: string, value: number) => ({ label, value, pc: 0, c: null });

/** The fill of the region whose <title> starts with `name`. */
const fillOf = (name: string) => {
  const title = [...document.querySelectorAll("path > title")].find((t) => t.textContent?.startsWith(name));
  expect(title).toBeTruthy();
  return (title!.parentElement as unknown as SVGPathElement).style.fill;
};
const red = (colour: string) => {
  const m = /rgb\((\d+)/.exec(colour) ?? /#(..)/.exec(colour);
  return colour.startsWith("#") ? parseInt(m![1]!, 16) : Number(m![1]);
};

describe("WorldMap", () => {
  test("tint opacity is linear from min to max plus 0.1", () => {
    expect(tintOpacity(10, 10, 110)).toBeCloseTo(0.1);
    expect(tintOpacity(60, 10, 110)).toBeCloseTo(0.6);
    expect(tintOpacity(110, 10, 110)).toBe(1);
    expect(tintOpacity(5, 5, 5)).toBe(1);
    expect(mix(0)).toBe(MAP_COLOURS.low);
    expect(mix(1)).toBe(MAP_COLOURS.high);
  });

  test("more visits, stronger tint; unknown ignored; the rest keeps the fill", () => {
    render(<WorldMap size={640} rows={[row("GB", 900), row("de", 300), row("FR", 100), row("unknown", 5000)]} />);
    expect(screen.getByTestId("world-map").getAttribute("aria-label")).toBe("Visits by country: 3 countries");
    const gb = fillOf("United Kingdom: 900 visits");
    const de = fillOf("Germany: 300 visits");
    const fr = fillOf("France: 100 visits");
    // The low colour's red is high (0xe5) and the high colour's low (0x44): more visits, less red.
    expect(red(gb)).toBeLessThan(red(de));
    expect(red(de)).toBeLessThan(red(fr));
    expect(red(gb)).toBe(0x44);
    // No region is titled with the unknown count, and a country without visits keeps the plain fill.
    expect([...document.querySelectorAll("path > title")].some((t) => t.textContent?.includes("5,000"))).toBe(false);
    expect(red(fillOf("Spain"))).toBe(0xf3);
  });

  test("names: ~250 countries with XK, and language tags", () => {
    expect(countryName("XK")).toBe("Kosovo");
    expect(countryName("gb")).toBe("United Kingdom");
    expect(countryName("unknown")).toBe("Unknown");
    expect(languageName("de")).toBe("German");
    expect(languageName("not a tag!")).toBe("not a tag!");
  });
});
