// One GET through the SSRF guard, for server-side look-ups outside the browser (a domain's home page
// when its owner asks us to verify it), or one POST (an alert to a webhook, `post`). The target is checked with guard.ts and the connection goes
// to exactly the address checked (DNS is answered by the verdict), so rebinding cannot slip past; the
// body is cut at a byte cap and the whole exchange at a deadline. Redirects are not followed: the
// caller decides which Location it trusts, and each hop comes back here to be checked again.
// A failed connection is told in plain words (networkProblem); the socket's own words, with their
// addresses and error codes, go to the log only.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { log } from "../log";
import { checkTarget, type GuardOptions } from "./guard";

type GuardedAnswer =
  | { ok: true; status: number; location: string | null; body: string }
  | { ok: false; message: string };

export type GetLimits = { timeoutMs: number; maxBytes: number };

/** A POST in place of the GET: its body and headers (a user agent of its own among them). */
export type PostBody = { body: string; headers: Record<string, string> };

const TLS_PROBLEM = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL|EPROTO/;

/** What a user is told of a failed connection: never an address, a port or an error code. */
export function networkProblem(err: unknown): string {
  const code = String((err as { code?: unknown } | null)?.code ?? "");
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME") return "the name does not resolve";
  if (code === "ECONNREFUSED") return "the site refused the connection";
  if (code === "ECONNRESET" || code === "EPIPE" || /socket hang up/i.test(err instanceof Error ? err.message : "")) {
    return "the site closed the connection before answering";
  }
  if (TLS_PROBLEM.test(code)) return "the site's HTTPS certificate or connection is not valid";
  return "could not reach the site";
}

export async function guardedGet(url: URL, opts: GuardOptions & GetLimits & { post?: PostBody }): Promise<GuardedAnswer> {
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, message: `${url.protocol} is not fetched` };
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  const verdict = await checkTarget(url.hostname, port, opts);
  if (!verdict.ok) return { ok: false, message: verdict.message };
  const address = verdict.address;
  const family = address.includes(":") ? 6 : 4;
  // TRICKY: the request keeps the host name (Host header, SNI, certificate check) while the
  // socket goes to the checked address: the lookup answers it instead of asking DNS again.
  const lookup = ((_host: string, o: { all?: boolean }, cb: (...a: unknown[]) => void) =>
    o?.all ? cb(null, [{ address, family }]) : cb(null, address, family)) as unknown as LookupFunction;
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: GuardedAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(answer);
    };
    const failed = (err: Error) => {
      log.info("guarded get failed", { host: url.hostname, error: err.message });
      finish({ ok: false, message: networkProblem(err) });
    };
    const request = opts.post
      ? { method: "POST", headers: { ...opts.post.headers, "content-length": String(Buffer.byteLength(opts.post.body)) } }
      : { method: "GET", headers: { accept: "text/html", "user-agent": "Bothy-Verify/1" } };
    const req = client.request(url, { ...request, lookup }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => finish({ ok: true, status: res.statusCode ?? 0, location: res.headers.location ?? null, body: Buffer.concat(chunks).toString("utf8") });
      res.on("data", (chunk: Buffer) => {
        const room = opts.maxBytes - size;
        chunks.push(chunk.subarray(0, Math.max(0, room)));
        size += chunk.length;
        // NOTE: past the cap the rest is not read at all; what came so far is answered.
        if (size >= opts.maxBytes) done();
      });
      res.on("end", done);
      res.on("error", (err) => failed(err));
    });
    const timer = setTimeout(() => finish({ ok: false, message: `no answer within ${opts.timeoutMs / 1000} s` }), opts.timeoutMs);
    req.on("error", (err) => failed(err));
    req.end(opts.post?.body);
  });
}
