// The privacy notice's field list and the `hits` table stay in step: every column is described
// once, and nothing is described that is not collected.
import { expect, test } from "bun:test";
import { HIT_COLUMNS, HIT_FIELDS } from "../../../src/hits";

test("every hit column is described exactly once, and only hit columns are", () => {
  const described = HIT_FIELDS.flatMap((f) => f.columns);
  expect([...described].sort()).toEqual(HIT_COLUMNS.map((c) => c.name).sort());
});
