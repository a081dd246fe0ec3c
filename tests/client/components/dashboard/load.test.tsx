// The dashboard's loading order: SUMMARY first, then PATH, REF and GOALS in
// parallel; GOALS failing fails its section only, and loadGoals reads it again alone; an answer to an older load that arrives late is dropped; a failing answer becomes the
// error the page shows; a public dashboard sends its password header; a popup or a campaign's Path
// tab asks REF for its own entry pages; every read carries the filters, and new filters ask again.
// Served by a loopback Bun.serve playing /api/stats and /api/stats-public.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { act, renderHook, waitFor } from "@testing-library/react";
import { useCampaignPages, useEntryPages, useStats } from "../../../../components/dashboard/load";
import type { Filter } from "../../../../src/shared/filters";

const BunResponse = (globalThis as unknown as { BunResponse: typeof Response }).BunResponse;
type Seen = { path: string; q: URLSearchParams; password: string | null; at: number };
const seen: Seen[] = [];
const gates = new Map<string, Promise<void>>();
let n = 0;
/** 503s still to answer for the 2026-05-01 range before it answers. */
let busyLeft = 0;

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(req) {
    const url = new URL(req.url);
    const q = url.searchParams;
    seen.push({ path: url.pathname, q, password: req.headers.get("x-dashboard-password"), at: n++ });
    await gates.get(`${q.get("startKey")} ${q.get("dataType")}`);
    if (q.get("startKey") === "2026-05-01" && busyLeft > 0) {
      busyLeft--;
      return BunResponse.json({ error: { status: 503, code: "unavailable", message: "busy" } }, { status: 503, headers: { "retry-after": "1" } });
    }
    if (q.get("startKey") === "2026-08-02" && q.get("dataType") === "GOALS") return BunResponse.json({ error: { status: 400, code: "bad_request", message: "No goals here." } }, { status: 400 });
    if (q.get("startKey") === "2026-01-01") return BunResponse.json({ error: { status: 404, code: "not_found", message: "No such domain." } }, { status: 404 });
    if (url.pathname === "/api/stats-public" && req.headers.get("x-dashboard-password") !== "pw") {
      return BunResponse.json({ error: { status: 401, code: "unauthorized", message: "This dashboard is protected by a password." } }, { status: 401 });
    }
    // NOTE: each answer names its range, so the test sees which load it came from; asked for one
    // campaign, REF fills that campaign's path alone, as the server does.
    const campaign = q.get("campaign");
    const pages = (label: string) => (label === campaign ? [{ label: `/${label}-offer`, value: 3, pc: 1, c: null }] : []);
    const campaigns = campaign === null ? {} : { campaign: ["autumn", campaign].map((label) => ({ label, value: 3, pc: 0.5, c: null, source: [], medium: [], path: pages(label) })) };
    const goals = q.get("dataType") === "GOALS" ? { goals: [{ id: n, name: q.get("startKey") }] } : {};
    return BunResponse.json({ dataType: q.get("dataType"), validated: { startKey: q.get("startKey") }, ...campaigns, ...goals });
  },
});

