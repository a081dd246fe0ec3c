// The doctor's steps for what the server talks to: its own public address (BASE_URL answers, and
// it is a Bothy), the mail server (greeting and EHLO, nothing sent) and Stripe (the secret key
// read back by the API the app is configured with).
import { connect as tcpConnect, type Socket } from "node:net";
import { hostname } from "node:os";
import { connect as tlsConnect } from "node:tls";
import { isLoopback, listenUrl } from "../origin";
import { billingConfigured } from "../plans";
import { fetchWithin, reason, type Check, type Probe, type Verdict } from "./probe";

/** What answered instead of a Bothy: status, type, server and the start of the body. */
async function describe(res: Response): Promise<string> {
  if (res.status >= 300 && res.status < 400) return `a redirect (HTTP ${res.status}) to ${res.headers.get("location") ?? "nowhere"}`;
  const body = (await res.text().catch(() => "")).replace(/\s+/g, " ").trim().slice(0, 60);
  const server = res.headers.get("server");
  return `HTTP ${res.status} ${res.headers.get("content-type") ?? "without a type"}${server ? ` from ${server}` : ""}${body ? `: "${body}"` : ""}`;
}

/** True when `res` is a Bothy's /readyz answer: ready with its database, or its error shape. */
async function isBothyReadyz(res: Response | null): Promise<boolean> {
  const body = (await res?.json().catch(() => null)) as { status?: string; database?: object; error?: { code?: string } } | null;
  return !!body && ((body.status === "ready" && !!body.database) || typeof body.error?.code === "string");
}

export const baseUrlCheck: Check = {
  name: "base-url",
  timeoutS: 15,
  slowFix: "check that BASE_URL's host resolves to the server or its proxy",
  run: async (probe) => {
    const { BASE_URL, HOST, PORT } = probe.config;
    if (!BASE_URL && !PORT) return { status: "warn", found: "BASE_URL unset and PORT=0: the address is known only once the server listens", fix: "set BASE_URL" };
    if (!BASE_URL && !isLoopback(HOST)) return { status: "FAIL", found: `BASE_URL unset with HOST=${HOST}`, fix: "set BASE_URL to the public URL" };
    const base = BASE_URL ?? listenUrl(HOST, PORT);
    const fix = "set BASE_URL to the URL visitors reach this server at (its proxy's), and check that the server and the proxy run";
    const health = await fetchWithin(probe, 10, `${base}/healthz`).catch((err: unknown) => reason(err));
    if (typeof health === "string") return { status: "FAIL", found: `nothing answers at ${base}/healthz: ${health}`, fix };
    const healthy = health.status === 200 && ((await health.clone().json().catch(() => null)) as { status?: string } | null)?.status === "ok";
    if (!healthy) return { status: "FAIL", found: `${base}/healthz is not a Bothy's: ${await describe(health)}`, fix };
    if (!(await isBothyReadyz(await fetchWithin(probe, 10, `${base}/readyz`).catch(() => null)))) {
      return { status: "FAIL", found: `${base} answers /healthz but its /readyz is not a Bothy's`, fix };
    }
    return { status: "ok", found: `${base} answers as a Bothy` };
  },
};

/** Reads SMTP replies off `socket`: each resolves at a reply's last line ("250 …" after "250-…"). */
function replies(socket: Socket) {
  let buffer = "";
  let waiting: { resolve(reply: string): void; reject(err: Error): void } | null = null;
  const complete = () => /(^|\r?\n)\d{3} [^\n]*\r?\n$/.test(buffer) || /^\d{3}\r?\n$/.test(buffer);
  socket.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8");
    if (waiting && complete()) {
      const reply = buffer.trim();
      buffer = "";
      waiting.resolve(reply);
      waiting = null;
    }
  });
  const fail = (err: Error) => waiting?.reject(err);
  socket.on("error", fail);
  socket.on("close", () => fail(new Error("the server closed the connection")));
  return () => new Promise<string>((resolve, reject) => (waiting = { resolve, reject }));
}

