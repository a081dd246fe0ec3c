// Energy and carbon units as the product words them: streaming hours from bytes, mass and size
// scaled by 1000 (g, kg, t, kt; B, kB, MB, GB, TB), and kB (1024) for the size history.

/** SWD v4 energy intensity: 0.055 + 0.059 + 0.080 operational + 0.012 + 0.013 + 0.081 embodied kWh per GB.
 * NOTE: here rather than in src/carbon/co2.ts so the browser (the inspect page's charts) can use it without @tgwf/co2. */
export const KWH_PER_GB = 0.3;

/** kWh SWD v4 counts for `bytes` transferred: linear in bytes, as the model is. */
export const energyKwh = (bytes: number): number => (bytes / 1e9) * KWH_PER_GB;

/** About 0.7 GB per hour of SD video streaming. */
const BYTES_PER_STREAMING_HOUR = 700_000_000;

export const streamingHours = (bytes: number): number => bytes / BYTES_PER_STREAMING_HOUR;

/** Grams of CO2 per km of the average new passenger car registered in the EU, Iceland and Norway
 * in 2023 (WLTP lab value): 106.6 g/km, European Environment Agency, "CO2 emissions from new
 * passenger cars" provisional 2023 data (indicator "Average CO2 emissions per km from new passenger cars"). */
export const GRAMS_PER_KM = 106.6;

/** Car kilometres that emit the same CO2 as `grams`. */
export const carKm = (grams: number): number => grams / GRAMS_PER_KM;

/** Size-history points are in kB of 1024 bytes, unlike the display units below. */
export const historyKb = (bytes: number): number => bytes / 1024;

function scaled(value: number, units: readonly string[]): { value: number; unit: string } {
  let i = 0;
  let v = value;
  while (Math.abs(v) >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return { value: v, unit: units[i]! };
}

const round = (v: number) => (Math.abs(v) >= 100 ? Math.round(v) : Math.abs(v) >= 10 ? Math.round(v * 10) / 10 : Math.round(v * 100) / 100);

/** 1234 → "1.23 kg" (grams in). */
export function formatMass(grams: number): string {
  const { value, unit } = scaled(grams, ["g", "kg", "t", "kt"]);
  return `${round(value)} ${unit}`;
}

/** 1234567 → "1.23 MB" (decimal units, as co2.js counts a GB as 1e9 bytes). */
export function formatBytes(bytes: number): string {
  const { value, unit } = scaled(bytes, ["B", "kB", "MB", "GB", "TB"]);
  return `${round(value)} ${unit}`;
}
