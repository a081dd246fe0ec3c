// Local types for the part of @tgwf/co2 0.19.0 we call. @types/tgwf__co2 is stuck at 0.14
// (before SWD v4 and the ESM hosting change), so it would describe the wrong API.
declare module "@tgwf/co2" {
  export type VisitOptions = {
    dataReloadRatio: number;
    firstVisitPercentage: number;
    returnVisitPercentage: number;
    greenHostingFactor?: number;
    /** Per-segment grid intensity: a country's annual average (ISO 3166 alpha-3) or a value in g/kWh. */
    gridIntensity?: Partial<Record<"device" | "network" | "dataCenter", { country: string } | { value: number }>>;
  };
  export type Rating = "A+" | "A" | "B" | "C" | "D" | "E" | "F";
  export class co2 {
    /** The model in use; its ratingScale is CO2.js's own letter for grams per visit. */
    model: { ratingScale(co2e: number): Rating };
    constructor(options?: { model?: "swd" | "1byte"; version?: 3 | 4; rating?: boolean; results?: "segment" });
    perByte(bytes: number, green?: boolean): number;
    perVisit(bytes: number, green?: boolean): number;
    perVisitTrace(
      bytes: number,
      green: boolean,
      options: VisitOptions,
    ): { co2: number | { total: number; rating: Rating }; green: boolean };
  }
}

declare module "@tgwf/co2/data" {
  /** Annual average grid intensity in g CO2e/kWh by ISO 3166 alpha-3 code (and regions, WORLD). */
  export const averageIntensity: { data: Record<string, number>; type: string };
}
