// A rating needs visits: the rule the dashboard's carbon tiles and the weekly report mail share.
import { expect, test } from "bun:test";
import { visitRating } from "../../../src/shared/rating";

test("a range with visits shows its letter; one without has no rating", () => {
  expect(visitRating(12, "B")).toBe("B");
  expect(visitRating(1, "A+")).toBe("A+");
  expect(visitRating(0, "A+")).toBeNull();
});
