// Which grouped reads REF makes for each EntriesWanted: the entry pages of referrers and of
// campaigns are read only when asked for, and one campaign's only with a condition on its name.
// A stub reader records the asks (the numbers are exact.test.ts' business).
import { describe, expect, test } from "bun:test";
import type { Queryable } from "../../../src/db";
import type { EntriesWanted } from "../../../src/stats/contract";
import type { Grouped, Reader } from "../../../src/stats/grouped";
import { refStats } from "../../../src/stats/ref";

async function asksOf(wanted: EntriesWanted): Promise<Grouped[]> {
  const asked: Grouped[] = [];
  const reader: Reader = {
    periods: async (q) => (asked.push(q), { now: new Map(), then: new Map() }),
    now: async (q) => (asked.push(q), new Map()),
  };
  await refStats(reader, 1000, wanted);
  return asked;
}

/** The reads of the entry-page aggregates, by name. */
const entryReads = (asked: Grouped[]) =>
  asked.filter((q) => q.view === "hits_daily_entry" || q.view === "hits_daily_campaign_page").map((q) => q.name).sort();

/** A condition's SQL text and parameters, from a stand-in for the sql tag. */
function render(q: Grouped): { text: string; values: unknown[] } {
  const tag = (strings: TemplateStringsArray, ...values: unknown[]) => ({ text: strings.join("$"), values });
  return q.where!(tag as unknown as Queryable) as unknown as { text: string; values: unknown[] };
}

describe("REF's entry-page reads", () => {
  test("all reads every referrer's and every campaign's; none reads neither", async () => {
    expect(entryReads(await asksOf({ of: "all" }))).toEqual(["stats.campaignPages", "stats.entries"]);
    expect(entryReads(await asksOf({ of: "none" }))).toEqual([]);
  });

  test("one referrer or one page reads its entries alone, no campaign's", async () => {
    expect(entryReads(await asksOf({ of: "referrer", label: "t.co" }))).toEqual(['stats.entries.referrer "t.co"']);
    expect(entryReads(await asksOf({ of: "page", path: "/" }))).toEqual(['stats.entries.page "/"']);
  });

  test("one campaign reads that campaign's rows alone, by the aggregate's own column", async () => {
    const asked = await asksOf({ of: "campaign", name: "spring 'sale'" });
    expect(entryReads(asked)).toEqual(['stats.campaignPages.campaign "spring \'sale\'"']);
    const read = asked.find((q) => q.view === "hits_daily_campaign_page")!;
    // NOTE: the name is a parameter, never part of the SQL text.
    expect(render(read)).toEqual({ text: "utm_campaign = $", values: ["spring 'sale'"] });
  });
});
