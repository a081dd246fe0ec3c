// Fathom's CSV export is refused as a whole, saying why: Fathom publishes neither its files nor its
// columns (searched: usefathom.com's docs and API reference describe the dashboard and the
// Aggregation API, not the export's CSVs; see tests/fixtures/imports/README.md).
import { describe, expect, test } from "bun:test";
import { importers } from "../../../src/imports/formats";
import { faultOf, fileIn, scratchDir } from "../../helpers/imports";
import { removedAfterAll } from "../../helpers/scratch";

const scratch = removedAfterAll();
const dir = scratch(scratchDir());

describe("fathom", () => {
  test("any file is refused as a whole with the reason", async () => {
    const fault = await faultOf(importers.fathom, fileIn(dir, "export.csv", "Date,Pageviews\n2024-01-01,3\n"));
    expect(fault.line).toBe(0);
    expect(fault.reason).toBe("Fathom files cannot be imported yet: Fathom does not publish the format of its CSV export");
  });
});
