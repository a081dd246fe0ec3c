// Device, browser and OS detection against a table of real user-agent strings
// (tests/fixtures/classify/user-agents.tsv): desktops, phones, tablets, smart TVs, consoles and bots.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseAgent } from "../../../src/collect/useragent";

const rows = readFileSync(join(import.meta.dir, "..", "..", "fixtures", "classify", "user-agents.tsv"), "utf8")
  .split("\n")
  .filter((l) => l && !l.startsWith("#"))
  .map((l) => l.split("\t") as [string, string, string, string]);

describe("user-agent classification", () => {
  test("the table has at least 200 real strings over every family", () => {
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(["desktop", "mobile", "tablet", "smarttv", "console", "bot"]));
  });

  test.each(rows.map(([device, browser, os, ua]) => [device, ua, browser, os]))("%s: %s", (device, ua, browser, os) => {
    const agent = parseAgent(ua);
    if (device === "bot") return expect(agent.bot).toBe(true);
    expect({ bot: agent.bot, device: agent.device }).toEqual({ bot: false, device: device as typeof agent.device });
    if (browser !== "-") expect(agent.browser).toBe(browser);
    if (os !== "-") expect(agent.os).toBe(os);
  });
});
