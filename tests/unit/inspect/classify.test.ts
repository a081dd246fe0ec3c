// First party or third: the registrable domain by the Public Suffix List, so neighbours under a
// public suffix (two shops on .co.uk, two sites on github.io) are strangers to each other.
import { describe, expect, test } from "bun:test";
import { siteOf } from "../../../src/inspect/classify";

describe("siteOf", () => {
  test("subdomains of one registrable domain are one site", () => {
    expect(siteOf("shop.example.co.uk")).toBe("example.co.uk");
    expect(siteOf("cdn.shop.example.co.uk")).toBe(siteOf("www.example.co.uk"));
    expect(siteOf("static.example.com")).toBe("example.com");
  });

  test("neighbours under a public suffix are different sites", () => {
    expect(siteOf("tracker.co.uk")).not.toBe(siteOf("shop.co.uk"));
    expect(siteOf("alice.github.io")).not.toBe(siteOf("bob.github.io"));
  });

  test("addresses and bare names are their own site", () => {
    expect(siteOf("127.0.0.1")).toBe("127.0.0.1");
    expect(siteOf("localhost")).toBe("localhost");
  });
});
