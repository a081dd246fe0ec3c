// The runner's digest of failures: each failed test with its file and error, nothing of the passes.
import { describe, expect, test } from "bun:test";
import { failuresIn } from "../../helpers/failures";

const OUTPUT = `bun test v1.4.4

tests/a.test.ts:
(pass) a > first [0.1ms]
3 | test("bad", () => {
4 |   expect(1).toBe(2);
      ^
error: expect(received).toBe(expected)

Expected: 2
Received: 1

      at <anonymous> (tests/a.test.ts:4:13)
(fail) a > bad [1.2ms]
(pass) a > last [0.1ms]

tests/b.test.ts:
(fail) b > timed out [60000.1ms]
  ^ this test timed out after 60000ms.

2 tests failed:
(fail) a > bad [1.2ms]
(fail) b > timed out [60000.1ms]

 2 pass
 2 fail
`;

describe("failuresIn", () => {
  test("names each failed test once, with its file, and keeps its error from the 'error:' line on", () => {
    const [first, second, ...rest] = failuresIn(OUTPUT);
    expect(rest).toEqual([]);
    expect(first!.split("\n")).toEqual([
      "tests/a.test.ts › a > bad [1.2ms]",
      "    error: expect(received).toBe(expected)",
      "    Expected: 2",
      "    Received: 1",
      "          at <anonymous> (tests/a.test.ts:4:13)",
    ]);
    expect(second).toBe("tests/b.test.ts › b > timed out [60000.1ms]");
  });

  test("a run without failures has none, and a long error is cut to its first lines", () => {
    expect(failuresIn("tests/a.test.ts:\n(pass) a > ok [1ms]\n")).toEqual([]);
    const long = `t.test.ts:\nerror: boom\n${Array.from({ length: 50 }, (_, i) => `line ${i}`).join("\n")}\n(fail) t > long [1ms]\n`;
    const [only] = failuresIn(long);
    expect(only!.split("\n")).toHaveLength(1 + 20);
    expect(only).toContain("    error: boom");
    expect(only).not.toContain("line 19");
  });
});