beforeAll(() => (globalThis as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(`http://127.0.0.1:${server.port}/dashboard/example.com`));
afterAll(() => server.stop(true));

const range = (day: string) => ({ startKey: day, endKey: day });
const goalNames = (g: unknown) => ((g as { rows: { name: string }[] } | undefined)?.rows ?? []).map((r) => r.name);
const startOf = (x: unknown) => (x as { validated: { startKey: string } } | undefined)?.validated.startKey;

describe("useStats", () => {
  test("SUMMARY first, then PATH, REF and GOALS together; all four for the asked range", async () => {
    seen.length = 0;
    let release = () => {};
    gates.set("2026-03-01 SUMMARY", new Promise<void>((r) => (release = r)));
    const { result } = renderHook(() => useStats({ domain: "example.com" }));
    let done!: Promise<unknown>;
    act(() => void (done = result.current.load(range("2026-03-01"))));
    await waitFor(() => expect(seen).toHaveLength(1));
    await Bun.sleep(50); // NOTE: time for PATH, REF or GOALS to go out, were they not waiting for SUMMARY
    expect(seen.map((s) => s.q.get("dataType"))).toEqual(["SUMMARY"]);
    release();
    await act(() => done);
    expect(seen.map((s) => s.q.get("dataType")).sort()).toEqual(["GOALS", "PATH", "REF", "SUMMARY"]);
    expect(seen[0]!.q.get("dataType")).toBe("SUMMARY");
    expect(seen.every((s) => s.path === "/api/stats" && s.q.get("domain") === "example.com")).toBe(true);
    // NOTE: REF leaves out its entry pages per referrer: a row's popup asks for its own.
    expect(seen.map((s) => [s.q.get("dataType"), s.q.get("entries")]).sort()).toEqual([["GOALS", null], ["PATH", null], ["REF", "none"], ["SUMMARY", null]]);
    expect([startOf(result.current.data.summary), startOf(result.current.data.path), startOf(result.current.data.ref)]).toEqual(["2026-03-01", "2026-03-01", "2026-03-01"]);
    expect(goalNames(result.current.data.goals)).toEqual(["2026-03-01"]);
    expect(result.current.data.busy).toBe(false);
  });

  test("a slow answer to an older load never replaces the newer range's numbers", async () => {
    let release = () => {};
    gates.set("2026-04-01 SUMMARY", new Promise<void>((r) => (release = r)));
    const { result } = renderHook(() => useStats({ domain: "example.com" }));
    let slow!: Promise<unknown>;
    let fast!: Promise<unknown>;
    seen.length = 0;
    act(() => void (slow = result.current.load(range("2026-04-01"))));
    await waitFor(() => expect(seen).toHaveLength(1));
    act(() => void (fast = result.current.load(range("2026-04-02"))));
    await act(() => fast);
    expect(startOf(result.current.data.summary)).toBe("2026-04-02");
    release();
    await act(() => slow);
    expect(await slow).toBeNull();
    expect(startOf(result.current.data.summary)).toBe("2026-04-02");
    expect(startOf(result.current.data.path)).toBe("2026-04-02");
    expect(goalNames(result.current.data.goals)).toEqual(["2026-04-02"]);
  });

  test("GOALS failing leaves the rest shown and says why in its place; loadGoals reads GOALS alone again", async () => {
    const { result } = renderHook(() => useStats({ domain: "example.com" }));
    await act(() => result.current.load(range("2026-08-02")));
    expect(result.current.data.error).toBeUndefined();
    expect(startOf(result.current.data.path)).toBe("2026-08-02");
    expect(result.current.data.goals).toEqual({ error: { status: 400, message: "No goals here." } });
    seen.length = 0;
    await act(() => result.current.loadGoals(range("2026-08-03")));
    expect(seen.map((s) => s.q.get("dataType"))).toEqual(["GOALS"]);
    expect(goalNames(result.current.data.goals)).toEqual(["2026-08-03"]);
    expect(startOf(result.current.data.summary)).toBe("2026-08-02");
  });

  test("a GOALS read started before a newer load is dropped when it lands late", async () => {
    let release = () => {};
    gates.set("2026-08-04 GOALS", new Promise<void>((r) => (release = r)));
    const { result } = renderHook(() => useStats({ domain: "example.com" }));
    let slow!: Promise<unknown>;
    act(() => void (slow = result.current.loadGoals(range("2026-08-04"))));
    await act(() => result.current.load(range("2026-08-05")));
    release();
    await act(() => slow);
    expect(goalNames(result.current.data.goals)).toEqual(["2026-08-05"]);
  });

  test("a 503 is asked again after its Retry-After, and the load lands; a server still busy after four tries is the error shown", async () => {
    seen.length = 0;
    busyLeft = 2;
    const { result } = renderHook(() => useStats({ domain: "example.com" }));
    await act(() => result.current.load(range("2026-05-01")));
    const summaries = seen.filter((s) => s.q.get("dataType") === "SUMMARY");
    expect(summaries).toHaveLength(3);
    expect(startOf(result.current.data.summary)).toBe("2026-05-01");
    expect(result.current.data.error).toBeUndefined();
    busyLeft = 4;
    await act(() => result.current.load(range("2026-05-01")));
    expect(busyLeft).toBe(0);
    expect(result.current.data.error).toEqual({ status: 503, message: "busy" });
  }, 15_000);

  test("an error answer becomes the error shown; a public dashboard sends its password", async () => {
    const { result } = renderHook(() => useStats({ domain: "example.com" }));
    await act(() => result.current.load(range("2026-01-01")));
    expect(result.current.data.error).toEqual({ status: 404, message: "No such domain." });

    seen.length = 0;
    const open = renderHook(() => useStats({ id: "abc" }));
    await act(() => open.result.current.load(range("2026-03-01")));
    expect(open.result.current.data.error).toEqual({ status: 401, message: "This dashboard is protected by a password." });
    const withPassword = renderHook(() => useStats({ id: "abc", password: "pw" }));
    await act(() => withPassword.result.current.load(range("2026-03-01")));
    await waitFor(() => expect(withPassword.result.current.data.busy).toBe(false));
    expect(startOf(withPassword.result.current.data.ref)).toBe("2026-03-01");
    expect(seen.at(-1)!.path).toBe("/api/stats-public");
    expect(seen.at(-1)!.q.get("id")).toBe("abc");
    expect(seen.at(-1)!.password).toBe("pw");
  });
});

describe("useEntryPages", () => {
  test("asks REF for the open row's referrer or page, for the range shown; nothing without a popup", async () => {
    seen.length = 0;
    const target = { domain: "example.com" };
    const { result, rerender } = renderHook(({ asked }: { asked: { referrer: string } | { page: string } | null }) => useEntryPages(target, range("2026-06-01"), asked), {
      initialProps: { asked: null as { referrer: string } | { page: string } | null },
    });
    await Bun.sleep(20);
    expect(seen).toHaveLength(0);
    expect(result.current).toBeUndefined();
    rerender({ asked: { referrer: "t.co" } });
    await waitFor(() => expect(seen).toHaveLength(1));
    expect([seen[0]!.q.get("dataType"), seen[0]!.q.get("referrer"), seen[0]!.q.get("startKey")]).toEqual(["REF", "t.co", "2026-06-01"]);
    rerender({ asked: { page: "/pricing" } });
    await waitFor(() => expect(seen).toHaveLength(2));
    expect([seen[1]!.q.get("page"), seen[1]!.q.get("referrer")]).toEqual(["/pricing", null]);
  });
});

describe("useCampaignPages", () => {
  test("asks REF for the campaign whose Path tab opened, for the range shown, and picks its pages; nothing before; a failure is none", async () => {
    seen.length = 0;
    const target = { id: "abc", password: "pw" };
    const { result, rerender } = renderHook(({ campaign, day }: { campaign: string | null; day: string }) => useCampaignPages(target, range(day), campaign), {
      initialProps: { campaign: null as string | null, day: "2026-06-01" },
    });
    await Bun.sleep(20);
    expect(seen).toHaveLength(0);
    expect(result.current).toBeUndefined();
    rerender({ campaign: "spring", day: "2026-06-01" });
    await waitFor(() => expect(result.current).toEqual([{ label: "/spring-offer", value: 3, pc: 1, c: null }]));
    expect(seen.map((s) => [s.path, s.q.get("dataType"), s.q.get("campaign"), s.q.get("id"), s.q.get("startKey"), s.password]))
      .toEqual([["/api/stats-public", "REF", "spring", "abc", "2026-06-01", "pw"]]);
    // NOTE: back to the same tab of the same campaign: nothing asked again.
    rerender({ campaign: "spring", day: "2026-06-01" });
    await Bun.sleep(20);
    expect(seen).toHaveLength(1);
    rerender({ campaign: "spring", day: "2026-01-01" });
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toEqual([]));
    expect(seen.at(-1)!.q.get("startKey")).toBe("2026-01-01");
  });
});

