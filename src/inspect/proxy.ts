// The per-job forward proxy every browser context is pointed at. It is what makes the SSRF guard
// hold for *every* request a page makes: subresources, iframes, websockets and each redirect hop
// (Playwright's route() never sees redirects). It resolves each target itself, checks the
// address with guard.ts and connects to exactly that address. It also enforces the byte cap.
import net from "node:net";
import { checkTarget, type GuardOptions } from "./guard";

export type Refusal = { host: string; port: number; reason: string; message: string };

type JobProxy = {
  port: number;
  refused: Refusal[];
  /** Bytes sent back to the browser so far (headers and bodies, TLS records for https). */
  bytes(): number;
  /** Each plain-http exchange (one per client connection) and the bytes sent back for it. */
  exchanges(): { url: string; bytes: number }[];
  /** True once the byte cap was hit and every connection was cut. */
  capped(): boolean;
  close(): Promise<void>;
};

const HEAD_LIMIT = 64 * 1024;

/** Splits "host:port" / "[v6]:port" as written in a CONNECT line. */
function splitAuthority(authority: string, fallbackPort: number): { host: string; port: number } | null {
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(authority);
  if (!m) return null;
  return { host: m[1]!.replace(/^\[|\]$/g, ""), port: m[2] ? Number(m[2]) : fallbackPort };
}

export async function startJobProxy(opts: GuardOptions & { maxBytes: number }): Promise<JobProxy> {
  const refused: Refusal[] = [];
  const sockets = new Set<net.Socket>();
  let bytes = 0;
  let capped = false;
  const exchanges: { url: string; bytes: number }[] = [];

  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => s.destroy());
  };
  const cut = () => {
    capped = true;
    for (const s of sockets) s.destroy();
  };

  const handle = async (client: net.Socket, head: string, rest: Buffer) => {
    const [requestLine = "", ...headerLines] = head.split("\r\n");
    const [method = "", target = ""] = requestLine.split(" ");
    let host: string;
    let port: number;
    let forward: Buffer | null = null;
    if (method === "CONNECT") {
      const a = splitAuthority(target, 443);
      if (!a) return void client.destroy();
      ({ host, port } = a);
    } else {
      let u: URL;
      try {
        u = new URL(target);
      } catch {
        return void client.destroy();
      }
      if (u.protocol !== "http:") return void client.destroy();
      host = u.hostname.replace(/^\[|\]$/g, "");
      port = u.port ? Number(u.port) : 80;
      // TRICKY: one upstream per client connection, so ask for "Connection: close"; the browser
      // then opens a new proxy connection for its next request instead of reusing this one for
      // another host. The bytes it receives are still exactly what the origin wrote.
      const headers = headerLines.filter((l) => l && !/^(proxy-connection|connection|keep-alive):/i.test(l));
      const line = `${method} ${u.pathname}${u.search} ${requestLine.split(" ")[2] ?? "HTTP/1.1"}`;
      forward = Buffer.concat([Buffer.from([line, ...headers, "Connection: close", "", ""].join("\r\n")), rest]);
    }
    const verdict = await checkTarget(host, port, opts);
    if (!verdict.ok) {
      refused.push({ host, port, reason: verdict.reason, message: verdict.message });
      // NOTE: no HTTP answer for plain http: a 403 would look like the site's own response.
      if (method === "CONNECT") client.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n");
      else client.destroy();
      return;
    }
    const exchange = forward ? { url: target, bytes: 0 } : null;
    if (exchange) exchanges.push(exchange);
    const upstream = net.connect({ host: verdict.address, port });
    track(upstream);
    let connected = false;
    upstream.on("connect", () => {
      connected = true;
      if (forward) upstream.write(forward);
      else {
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        if (rest.length) upstream.write(rest);
      }
      client.pipe(upstream); // also resumes the paused client
    });
    upstream.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > opts.maxBytes) return cut();
      if (exchange) exchange.bytes += chunk.length;
      client.write(chunk);
    });
    upstream.on("end", () => client.end());
    upstream.on("error", () => {
      if (method === "CONNECT" && !connected) client.end("HTTP/1.1 502 Bad Gateway\r\n\r\n");
      else client.destroy();
    });
    client.on("close", () => upstream.destroy());
  };

  const server = net.createServer((client) => {
    track(client);
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf("\r\n\r\n");
      if (end < 0) {
        if (buffered.length > HEAD_LIMIT) client.destroy();
        return;
      }
      client.off("data", onData);
      client.pause();
      const head = buffered.subarray(0, end).toString("latin1");
      const rest = buffered.subarray(end + 4);
      handle(client, head, rest).catch(() => client.destroy());
    };
    client.on("data", onData);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    refused,
    bytes: () => bytes,
    exchanges: () => exchanges,
    capped: () => capped,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
