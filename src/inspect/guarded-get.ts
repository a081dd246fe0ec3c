// One GET through the SSRF guard, for server-side look-ups outside the browser (a domain's home page
// when its owner asks us to verify it). The target is checked with guard.ts and the connection goes
// to exactly the address checked (DNS is answered by the verdict), so rebinding cannot slip past; the
// body is cut at a byte cap and the whole exchange at a deadline. Redirects are not followed: the
// caller decides which Location it trusts, and each hop comes back here to be checked again.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { checkTarget, type GuardOptions } from "./guard";

type GuardedAnswer =
  | { ok: true; status: number; location: string | null; body: string }
  | { ok: false; message: string };

type GetLimits = { timeoutMs: number; maxBytes: number };

export async function guardedGet(url: URL, opts: GuardOptions & GetLimits): Promise<GuardedAnswer> {
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
    const req = client.request(url, { method: "GET", lookup, headers: { accept: "text/html", "user-agent": "Bothy-Verify/1" } }, (res) => {
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
      res.on("error", (err) => finish({ ok: false, message: err.message }));
    });
    const timer = setTimeout(() => finish({ ok: false, message: `no answer within ${opts.timeoutMs / 1000} s` }), opts.timeoutMs);
    req.on("error", (err) => finish({ ok: false, message: err.message }));
    req.end();
  });
}
