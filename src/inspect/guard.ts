// SSRF guard: decides whether the inspector may open a connection to host:port. Every request the
// inspected page makes goes through this check (in the per-job proxy, see proxy.ts), redirects
// included, and the address checked is the one connected to, so DNS rebinding cannot slip past.
import { lookup as dnsLookup } from "node:dns/promises";
import net from "node:net";

/** Resolves a host name to its addresses; injectable so tests never send traffic to what they check. */
export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** A resolver that answers from a fixed map first (INSPECT_HOST_MAP, tests only), then falls back. */
export const mappedResolver = (map: ReadonlyMap<string, string>, fallback: Resolver = systemResolver): Resolver =>
  async (host) => {
    const mapped = map.get(host.toLowerCase());
    return mapped ? [mapped] : fallback(host);
  };

// NOTE: every range that is not the public internet: RFC 6890 special-purpose registries,
// plus multicast and reserved. IPv4-mapped, IPv4-translated and well-known NAT64 IPv6 forms are
// unwrapped before checking (a public site may sit behind NAT64); the IPv4-compatible block
// (::/96, deprecated), 6to4 (2002::/16, its relays deprecated) and local-use NAT64
// (64:ff9b:1::/48, translated by the operator's own gateway) are refused whole: each can carry
// an internal IPv4 address, and none has a public use left to measure.
const INTERNAL = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16],
  ["172.16.0.0", 12], ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16],
  ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) INTERNAL.addSubnet(prefix, bits, "ipv4");
for (const [prefix, bits] of [
  ["::", 96], ["64:ff9b:1::", 48], ["100::", 64], ["2001::", 23], ["2001:db8::", 32], ["2002::", 16],
  ["fc00::", 7], ["fe80::", 10], ["fec0::", 10], ["ff00::", 8],
] as const) INTERNAL.addSubnet(prefix, bits, "ipv6");

/** The eight 16-bit groups of a valid IPv6 address, whichever way it is written. */
function ipv6Groups(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}

/** The IPv4 address in an IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96) or NAT64 (64:ff9b::/96) address. */
function embeddedIpv4(ip: string): string | null {
  const g = ipv6Groups(ip);
  const prefix = g.slice(0, 6).map((n) => n.toString(16)).join(":");
  if (prefix !== "0:0:0:0:0:ffff" && prefix !== "0:0:0:0:ffff:0" && prefix !== "64:ff9b:0:0:0:0") return null;
  return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join(".");
}

/** True for loopback, private, link-local, unspecified, multicast, documentation and reserved addresses. */
export function isInternalAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (net.isIPv4(bare)) return INTERNAL.check(bare, "ipv4");
  if (!net.isIPv6(bare)) return true; // not an address at all: never connect to it
  const v4 = embeddedIpv4(bare);
  if (v4) return INTERNAL.check(v4, "ipv4");
  return INTERNAL.check(bare, "ipv6");
}

export type GuardOptions = {
  resolve: Resolver;
  /** INSPECT_ALLOW_HOSTS entries: "host" (any port) or "host:port"; these may be internal. */
  allow: readonly string[];
  /**
   * Any address and any port: the measurement runs on its caller's own machine for its caller (the
   * `bothy-check` CLI, whose CI previews sit on localhost). The public inspector never sets it.
   */
  open?: boolean;
};

type Verdict =
  | { ok: true; address: string }
  | { ok: false; reason: "port" | "internal" | "unresolved"; message: string };

const allowed = (allow: readonly string[], host: string, port: number) =>
  allow.includes(host) || allow.includes(`${host}:${port}`);

/** Checks a target before any byte is sent; answers the address to connect to. */
export async function checkTarget(hostname: string, port: number, opts: GuardOptions): Promise<Verdict> {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "").replace(/\.$/, "");
  const isAllowed = opts.open === true || allowed(opts.allow, host, port) || allowed(opts.allow, `[${host}]`, port);
  const badPort = !isAllowed && port !== 80 && port !== 443;
  const portRefusal = { ok: false, reason: "port", message: `Only ports 80 and 443 can be inspected (got ${port})` } as const;
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    if (badPort) return portRefusal; // no DNS lookup for a target refused anyway
    try {
      addresses = await opts.resolve(host);
    } catch {
      addresses = [];
    }
    if (!addresses.length) return { ok: false, reason: "unresolved", message: `${host} does not resolve` };
  }
  // NOTE: all addresses must be public, not just the first: the browser may try any of them.
  if (!isAllowed && addresses.some(isInternalAddress)) {
    return { ok: false, reason: "internal", message: `${host} points to an internal address and cannot be inspected` };
  }
  if (badPort) return portRefusal;
  return { ok: true, address: addresses[0]! };
}
