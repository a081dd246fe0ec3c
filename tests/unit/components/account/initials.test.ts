// Initials from up to the first two words of the name, uppercased.
import { describe, expect, test } from "bun:test";
import { initials } from "../../../../components/account/initials";

describe("initials", () => {
  test("first letters of up to two words, uppercased", () => {
    expect(initials("ada lovelace")).toBe("AL");
    expect(initials("Grace Brewster Hopper")).toBe("GB");
    expect(initials("  Plato  ")).toBe("P");
    expect(initials("Émile  zola")).toBe("ÉZ");
  });
});
