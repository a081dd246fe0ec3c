// SSRF at the address level: what the guard refuses. The resolver is injected, so the
// "public name resolving to 10.0.0.1" case never sends a packet anywhere.
import { describe, expect, test } from "bun:test";
import { checkTarget, isInternalAddress, mappedResolver, type Resolver } from "../../../src/inspect/guard";

const noDns: Resolver = async (host) => {
  throw new Error(`unexpected DNS lookup of ${host}`);
};
const resolveTo = (answers: Record<string, string[]>): Resolver => async (host) => answers[host] ?? [];

describe("isInternalAddress", () => {
  const internal = [
    "127.0.0.1", "127.1.2.3", "10.0.0.1", "172.16.5.4", "172.31.255.255", "192.168.1.1", "169.254.169.254",
    "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1",
    "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "64:ff9b::a9fe:a9fe", "ff02::1", "[::1]", "not-an-ip",
  ];
  const external = ["93.184.216.34", "1.1.1.1", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "64:ff9b:0:0:0:0:8.8.8.8"];
  for (const ip of internal) test(`${ip} is internal`, () => expect(isInternalAddress(ip)).toBe(true));

  // IPv6 blocks that carry an IPv4 address: refused whole, or unwrapped (NAT64 well-known prefix),
  // whichever way the address is written.
  const embedding = [
    "::127.0.0.1", "::7f00:1", "::8.8.8.8", "::a00:1", // IPv4-compatible, ::/96
    "2002:7f00:1::1", "2002:a9fe:a9fe::", "2002:808:808::1", // 6to4, 2002::/16
    "64:ff9b:1::a00:1", "64:ff9b:1:ffff::8.8.8.8", // local-use NAT64, 64:ff9b:1::/48
    "64:ff9b:0:0:0:0:7f00:1", "0064:ff9b::127.0.0.1", "0:0:0:0:0:ffff:10.0.0.1", // long forms
  ];
  for (const ip of embedding) test(`${ip} is internal`, () => expect(isInternalAddress(ip)).toBe(true));
  for (const ip of external) test(`${ip} is public`, () => expect(isInternalAddress(ip)).toBe(false));
});

describe("checkTarget", () => {
  const opts = { resolve: noDns, allow: [] as string[] };

  test("loopback, IPv6 loopback and the metadata address are refused", async () => {
    for (const host of ["127.0.0.1", "::1", "[::1]", "169.254.169.254"]) {
      const v = await checkTarget(host, 80, opts);
      expect(v).toMatchObject({ ok: false, reason: "internal" });
    }
  });

  test("a public-looking name resolving to 10.0.0.1 is refused", async () => {
    const v = await checkTarget("intranet.example.com", 443, { resolve: resolveTo({ "intranet.example.com": ["10.0.0.1"] }), allow: [] });
    expect(v).toEqual({ ok: false, reason: "internal", message: "intranet.example.com points to an internal address and cannot be inspected" });
  });

  test("one internal address among public ones is enough to refuse", async () => {
    const v = await checkTarget("mixed.example.com", 443, { resolve: resolveTo({ "mixed.example.com": ["93.184.216.34", "127.0.0.1"] }), allow: [] });
    expect(v.ok).toBe(false);
  });

  test("a public name is allowed and pinned to the address checked", async () => {
    const v = await checkTarget("example.com", 443, { resolve: resolveTo({ "example.com": ["93.184.216.34"] }), allow: [] });
    expect(v).toEqual({ ok: true, address: "93.184.216.34" });
  });

  test("an open guard (the local CLI's, on its caller's machine) lets loopback on any port through", async () => {
    expect(await checkTarget("127.0.0.1", 3000, { ...opts, open: true })).toEqual({ ok: true, address: "127.0.0.1" });
    const named = await checkTarget("preview.local", 8080, { resolve: resolveTo({ "preview.local": ["10.0.0.5"] }), allow: [], open: true });
    expect(named).toEqual({ ok: true, address: "10.0.0.5" });
  });

  test("ports other than 80 and 443 are refused before any lookup", async () => {
    expect(await checkTarget("example.com", 8080, opts)).toMatchObject({ ok: false, reason: "port" });
    expect(await checkTarget("example.com", 22, opts)).toMatchObject({ ok: false, reason: "port" });
  });

  test("INSPECT_ALLOW_HOSTS lets a listed host through, on any port or the one listed", async () => {
    expect(await checkTarget("127.0.0.1", 8123, { resolve: noDns, allow: ["127.0.0.1"] })).toEqual({ ok: true, address: "127.0.0.1" });
    expect(await checkTarget("127.0.0.1", 8123, { resolve: noDns, allow: ["127.0.0.1:8123"] })).toMatchObject({ ok: true });
    expect(await checkTarget("127.0.0.1", 9000, { resolve: noDns, allow: ["127.0.0.1:8123"] })).toMatchObject({ ok: false });
    expect(await checkTarget("::1", 80, { resolve: noDns, allow: ["[::1]"] })).toMatchObject({ ok: true });
  });

  test("a name that does not resolve is its own verdict", async () => {
    expect(await checkTarget("nowhere.invalid", 443, { resolve: resolveTo({}), allow: [] })).toMatchObject({ ok: false, reason: "unresolved" });
  });

  test("the mapped resolver answers from the map and falls back otherwise", async () => {
    const r = mappedResolver(new Map([["tracker.example", "127.0.0.1"]]), resolveTo({ "other.example": ["1.1.1.1"] }));
    expect(await r("Tracker.Example")).toEqual(["127.0.0.1"]);
    expect(await r("other.example")).toEqual(["1.1.1.1"]);
  });
});
