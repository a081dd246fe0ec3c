// The importers' streaming readers: lines numbered from 1 (CRLF or LF, a last line without its
// end), CSV records with their line (quoted newlines kept), progress up to the file's size, a
// cancelled import stopping the read, and the date forms the tools export.
import { describe, expect, test } from "bun:test";
import { isoDate, lines, openCsv } from "../../../src/imports/formats/read";
import { ImportFault } from "../../../src/imports/model";
import { fileIn, scratchDir, sourceOf } from "../../helpers/imports";
import { removedAfterAll } from "../../helpers/scratch";

const scratch = removedAfterAll();
const dir = scratch(scratchDir());

describe("lines", () => {
  test("numbers lines from 1, drops CR and LF, keeps a last line without its end, and reports every byte read", async () => {
    const path = fileIn(dir, "a.ndjson", '{"a":1}\r\n\n{"b":2}\n{"c":3}');
    const src = sourceOf(path);
    expect(await Array.fromAsync(lines(src))).toEqual([
      { line: 1, text: '{"a":1}' }, { line: 2, text: "" }, { line: 3, text: '{"b":2}' }, { line: 4, text: '{"c":3}' },
    ]);
    expect(src.read).toBe(src.size);
  });

  test("a cancelled import stops the read with its abort", async () => {
    const path = fileIn(dir, "big.ndjson", "{}\n".repeat(200_000));
    const abort = new AbortController();
    const read = (async () => {
      for await (const { line } of lines(sourceOf(path, abort.signal))) if (line === 10) abort.abort();
    })();
    expect(read).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("openCsv", () => {
  test("gives each record the line it ends on, quoted newlines and commas kept", async () => {
    const csv = await openCsv(sourceOf(fileIn(dir, "q.csv", 'a,b\n1,"x, y"\n2,"two\nlines"\n3,z\n')), ["a"]);
    expect(csv.header).toEqual(["a", "b"]);
    expect(await Array.fromAsync(csv.rows)).toEqual([
      { line: 2, cells: ["1", "x, y"] }, { line: 4, cells: ["2", "two\nlines"] }, { line: 5, cells: ["3", "z"] },
    ]);
  });

  test("an empty file is refused as a whole", async () => {
    expect(openCsv(sourceOf(fileIn(dir, "empty.csv", "")), [])).rejects.toMatchObject({ line: 0, reason: "the file is empty" });
  });
});

describe("isoDate", () => {
  test("reads the tools' ISO forms, without a zone as UTC", () => {
    expect(isoDate(1, "2024-05-01T10:00:00Z").toISOString()).toBe("2024-05-01T10:00:00.000Z");
    expect(isoDate(1, "2024-05-01 10:00:00").toISOString()).toBe("2024-05-01T10:00:00.000Z");
    expect(isoDate(1, "2024-05-01 10:00:00.123+00").toISOString()).toBe("2024-05-01T10:00:00.123Z");
    expect(isoDate(1, "2024-05-01T10:00:00+02:00").toISOString()).toBe("2024-05-01T08:00:00.000Z");
  });

  test("refuses anything else with the line", () => {
    for (const bad of ["", "1", "01/05/2024", "2024-02-30T10:00:00Z", "2024-05-01"]) {
      expect(() => isoDate(7, bad)).toThrow(ImportFault);
    }
  });
});
