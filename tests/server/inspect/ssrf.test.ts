// SSRF in the running app: internal targets are refused at the API, and a page that
// looks public but redirects to (or loads from) an internal address is refused mid-flight by
// the job's proxy. The "internal" server here counts hits: it must never see one.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import dgram from "node:dgram";
import { InspectError, inspectPage } from "../../../src/inspect/engine";
import { mappedResolver } from "../../../src/inspect/guard";
import { startJobProxy } from "../../../src/inspect/proxy";
import { testBrowserHost } from "../../helpers/browser";
import { until } from "../../helpers/collect";
import { startFixtureSite, type FixtureSite } from "../../helpers/inspect-site";
import { req, startTestServer } from "../../helpers/server";

let site: FixtureSite;
let secretHits = 0;
let secret: ReturnType<typeof Bun.serve>;
let server: Awaited<ReturnType<typeof startTestServer>>;
const host = testBrowserHost();

beforeAll(async () => {
  site = await startFixtureSite();
  secret = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => (secretHits++, new Response("internal secret")) });
  server = await startTestServer({
    env: {
      // "public.example" stands for a public site: allowlisted by name, reached on loopback.
      INSPECT_ALLOW_HOSTS: "public.example",
      INSPECT_HOST_MAP: "public.example=127.0.0.1,intranet.example.com=10.0.0.1",
      INSPECT_QUIET_MS: "300",
      GREENCHECK_API_BASE: "http://127.0.0.1:9",
    },
  });
});
afterAll(async () => {
  await server.stop();
  await host.close();
  secret.stop(true);
  await site.stop();
});

const check = async (url: string) => {
  const res = await server.app.handle(req(`/api/check-analysis?url=${encodeURIComponent(url)}`));
  expect(res.status).toBe(200);
  return res.json();
};

/** Polls like the inspect page does until the answer is no longer "check_again". */
async function settle(url: string) {
  return until(`a final answer for ${url}`, async () => {
    const body = await check(url);
    return body.action === "check_again" ? null : body;
  }, 45_000, 100);
}

describe("SSRF: refused before anything is queued", () => {
  const cases = [
    "http://127.0.0.1/",
    "http://[::1]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://intranet.example.com/", // a public-looking name that resolves to 10.0.0.1
    "http://127.0.0.1:8080/",
  ];
  for (const url of cases) {
    test(`${url} is refused`, async () => {
      const body = await check(url);
      expect(body.result.errorType).toBe("forbidden");
      expect(body.result.error).toMatch(/internal address|Only ports 80 and 443/);
    });
  }

  test("no job was queued for any of them", async () => {
    const [row] = await server.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM inspections`;
    expect(row!.n).toBe(0);
  });

  test("non-http schemes are bad input (400)", async () => {
    const res = await server.app.handle(req(`/api/check-analysis?url=${encodeURIComponent("file:///etc/passwd")}`));
    expect(res.status).toBe(400);
  });
});

describe("SSRF: refused on the way, redirects and subresources included", () => {
  test("a public page redirecting to an internal address is refused, and the target sees nothing", async () => {
    const url = `http://public.example:${site.http}/to-private?to=${encodeURIComponent(`http://127.0.0.1:${secret.port}/secret`)}`;
    const body = await settle(url);
    expect(body.result.errorType).toBe("forbidden");
    expect(body.result.error).toBe("127.0.0.1 points to an internal address and cannot be inspected");
    expect(secretHits).toBe(0);
  });

  test("a subresource on an internal address is refused while the page is measured", async () => {
    const guard = { resolve: mappedResolver(new Map([["public.example", "127.0.0.1"]])), allow: ["public.example"] };
    const capture = await inspectPage((await host.acquire()).browser, `http://public.example:${site.http}/leaky?to=${encodeURIComponent(`http://[::1]:${secret.port}/x.png`)}`, guard, {
      timeoutMs: 15_000, quietMs: 300, maxBytes: 1e7, maxRequests: 100,
    });
    expect(capture.title).toBe("Leaky");
    expect(capture.refused).toEqual([{ host: "::1", port: secret.port!, reason: "internal", message: "::1 points to an internal address and cannot be inspected" }]);
    expect(secretHits).toBe(0);
  });

  test("the engine refuses an internal first address too", async () => {
    const guard = { resolve: mappedResolver(new Map()), allow: [] };
    const err = await inspectPage((await host.acquire()).browser, `http://169.254.169.254/`, guard, {
      timeoutMs: 15_000, quietMs: 300, maxBytes: 1e7, maxRequests: 100,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InspectError);
    expect((err as InspectError).type).toBe("forbidden");
  });
});

describe("SSRF: WebRTC has no way around the proxy", () => {
  const bound = (type: "udp4" | "udp6", address: string) =>
    new Promise<dgram.Socket>((resolve, reject) => {
      const socket = dgram.createSocket({ type, ipv6Only: type === "udp6" });
      socket.once("error", reject);
      socket.bind(0, address, () => resolve(socket));
    });
  /** STUN and TURN servers listening on 127.0.0.1 and [::1]; they count the packets they get. */
  async function iceServers() {
    const v4 = await bound("udp4", "127.0.0.1");
    const v6 = await bound("udp6", "::1");
    const packets: string[] = [];
    for (const s of [v4, v6]) s.on("message", (_msg, from) => packets.push(`${from.address} -> ${s.address().port}`));
    const [p4, p6] = [v4.address().port, v6.address().port];
    const ice = [
      { urls: `stun:127.0.0.1:${p4}` },
      { urls: `stun:[::1]:${p6}` },
      { urls: `turn:127.0.0.1:${p4}?transport=udp`, username: "u", credential: "p" },
      { urls: `turn:[::1]:${p6}?transport=udp`, username: "u", credential: "p" },
    ];
    return {
      url: `http://public.example:${site.http}/webrtc?ice=${encodeURIComponent(JSON.stringify(ice))}`,
      packets,
      close: () => (v4.close(), v6.close()),
    };
  }
  const guard = { resolve: mappedResolver(new Map([["public.example", "127.0.0.1"]])), allow: ["public.example"] };

  test("STUN and TURN servers on loopback get no packet, and the page sees no RTCPeerConnection", async () => {
    const servers = await iceServers();
    try {
      const capture = await inspectPage((await host.acquire()).browser, servers.url, guard, {
        // NOTE: a second of quiet after load: ICE gathering sends its first STUN/TURN packets
        // within milliseconds of setLocalDescription, long before the capture ends.
        timeoutMs: 15_000, quietMs: 1000, maxBytes: 1e7, maxRequests: 100,
      });
      // The page's own view: no constructor in its window, nor in a fresh iframe's.
      expect(capture.title).toBe("WebRTC undefined/undefined");
      expect(servers.packets).toEqual([]);
    } finally {
      servers.close();
    }
  });

  test("a page that still had RTCPeerConnection would send no UDP either (the browser's own policy)", async () => {
    // A context like a job's but without the engine's init script: only the launch switches act.
    const servers = await iceServers();
    const proxy = await startJobProxy({ ...guard, maxBytes: 1e7 });
    const lease = await host.acquire();
    const context = await lease.browser.newContext({ proxy: { server: `http://127.0.0.1:${proxy.port}` } });
    try {
      const page = await context.newPage();
      await page.goto(servers.url);
      expect(await page.title()).toBe("WebRTC function/function");
      await page.waitForFunction(() => (window as { gathered?: boolean }).gathered === true, null, { timeout: 20_000 });
      expect(servers.packets).toEqual([]);
    } finally {
      await context.close();
      lease.release();
      await proxy.close();
      servers.close();
    }
  });
});
