// carbon.txt look-up against loopback fixture sites, through the inspector's SSRF-guarded GET: the
// current syntax at /carbon.txt, the older syntax at /.well-known/carbon.txt, invalid TOML, an HTML
// catch-all and a site without one. Names end in ".invalid" and map to 127.0.0.1: nothing leaves loopback.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { lookupCarbonTxt, parseCarbonTxt, type CarbonTxtGet } from "../../../src/carbon/carbontxt";
import { mappedResolver } from "../../../src/inspect/guard";
import { guardedGet } from "../../../src/inspect/guarded-get";

const CURRENT = `version = "0.4"
last_updated = 2025-04-01

[org]
disclosures = [
  { doc_type = "web-page", url = "https://current.invalid/sustainability", domain = "current.invalid", valid_until = "2027-12-31" },
  { doc_type = "annual-report", url = "javascript:alert(1)" },
]

[upstream]
services = [
  { domain = "hoster.invalid", service_type = "shared-hosting" },
  { domain = "cdn.invalid", service_type = "cdn" },
]
`;

const OLD = `[upstream]
providers = [
  { domain = 'aws.amazon.com', service = 'shared-hosting' },
]
[org]
credentials = [
  { domain = 'wellknown.invalid', doctype = 'sustainability-page', url = 'https://wellknown.invalid/green' },
]
`;

const FILES: Record<string, Record<string, string>> = {
  "current.invalid": { "/carbon.txt": CURRENT },
  "wellknown.invalid": { "/.well-known/carbon.txt": OLD },
  "bad.invalid": { "/carbon.txt": "[org\ndisclosures = oops" },
  "html.invalid": { "*": "<!doctype html><title>Home</title>" },
  "moved.invalid": {},
  "none.invalid": {},
};

let site: ReturnType<typeof Bun.serve>;
beforeAll(() => {
  site = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req) => {
      const host = (req.headers.get("host") ?? "").split(":")[0]!;
      const path = new URL(req.url).pathname;
      if (host === "moved.invalid" && path === "/carbon.txt") {
        return new Response(null, { status: 301, headers: { location: `http://current.invalid:${site.port}/carbon.txt` } });
      }
      const files = FILES[host] ?? {};
      const body = files[path] ?? files["*"];
      return body === undefined ? new Response("not found", { status: 404 }) : new Response(body);
    },
  });
});
afterAll(() => site.stop(true));

const hosts = Object.keys(FILES);
const get: CarbonTxtGet = (url, limits) =>
  guardedGet(url, {
    resolve: mappedResolver(new Map(hosts.map((h) => [h, "127.0.0.1"])), async () => []),
    allow: hosts,
    ...limits,
  });
const origin = (host: string) => new URL(`http://${host}:${site.port}/some/page?x=1`);

test("the current syntax at /carbon.txt: disclosures and upstream services, unsafe links dropped", async () => {
  expect(await lookupCarbonTxt(origin("current.invalid"), get)).toEqual({
    status: "found",
    url: `http://current.invalid:${site.port}/carbon.txt`,
    version: "0.4",
    disclosures: [
      { docType: "web-page", url: "https://current.invalid/sustainability", domain: "current.invalid", validUntil: "2027-12-31" },
      { docType: "annual-report", url: null, domain: null, validUntil: null },
    ],
    services: [
      { domain: "hoster.invalid", serviceType: "shared-hosting" },
      { domain: "cdn.invalid", serviceType: "cdn" },
    ],
  });
});

test("the older syntax at /.well-known/carbon.txt is read too", async () => {
  expect(await lookupCarbonTxt(origin("wellknown.invalid"), get)).toEqual({
    status: "found",
    url: `http://wellknown.invalid:${site.port}/.well-known/carbon.txt`,
    version: null,
    disclosures: [{ docType: "sustainability-page", url: "https://wellknown.invalid/green", domain: "wellknown.invalid", validUntil: null }],
    services: [{ domain: "aws.amazon.com", serviceType: "shared-hosting" }],
  });
});

test("invalid TOML is told with a message", async () => {
  const res = await lookupCarbonTxt(origin("bad.invalid"), get);
  expect(res.status).toBe("invalid");
  if (res.status === "invalid") expect(res.message).toStartWith("not valid TOML");
});

test("no carbon.txt, or an HTML page for every path, is none", async () => {
  expect(await lookupCarbonTxt(origin("none.invalid"), get)).toEqual({ status: "none" });
  expect(await lookupCarbonTxt(origin("html.invalid"), get)).toEqual({ status: "none" });
});

test("a redirect is followed, each hop through the guard", async () => {
  const res = await lookupCarbonTxt(origin("moved.invalid"), get);
  expect(res.status === "found" && res.url).toBe(`http://current.invalid:${site.port}/carbon.txt`);
});

test("an internal address the guard refuses is unreachable, never fetched", async () => {
  const refusing: CarbonTxtGet = (url, limits) =>
    guardedGet(url, { resolve: mappedResolver(new Map([["current.invalid", "127.0.0.1"]]), async () => []), allow: [], ...limits });
  const res = await lookupCarbonTxt(origin("current.invalid"), refusing);
  expect(res.status).toBe("unreachable");
});

test("a file with neither section is invalid; a TOML date becomes a day", () => {
  expect(parseCarbonTxt(`version = "0.4"`)).toEqual({ ok: false, message: "neither an [org] nor an [upstream] section" });
  const parsed = parseCarbonTxt(`[org]\ndisclosures = [{ doc_type = "x", valid_until = 2027-01-31 }]`);
  expect(parsed.ok && parsed.disclosures[0]!.validUntil).toBe("2027-01-31");
});
