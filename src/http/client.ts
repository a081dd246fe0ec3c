// The one key a request's client is counted under by rate limits and throttles. It is the socket's
// address, unless that is one of TRUSTED_PROXIES: then the nearest X-Forwarded-For entry that is
// not a trusted proxy (a client can write anything to the left of it). IPv6 clients count by /64,
// which one subscriber usually holds whole. The key is a per-process HMAC, so no memory holds an
// address in the clear; nothing here is stored or logged.
import { isIP, type BlockList } from "node:net";

/** What Elysia hands a handler as `server` (absent for app.handle). */
export type AddressSource = { requestIP(request: Request): { address: string } | null } | null | undefined;

const family = (ip: string) => (isIP(ip) === 6 ? "ipv6" : "ipv4");
const unmapped = (ip: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip);

/** The client's address by the rules above, or undefined when the request came through no socket. */
export function clientAddress(request: Request, server: AddressSource, trusted: BlockList | undefined): string | undefined {
  const socket = server?.requestIP(request)?.address;
  if (socket === undefined || !trusted?.check(socket, family(socket))) return socket && unmapped(socket);
  let client = socket;
  const hops = (request.headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim());
  for (const hop of hops.reverse()) {
    if (!isIP(hop)) break;
    client = hop;
    if (!trusted.check(hop, family(hop))) break;
  }
  return unmapped(client);
}

/** The first 64 bits of an IPv6 address, as "2001:db8:1:2::/64". */
function prefix64(ip: string): string {
  const [head = "", tail] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const rightGroups = right.length + (right.at(-1)?.includes(".") ? 1 : 0);
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - rightGroups).fill("0"), ...right];
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(":")}::/64`;
}

/** The part of an address a client is counted by: an IPv4 address whole, an IPv6 one by its /64. */
export const countedAs = (ip: string): string => (isIP(ip) === 6 ? prefix64(ip) : ip);

const hmacKey = crypto.getRandomValues(new Uint8Array(32));

/** The client's pseudonymous key: stable within this process, never reversible to the address. */
export function clientKey(request: Request, server: AddressSource, trusted: BlockList | undefined): string {
  const ip = clientAddress(request, server, trusted);
  return `client:${new Bun.CryptoHasher("sha256", hmacKey).update(ip === undefined ? "unknown" : countedAs(ip)).digest("hex").slice(0, 32)}`;
}
