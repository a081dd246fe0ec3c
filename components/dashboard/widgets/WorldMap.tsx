"use client";
// Visits by country on a world map, drawn by
// react-svg-worldmap: a country's tint goes linearly from the smallest to the largest value,
// plus 0.1, between the dashboard's low and high colours; countries without visits keep the
// fill; "unknown" is ignored. The hover tooltip (the library's react-path-tooltip) says the
// country name, the count and "visits", and flips left of the cursor past the middle.
//
// NOTE: rendered at the measured width inside a box of fixed aspect (the band of the 4:3
// drawing that holds land), so the server render, the hydration and the drawing take the
// same room.
// The library's "responsive" size reads window sizes during render, which would not hydrate
// cleanly; an exact pixel size does.
//
// The library and its topology weigh ~70 KB gzip: the dashboard should load this module through
// widgets/lazy.tsx, and take countryName / languageName for list labels from widgets/countries
// (re-exported here too), which does not pull the map in.
import WorldMapSvg, { type CountryContext, type ISOCode } from "react-svg-worldmap";
import type { ListRow } from "../../../src/shared/stats";
import { formatNumber } from "../format";
import { countryName } from "./countries";
import { MAP_ASPECT, MAP_TOP } from "./sizes";
import { useWidth } from "./use-width";

export { countryFlag, countryName, languageName } from "./countries";

/** The dashboard map's colours. */
export const MAP_COLOURS = { fill: "#f3f4f6", low: "#e5e7eb", high: "#4495f6", stroke: "#fff" } as const;

/** Share of the high colour for a value: linear from min to max, plus 0.1, at most 1. */
export function tintOpacity(value: number, min: number, max: number): number {
  const ratio = max > min ? (value - min) / (max - min) : 1;
  return Math.min(1, ratio + 0.1);
}

const channel = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);

/** The low colour with the high one laid over it at `opacity`, as #rrggbb. */
export function mix(opacity: number, low: string = MAP_COLOURS.low, high: string = MAP_COLOURS.high): string {
  return (
    "#" +
    [0, 1, 2]
      .map((i) => Math.round(channel(low, i) + (channel(high, i) - channel(low, i)) * opacity))
      .map((v) => v.toString(16).padStart(2, "0"))
      .join("")
  );
}


/** `size` fixes the pixel width instead of measuring the box (tests, fixed layouts). */
export function WorldMap({ rows, size }: { rows: ListRow[]; size?: number }) {
  const [box, measured] = useWidth<HTMLDivElement>();
  const width = size ?? measured;
  const data = rows.filter((r) => /^[a-z]{2}$/i.test(r.label) && r.value > 0).map((r) => ({ country: r.label.toUpperCase() as ISOCode, value: r.value }));
  const values = data.map((d) => d.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const style = ({ countryValue }: CountryContext<number>) => ({
    fill: countryValue === undefined ? MAP_COLOURS.fill : mix(tintOpacity(countryValue, min, max)),
    stroke: MAP_COLOURS.stroke,
    strokeWidth: 0.6,
    cursor: countryValue === undefined ? "default" : "pointer",
  });
  const tooltip = ({ countryCode, countryValue }: CountryContext<number>) => `${countryName(countryCode)}: ${formatNumber(countryValue ?? 0)} visits`;
  return (
    <div
      ref={box}
      className="w-full overflow-hidden"
      style={{ aspectRatio: MAP_ASPECT }}
      data-testid="world-map"
      aria-label={`Visits by country: ${data.length} ${data.length === 1 ? "country" : "countries"}`}
      role="figure"
    >
      {width !== null && (
        <div style={{ marginTop: -Math.round(width * MAP_TOP) }}>
          <WorldMapSvg
            data={data}
            size={width}
            color={MAP_COLOURS.high}
            backgroundColor="transparent"
            borderColor={MAP_COLOURS.stroke}
            strokeOpacity={1}
            styleFunction={style}
            tooltipTextFunction={tooltip}
            tooltipBgColor="#111827"
            tooltipTextColor="#ffffff"
            containerClassName="worldmap"
          />
        </div>
      )}
    </div>
  );
}
