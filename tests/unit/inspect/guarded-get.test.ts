// guardedGet against a loopback server: it connects to the address the guard checked (the name is
// never looked up again), refuses internal addresses unless allowed, cuts the body at its cap and
// gives up at its deadline.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mappedResolver } from "../../../src/inspect/guard";
import { guardedGet, networkProblem } from "../../../src/inspect/guarded-get";

let site: ReturnType<typeof Bun.serve>;
const never = Promise.withResolvers<void>();
beforeAll(() => {
  site = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: async (req) => {
      const path = new URL(req.url).pathname;
      if (path === "/big") return new Response("x".repeat(100_000));
      if (path === "/silent") await never.promise;
      return new Response(`host ${req.headers.get("host")}`);
    },
  });
});
afterAll(() => {
  never.resolve();
  site.stop(true);
});

// NOTE: ".invalid" never resolves in DNS: an answer proves the mapped address was used.
const HOST = "site.invalid";
const opts = (allow: string[] = [HOST]) => ({
  resolve: mappedResolver(new Map([[HOST, "127.0.0.1"]]), async () => []),
  allow,
  timeoutMs: 2000,
  maxBytes: 1000,
});
const url = (path: string) => new URL(`http://${HOST}:${site.port}${path}`);

test("connects to the checked address, keeping the name in the Host header", async () => {
  expect(await guardedGet(url("/"), opts())).toEqual({ ok: true, status: 200, location: null, body: `host ${HOST}:${site.port}` });
});

test("an internal address is refused unless allowed, before any byte is sent", async () => {
  const res = await guardedGet(new URL(`http://${HOST}/`), opts([]));
  expect(res.ok).toBe(false);
  if (!res.ok) expect(res.message).toContain("internal address");
});

test("the body is cut at the cap", async () => {
  const res = await guardedGet(url("/big"), opts());
  expect(res.ok && res.body.length).toBe(1000);
});

test("a server that never answers is given up at the deadline", async () => {
  const t0 = Date.now();
  const res = await guardedGet(url("/silent"), { ...opts(), timeoutMs: 300 });
  expect(res).toEqual({ ok: false, message: "no answer within 0.3 s" });
  expect(Date.now() - t0).toBeLessThan(2000);
});

test("a failed connection is told in plain words, without its address or error code", async () => {
  const closed = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
  const port = closed.port;
  closed.stop(true);
  const res = await guardedGet(new URL(`http://${HOST}:${port}/`), opts());
  expect(res).toEqual({ ok: false, message: "the site refused the connection" });
});

test("each socket failure has its plain sentence, and none names a code or an address", () => {
  const err = (code: string, message: string) => Object.assign(new Error(message), { code });
  const cases: [unknown, string][] = [
    [err("ENOTFOUND", "getaddrinfo ENOTFOUND x.example"), "the name does not resolve"],
    [err("EAI_AGAIN", "getaddrinfo EAI_AGAIN x.example"), "the name does not resolve"],
    [err("ECONNREFUSED", "connect ECONNREFUSED 10.0.0.1:443"), "the site refused the connection"],
    [err("ECONNRESET", "read ECONNRESET"), "the site closed the connection before answering"],
    [new Error("socket hang up"), "the site closed the connection before answering"],
    [err("DEPTH_ZERO_SELF_SIGNED_CERT", "self-signed certificate"), "the site's HTTPS certificate or connection is not valid"],
    [err("ERR_TLS_CERT_ALTNAME_INVALID", "Hostname/IP does not match certificate's altnames: IP: 10.0.0.1"), "the site's HTTPS certificate or connection is not valid"],
    [err("EHOSTUNREACH", "connect EHOSTUNREACH 10.0.0.1:443"), "could not reach the site"],
    ["a thrown string", "could not reach the site"],
  ];
  for (const [e, said] of cases) expect(networkProblem(e)).toBe(said);
});
