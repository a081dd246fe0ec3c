// Referrer classification against a table of real referrer URLs (tests/fixtures/classify/referrers.tsv):
// each goes through the ingest pipeline as a page view of shop.example, and its stored source class
// and the referrer's name must be the table's. Every entry of our own table is checked too.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runPipeline } from "../../../src/collect/pipeline";
import { classifyReferrer, hostOfReferrerName } from "../../../src/collect/referrers";
import { OWN_HOSTS } from "../../../src/collect/referrer-hosts";
import type { Sites } from "../../../src/collect/sites";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const sites: Sites = { lookup: async (d) => (d === "shop.example" ? { id: 1, tz: "Europe/London", deleted: false } : null), forget: () => {} };

const rows = readFileSync(join(import.meta.dir, "..", "..", "fixtures", "classify", "referrers.tsv"), "utf8")
  .split("\n")
  .filter((l) => l && !l.startsWith("#"))
  .map((l) => l.split("\t") as [string, string, string]);

/** The class the pipeline stores ("internal" for a page of the site itself) and the referrer's name. */
async function classify(referrer: string): Promise<[string, string]> {
  const r = referrer === "(none)" ? undefined : referrer;
  const out = await runPipeline({ kind: "view", body: { d: "shop.example", p: "/", r }, time: Date.now(), ua: CHROME }, { sites });
  if (!out.ok) throw new Error(`dropped: ${out.reason}`);
  const host = out.row.referrerHost;
  const name = host ? classifyReferrer(host, new URL(referrer).pathname).name : null;
  return [out.row.source ?? "internal", name ?? "-"];
}

describe("referrer classification", () => {
  test("the table has at least 300 real referrers over every class", () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(["search", "social", "email", "ai", "jobs", "unknown", "internal", "direct"]));
  });

  test.each(rows)("%s is %s (%s)", async (referrer, source, name) => {
    expect(await classify(referrer)).toEqual([source, name]);
  });
});

describe("our own table", () => {
  // Every entry, "{}" as a country: webmail, job boards, app ids and what the generated lists miss.
  const entries = Object.entries(OWN_HOSTS).flatMap(([source, names]) =>
    Object.entries(names).flatMap(([name, hosts]) => hosts.map((h) => [h.replace("{}", "de"), source, name] as const)),
  );
  test.each(entries)("%s is %s from %s", (entry, source, name) => {
    const [host, ...path] = entry.split("/");
    const found = classifyReferrer(host!, `/${path.join("/")}`);
    expect([found.source, found.name]).toEqual([source, name]);
  });
});

describe("a referrer's name as its host", () => {
  // Tools that export aggregates name a source instead of giving its host, in their own spelling.
  test.each([
    ["Google", "google.com", "search"], ["bing", "bing.com", "search"], ["Yahoo!", "search.yahoo.com", "search"],
    ["Hacker News", "news.ycombinator.com", "social"], ["Facebook", "facebook.com", "social"], ["Gmail", "mail.google.com", "email"],
  ])("%s is %s (%s)", (name, host, source) => {
    expect(hostOfReferrerName(name)).toBe(host);
    expect<string>(classifyReferrer(host).source).toBe(source);
  });

  test("a name the lists do not know has no host", () => {
    expect(hostOfReferrerName("Newsletter")).toBeNull();
    // "Google+" is a network of its own, not Google's search.
    expect(hostOfReferrerName("Google+")).not.toBe("google.com");
  });
});