describe("filters", () => {
  test("every read asks for the filters as JSON (none without them); a popup's read asks again for new filters", async () => {
    seen.length = 0;
    const filters: Filter[] = [["is", "source", ["search"]], ["is_not", "country", ["FR"]]];
    const target = { id: "abc", password: "pw" };
    const { result } = renderHook(() => useStats(target));
    await act(() => result.current.load(range("2026-07-01"), filters));
    await act(() => result.current.load(range("2026-07-01")));
    expect(seen.map((s) => [s.path, s.q.get("dataType"), s.q.get("filters") && JSON.parse(s.q.get("filters")!)]).sort((a, b) => String(a).localeCompare(String(b))))
      .toEqual([["/api/stats-public", "GOALS", null], ["/api/stats-public", "GOALS", filters], ["/api/stats-public", "PATH", null], ["/api/stats-public", "PATH", filters], ["/api/stats-public", "REF", null], ["/api/stats-public", "REF", filters], ["/api/stats-public", "SUMMARY", null], ["/api/stats-public", "SUMMARY", filters]]);

    seen.length = 0;
    const { rerender } = renderHook(({ f }: { f: Filter[] }) => useEntryPages(target, range("2026-07-01"), { referrer: "t.co" }, f), { initialProps: { f: filters } });
    await waitFor(() => expect(seen).toHaveLength(1));
    // NOTE: the same filters in another order are the same slice: nothing asked again.
    rerender({ f: [filters[1]!, filters[0]!] });
    await Bun.sleep(20);
    expect(seen).toHaveLength(1);
    rerender({ f: [] });
    await waitFor(() => expect(seen).toHaveLength(2));
    expect([JSON.parse(seen[0]!.q.get("filters")!), seen[1]!.q.get("filters")]).toEqual([filters, null]);
  });
});
