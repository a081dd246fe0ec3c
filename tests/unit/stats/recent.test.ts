// The stats access path's domain look-ups: the database answers, except while stats reads are
// busy and it takes longer than waitMs, when an answer that arrived at most staleMs ago stands in.
import { describe, expect, test } from "bun:test";
import { recentLookups } from "../../../src/stats/recent";

/** A look-up whose answers the test sets and whose delay it controls, counting its calls. */
function table(delayMs: { ms: number }) {
  const values = new Map<string, string | null>();
  let calls = 0;
  const lookUp = async (key: string) => {
    calls++;
    const value = values.get(key) ?? null;
    await Bun.sleep(delayMs.ms);
    return value;
  };
  return { lookUp, values, calls: () => calls };
}

const limits = { waitMs: 20, staleMs: 300 };

describe("recentLookups", () => {
  test("with no stats read busy, every caller gets the database's answer however slow", async () => {
    const delay = { ms: 0 };
    const t = table(delay);
    const lookUp = recentLookups(t.lookUp, () => false, limits);
    t.values.set("a", "public");
    expect(await lookUp("a")).toBe("public");
    t.values.set("a", "private");
    delay.ms = 80;
    expect(await lookUp("a")).toBe("private");
  });

  test("while busy, a slow answer is replaced by the last one, and the database's answer still updates it", async () => {
    const delay = { ms: 0 };
    const t = table(delay);
    let busy = false;
    const lookUp = recentLookups(t.lookUp, () => busy, limits);
    t.values.set("a", "owner 1");
    expect(await lookUp("a")).toBe("owner 1");
    busy = true;
    delay.ms = 80;
    t.values.set("a", "owner 2");
    // NOTE: "owner 1" is what the look-up knew: the database would have said "owner 2".
    expect(await lookUp("a")).toBe("owner 1");
    // The look-up went on and its answer is the last one now.
    await Bun.sleep(100);
    expect(await lookUp("a")).toBe("owner 2");
  });

  test("while busy, an answer older than staleMs is not used: the caller waits for the database", async () => {
    const delay = { ms: 0 };
    const t = table(delay);
    const lookUp = recentLookups(t.lookUp, () => true, limits);
    t.values.set("a", "old");
    expect(await lookUp("a")).toBe("old");
    await Bun.sleep(limits.staleMs + 50);
    t.values.set("a", "new");
    delay.ms = 60;
    expect(await lookUp("a")).toBe("new");
  });

  test("while busy, a key never answered waits for the database, and so does a name that is not a domain yet", async () => {
    const delay = { ms: 40 };
    const t = table(delay);
    const lookUp = recentLookups(t.lookUp, () => true, limits);
    expect(await lookUp("new.example")).toBeNull();
    t.values.set("other.example", "there");
    expect(await lookUp("other.example")).toBe("there");
  });

  test("callers asking while a look-up of their key runs join it: one query", async () => {
    const t = table({ ms: 30 });
    const lookUp = recentLookups(t.lookUp, () => false, limits);
    t.values.set("a", "x");
    expect(await Promise.all([lookUp("a"), lookUp("a"), lookUp("a")])).toEqual(["x", "x", "x"]);
    expect(t.calls()).toBe(1);
  });

  test("a failed look-up fails its callers and is not remembered", async () => {
    let fail = true;
    const lookUp = recentLookups(async () => {
      if (fail) throw new Error("database down");
      return "up";
    }, () => true, limits);
    expect(await lookUp("a").catch((e: Error) => e.message)).toBe("database down");
    fail = false;
    expect(await lookUp("a")).toBe("up");
  });
});
