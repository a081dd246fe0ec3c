// The price table, the annual rule, the saving (and its line) and the K/M visitor format for every tier.
import { describe, expect, test } from "bun:test";
import {
  TIERS,
  annualMonthly,
  formatVisitors,
  nextTier,
  periodPrice,
  priceLookupKey,
  savingLine,
  tierFor,
  tierVisitorsLine,
  yearlySaving,
} from "../../../src/shared/pricing";

// [visitors line, monthly, annual per month, billed yearly, the saving: 12 monthly payments less the yearly price]
const EXPECTED: [string, number, number, number, number][] = [
  ["Up to 20K monthly visitors", 9, 7, 84, 24],
  ["Up to 250K monthly visitors", 19, 15, 180, 48],
  ["Up to 500K monthly visitors", 29, 23, 276, 72],
  ["Up to 1.0M monthly visitors", 59, 47, 564, 144],
  ["Up to 2.0M monthly visitors", 79, 63, 756, 192],
  ["Up to 5.0M monthly visitors", 99, 79, 948, 240],
  ["Up to 10.0M monthly visitors", 149, 119, 1428, 360],
  ["Over 10.0M monthly visitors", 299, 239, 2868, 720],
];

describe("pricing", () => {
  test("every tier, monthly and yearly, with its saving", () => {
    expect(TIERS.map((t) => [tierVisitorsLine(t), t.monthly, annualMonthly(t), periodPrice(t, "year"), yearlySaving(t)])).toEqual(
      EXPECTED,
    );
    for (const t of TIERS) expect(periodPrice(t, "month")).toBe(t.monthly);
  });

  test("the saving line puts the dollar sign first", () => {
    expect(savingLine(TIERS[0]!)).toBe("Save $24 yearly");
    expect(savingLine(TIERS[TIERS.length - 1]!)).toBe("Save $720 yearly");
  });

  test("visitor counts: one decimal + M from a million, whole thousands + K from a thousand", () => {
    expect(formatVisitors(999)).toBe("999");
    expect(formatVisitors(1_000)).toBe("1K");
    expect(formatVisitors(20_999)).toBe("20K");
    expect(formatVisitors(999_999)).toBe("999K");
    expect(formatVisitors(1_000_000)).toBe("1.0M");
    expect(formatVisitors(1_250_000)).toBe("1.2M");
    expect(formatVisitors(12_345_678)).toBe("12.3M");
  });

  test("the tier for a month's visits, and the next one up", () => {
    expect(tierFor(0).key).toBe("20k");
    expect(tierFor(20_000).key).toBe("20k");
    expect(tierFor(20_001).key).toBe("250k");
    expect(tierFor(10_000_001).key).toBe("10m-plus");
    expect(nextTier(TIERS[0]!)?.key).toBe("250k");
    expect(nextTier(TIERS[TIERS.length - 1]!)).toBeNull();
  });

  test("sixteen distinct Stripe lookup keys", () => {
    const keys = TIERS.flatMap((t) => [priceLookupKey(t, "month"), priceLookupKey(t, "year")]);
    expect(new Set(keys).size).toBe(16);
    expect(keys[0]).toBe("bothy_pro_20k_month");
  });
});
