// Combined-format access log lines read for the crawler counts: the time with its offset, the bytes
// ("-" is none), the user agent with escaped quotes; a line of another shape, or an impossible
// time, is a fault that names its line.
import { describe, expect, test } from "bun:test";
import { logTime, parseLine } from "../../../src/crawlers/log";

describe("logTime", () => {
  test("reads the offset: the same instant in three zones", () => {
    const utc = Date.UTC(2026, 9, 10, 20, 55, 36);
    expect(logTime("10/Oct/2026:20:55:36 +0000")).toBe(utc);
    expect(logTime("10/Oct/2026:13:55:36 -0700")).toBe(utc);
    expect(logTime("11/Oct/2026:02:25:36 +0530")).toBe(utc);
  });

  test("a day the month does not have, a month of no name, an hour past 23 are no time", () => {
    for (const stamp of ["31/Feb/2026:00:00:00 +0000", "10/Foo/2026:00:00:00 +0000", "10/Oct/2026:24:00:00 +0000", "2026-10-10T00:00:00Z"]) {
      expect(logTime(stamp)).toBeNull();
    }
    expect(logTime("29/Feb/2028:12:00:00 +0000")).toBe(Date.UTC(2028, 1, 29, 12));
  });
});

describe("parseLine", () => {
  test("nginx's and Apache's combined lines: time, bytes and user agent, nothing else", () => {
    const nginx = `203.0.113.9 - - [28/Nov/2026:23:55:36 +0000] "GET /blog/?q=1 HTTP/2.0" 200 48211 "https://example.com/" "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)"`;
    expect(parseLine(nginx, 1)).toEqual({ time: Date.UTC(2026, 10, 28, 23, 55, 36), bytes: 48211, ua: "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)" });
    const apache = `::1 - frank [10/Oct/2000:13:55:36 -0700] "GET /a\\"b HTTP/1.0" 304 - "-" "-"`;
    expect(parseLine(apache, 2)).toEqual({ time: Date.UTC(2000, 9, 10, 20, 55, 36), bytes: 0, ua: null });
  });

  test("a user agent with an escaped quote is read whole", () => {
    const read = parseLine(`192.0.2.1 - - [10/Oct/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 10 "-" "Bot \\"quoted\\" ClaudeBot/1.0"`, 3);
    expect(read).toMatchObject({ bytes: 10, ua: 'Bot \\"quoted\\" ClaudeBot/1.0' });
  });

  test("other shapes are faults naming their line", () => {
    expect(parseLine("GET / 200", 7)).toEqual({ line: 7, message: "line 7 is not in combined log format" });
    // The common format has no referrer and user agent.
    expect(parseLine(`192.0.2.1 - - [10/Oct/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 10`, 8)).toEqual({ line: 8, message: "line 8 is not in combined log format" });
    expect(parseLine(`192.0.2.1 - - [31/Feb/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 10 "-" "x"`, 9)).toEqual({ line: 9, message: "line 9 has no valid time: [31/Feb/2026:13:55:36 +0000]" });
  });
});
