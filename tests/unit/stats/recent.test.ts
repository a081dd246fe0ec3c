// The stats access path's domain look-ups: the database answers, except while look-ups are slow
// (one took slowMs or more in the last staleMs, or one has waited that long), when a caller whose
// answer takes longer than waitMs gets an answer that arrived at most staleMs ago.
import { describe, expect, test } from "bun:test";
import { recentLookups } from "../../../src/stats/recent";

/** A look-up whose answers the test sets and whose delay it controls, counting its calls. */
function table() {
  const values = new Map<string, string | null>();
  const delay = { ms: 0 };
  let calls = 0;
  const lookUp = async (key: string) => {
    calls++;
    const value = values.get(key) ?? null;
    await Bun.sleep(delay.ms);
    return value;
  };
  return { lookUp, values, delay, calls: () => calls };
}

// NOTE: staleMs is the longest pause between two steps of a test that keeps its meaning: a busy
// machine may stall a step for hundreds of milliseconds.
const limits = { waitMs: 10, slowMs: 100, staleMs: 1_500 };

describe("recentLookups", () => {
  test("while look-ups are quick, every caller gets the database's answer, one a little slower too", async () => {
    const t = table();
    // NOTE: "quick" is under slowMs, here far above what a stalled step can take.
    const lookUp = recentLookups(t.lookUp, { ...limits, slowMs: 5_000, staleMs: 10_000 });
    t.values.set("a", "public");
    expect(await lookUp("a")).toBe("public");
    t.values.set("a", "private");
    t.delay.ms = 30;
    expect(await lookUp("a")).toBe("private");
  });

  test("once a look-up has waited slowMs, a caller gets the last answer, and the database's answer still updates it", async () => {
    const t = table();
    const lookUp = recentLookups(t.lookUp, limits);
    t.values.set("a", "owner 1");
    expect(await lookUp("a")).toBe("owner 1");
    t.values.set("a", "owner 2");
    t.delay.ms = 250;
    // NOTE: "owner 1" is what the look-up knew: the database says "owner 2" only after 250 ms.
    expect(await lookUp("a")).toBe("owner 1");
    await Bun.sleep(300);
    t.delay.ms = 0;
    expect(await lookUp("a")).toBe("owner 2");
  });

  test("after a slow look-up, callers take the last answer once waitMs has passed, quick look-ups between or not, until staleMs has passed", async () => {
    const t = table();
    const lookUp = recentLookups(t.lookUp, limits);
    t.values.set("a", "before");
    t.values.set("b", "b");
    t.delay.ms = 130;
    expect(await lookUp("a")).toBe("before");
    // A quick look-up does not end the slow spell.
    t.delay.ms = 0;
    expect(await lookUp("b")).toBe("b");
    t.values.set("a", "after");
    t.delay.ms = 60;
    // Under slowMs, but one took 130 ms lately: the caller does not wait for these 60 ms.
    expect(await lookUp("a")).toBe("before");
    // Once staleMs has passed since the slow one, the spell is over: a caller waits for the database again.
    await Bun.sleep(limits.staleMs + 20);
    t.delay.ms = 0;
    expect(await lookUp("a")).toBe("after");
    t.values.set("a", "later");
    t.delay.ms = 60;
    expect(await lookUp("a")).toBe("later");
  });

  test("an answer older than staleMs is not used: the caller waits for the database", async () => {
    const t = table();
    const lookUp = recentLookups(t.lookUp, limits);
    t.values.set("a", "old");
    t.delay.ms = 130;
    expect(await lookUp("a")).toBe("old");
    await Bun.sleep(limits.staleMs + 50);
    t.values.set("a", "new");
    expect(await lookUp("a")).toBe("new");
  });

  test("a key never answered waits for the database however slow, and so does a name that is not a domain yet", async () => {
    const t = table();
    const lookUp = recentLookups(t.lookUp, limits);
    t.delay.ms = 150;
    expect(await lookUp("new.example")).toBeNull();
    t.values.set("other.example", "there");
    expect(await lookUp("other.example")).toBe("there");
  });

  test("callers asking while a look-up of their key runs join it: one query", async () => {
    const t = table();
    const lookUp = recentLookups(t.lookUp, limits);
    t.values.set("a", "x");
    t.delay.ms = 30;
    expect(await Promise.all([lookUp("a"), lookUp("a"), lookUp("a")])).toEqual(["x", "x", "x"]);
    expect(t.calls()).toBe(1);
  });

  test("a failed look-up fails its callers and is not remembered", async () => {
    let fail = true;
    const lookUp = recentLookups(async () => {
      if (fail) throw new Error("database down");
      return "up";
    }, limits);
    expect(await lookUp("a").catch((e: Error) => e.message)).toBe("database down");
    fail = false;
    expect(await lookUp("a")).toBe("up");
  });
});
