// The one ga4 format for GA4's two shapes: a file whose first non-blank byte opens a JSON object is
// the BigQuery export (NDJSON, gzipped or not), read as single events; anything else is a report CSV.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ga4 } from "../../../src/imports/formats/ga4";
import { ga4BigQuery } from "../../../src/imports/formats/ga4-bigquery";
import { faultOf, fileIn, importRows, scratchDir } from "../../helpers/imports";
import { removedAfterAll } from "../../helpers/scratch";

const FIXTURE = join(import.meta.dir, "../../fixtures/imports/ga4/events_20240610.ndjson");
const scratch = removedAfterAll();
const dir = scratch(scratchDir());

describe("ga4", () => {
  test("NDJSON after a byte-order mark and blank lines is read as the BigQuery export", async () => {
    const path = fileIn(dir, "bq.ndjson", `\uFEFF\n  \n${readFileSync(FIXTURE, "utf8")}`);
    const rows = await importRows(ga4, path);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(await importRows(ga4BigQuery, FIXTURE));
  });

  test("a gzipped NDJSON export is read as the BigQuery export too", async () => {
    const path = fileIn(dir, "bq.ndjson.gz", Bun.gzipSync(readFileSync(FIXTURE)));
    expect(await importRows(ga4, path)).toEqual(await importRows(ga4BigQuery, FIXTURE));
  });

  test("an empty file is refused as a whole", async () => {
    expect(await faultOf(ga4, fileIn(dir, "empty.ndjson", " \n\n"))).toMatchObject({ line: 0, reason: "the file is empty" });
  });
});
