import { expect, test } from "bun:test";
import { BlockList } from "node:net";
import { clientAddress, clientKey, countedAs, type AddressSource } from "../../../src/http/client";

const from = (address: string): AddressSource => ({ requestIP: () => ({ address }) });
const request = (xff?: string) => new Request("http://bothy.test/", { headers: xff ? { "x-forwarded-for": xff } : {} });
const proxies = new BlockList();
proxies.addSubnet("10.0.0.0", 8, "ipv4");
proxies.addAddress("2001:db8::10", "ipv6");

test("X-Forwarded-For counts only when the socket is a trusted proxy", () => {
  expect(clientAddress(request("198.51.100.1"), from("203.0.113.9"), proxies)).toBe("203.0.113.9");
  expect(clientAddress(request("198.51.100.1"), from("203.0.113.9"), undefined)).toBe("203.0.113.9");
  expect(clientAddress(request("198.51.100.1"), from("10.1.1.1"), undefined)).toBe("10.1.1.1");
  expect(clientAddress(request("198.51.100.1"), from("10.1.1.1"), proxies)).toBe("198.51.100.1");
});

test("the client is the nearest untrusted hop: what it wrote itself further left is ignored", () => {
  expect(clientAddress(request("1.1.1.1, 198.51.100.1, 10.2.2.2"), from("10.1.1.1"), proxies)).toBe("198.51.100.1");
  expect(clientAddress(request("garbage, 198.51.100.1"), from("2001:db8::10"), proxies)).toBe("198.51.100.1");
  // A proxy that sent no usable header: the proxy itself is all we know.
  expect(clientAddress(request("not an ip"), from("10.1.1.1"), proxies)).toBe("10.1.1.1");
  expect(clientAddress(request(), from("10.1.1.1"), proxies)).toBe("10.1.1.1");
  expect(clientAddress(request("10.3.3.3"), from("10.1.1.1"), proxies)).toBe("10.3.3.3");
});

test("IPv4-mapped addresses are IPv4; IPv6 clients count by their /64", () => {
  expect(clientAddress(request(), from("::ffff:203.0.113.9"), undefined)).toBe("203.0.113.9");
  expect(countedAs("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
  expect(countedAs("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
  expect(countedAs("2001:db8::1")).toBe("2001:db8:0:0::/64");
  expect(countedAs("::1")).toBe("0:0:0:0::/64");
  expect(countedAs("203.0.113.9")).toBe("203.0.113.9");
});

test("the key is a pseudonym: equal per counted address, never the address itself", () => {
  const key = (ip: string) => clientKey(request(), from(ip), undefined);
  expect(key("2001:db8:1:2::1")).toBe(key("2001:db8:1:2:ffff::9"));
  expect(key("2001:db8:1:2::1")).not.toBe(key("2001:db8:1:3::1"));
  expect(key("203.0.113.9")).not.toBe(key("203.0.113.10"));
  expect(key("203.0.113.9")).not.toContain("203.0.113.9");
  expect(clientKey(request(), undefined, undefined)).toBe(clientKey(request(), null, undefined));
});
