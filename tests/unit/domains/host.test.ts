import { expect, test } from "bun:test";
import { DOMAIN_FORMAT, normaliseHost } from "../../../src/domains/host";

test("what people paste becomes the host the tracker reports", () => {
  const cases: [string, string][] = [
    ["example.com", "example.com"],
    ["  Example.COM ", "example.com"],
    ["https://www.example.com/blog?x=1", "www.example.com"],
    ["shop.example.co.uk:8080", "shop.example.co.uk"],
    ["example.com.", "example.com"],
    ["bücher.de", "xn--bcher-kva.de"],
  ];
  for (const [input, host] of cases) expect(normaliseHost(input)).toEqual({ ok: true, host });
});

test("what is not a public host name is refused with one message", () => {
  for (const input of ["", "localhost", "example", "-bad.com", "exa mple.com", "example.c", "192.168.1.1", "a".repeat(64) + ".com", "javascript:alert(1)"]) {
    expect(normaliseHost(input)).toEqual({ ok: false, message: DOMAIN_FORMAT });
  }
});
