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

describe("names of browsers Bowser does not know", () => {
  // Bowser falls back on the string's first words; only the product name is a browser name.
  test.each([
    ["Lynx/2.8.9rel.1 libwww-FM/2.14 SSL-MM/1.4.1 GNUTLS/3.6.5", "Lynx"],
    ["Viber/12.8.0.1 CFNetwork/1121.2.2 Darwin/19.3.0", "Viber"],
    ["Mozilla/5.0 (X11; U; Linux 2.4.2-2 i586; en-US; m18) Gecko/20010131 Netscape6/6.01", null],
    ["Mozilla/5.0 (Windows; U; Windows NT 5.1; en-US; rv:1.7.5) Gecko/20041107 Firefox/1.0", "Firefox"],
  ])("%s: %s", (ua, browser) => {
    expect(parseAgent(ua).browser).toBe(browser);
  });
});