/** Greeting and EHLO from SMTP_URL's server, then QUIT: no mail, no login. */
async function smtpTalk(url: URL): Promise<{ greeting: string; ehlo: string }> {
  const secure = url.protocol === "smtps:";
  const port = Number(url.port || (secure ? 465 : 587));
  const socket = secure ? tlsConnect({ host: url.hostname, port, servername: url.hostname }) : tcpConnect({ host: url.hostname, port });
  const next = replies(socket);
  try {
    const greeting = await next();
    if (!greeting.startsWith("220")) throw new Error(`greeted with "${greeting}" instead of 220`);
    socket.write(`EHLO ${hostname()}\r\n`);
    const ehlo = await next();
    if (!ehlo.startsWith("250")) throw new Error(`answered EHLO with "${ehlo}"`);
    socket.write("QUIT\r\n");
    return { greeting, ehlo };
  } finally {
    socket.destroy();
  }
}

export const smtpCheck: Check = {
  name: "smtp",
  timeoutS: 15,
  slowFix: "the mail server does not greet: check SMTP_URL's host and port, and the firewall",
  run: async ({ config }) => {
    if (!config.SMTP_URL) return { status: "ok", found: `SMTP_URL unset: mails go to ${config.DATA_DIR}/outbox` };
    const url = new URL(config.SMTP_URL);
    const where = `${url.protocol}//${url.host}`;
    try {
      const { greeting, ehlo } = await smtpTalk(url);
      const extensions = ehlo.split(/\r?\n/).slice(1).map((l) => l.slice(4).split(" ")[0]).join(", ");
      return { status: "ok", found: `${where} greets ("${greeting.split(/\r?\n/)[0]}") and answers EHLO${extensions ? ` (${extensions})` : ""}` };
    } catch (err) {
      return { status: "FAIL", found: `${where} does not answer: ${reason(err)}`, fix: "check SMTP_URL (smtps:// for port 465, smtp:// for 587 or 25) and that the mail server runs" };
    }
  },
};

/** "test" or "live" from a key's prefix (sk_test_…, pk_live_…). */
const modeOf = (key: string | undefined) => /^[a-z]+_(test|live)_/.exec(key ?? "")?.[1] ?? null;

async function stripeVerdict(probe: Probe, key: string): Promise<Verdict> {
  const base = probe.config.STRIPE_API_BASE;
  const res = await fetchWithin(probe, 10, `${base}/v1/products?limit=1`, { headers: { authorization: `Bearer ${key}` } }).catch((err: unknown) => reason(err));
  if (typeof res === "string") return { status: "FAIL", found: `Stripe at ${base} does not answer: ${res}`, fix: "check STRIPE_API_BASE and the host's outbound HTTPS" };
  if (res.status !== 200) {
    const message = ((await res.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message;
    return { status: "FAIL", found: `Stripe at ${base} refused STRIPE_SECRET_KEY: HTTP ${res.status}${message ? ` ${message}` : ""}`, fix: "copy the secret key from Stripe's dashboard (Developers → API keys); a restricted key needs read access to products and prices" };
  }
  const mode = modeOf(key);
  const published = modeOf(probe.config.STRIPE_PUBLISHABLE_KEY);
  const found = `Stripe at ${base} accepts STRIPE_SECRET_KEY${mode ? ` (${mode} mode)` : ""}`;
  if (mode && published && mode !== published) return { status: "FAIL", found: `${found}, but STRIPE_PUBLISHABLE_KEY is a ${published} key`, fix: "take both keys from the same mode" };
  return { status: "ok", found };
}

export const stripeCheck: Check = {
  name: "stripe",
  timeoutS: 15,
  slowFix: "check STRIPE_API_BASE and the host's outbound HTTPS",
  run: async (probe) => {
    const { config } = probe;
    if (!config.STRIPE_SECRET_KEY && !config.STRIPE_PUBLISHABLE_KEY && !config.STRIPE_WEBHOOK_SECRET) return { status: "ok", found: "no Stripe keys: billing off" };
    if (!billingConfigured(config)) {
      return { status: "warn", found: "some Stripe keys set but not all three: billing stays off", fix: "set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together" };
    }
    return stripeVerdict(probe, config.STRIPE_SECRET_KEY!);
  },
};
