// Malformed requests to every endpoint, public and signed in: routes come from the app's own route
// table (and the pages from the site's), so a new route is fuzzed without touching this file. Path
// params, query strings, bodies, content types, cookies and tokens are drawn by fast-check; every
// answer must be below 500 and the server must still be ready afterwards. The demo is on (its
// reads need no account), and 8 signed-in callers poll their own account and domains all along:
// every one of their answers must be theirs.
// FUZZ_RUNS (requests, default 2,400) and FUZZ_SEED (default fixed, "random" for a new one) pick the
// run; `npm run fuzz` runs a long one with a new seed. A failure prints the seed and every request that got a 5xx.
import { afterAll, beforeAll, expect, test } from "bun:test";
import fc from "fast-check";
import { site } from "../../../src/pages/site";
import { call, sessionFrom } from "../../helpers/api";
import { startCallers } from "../../helpers/callers";
import { IN_PROCESS_ORIGIN, startTestServer } from "../../helpers/server";

const RUNS = Number(process.env.FUZZ_RUNS ?? 2400);
const SEED = process.env.FUZZ_SEED === "random" ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20261123);
const BATCH = 16;
const PASSWORD = "a sturdy passphrase";
// NOTE: the inspector resolves the hosts it is asked about; these resolve without DNS, and every
// other URL the fuzzer sends it is one no resolver is asked about, so nothing leaves loopback.
const MAPPED = "fuzz.example";
const DEMO = "demo.fuzz.example";

let server: Awaited<ReturnType<typeof startTestServer>>;
let auth: { cookie: string; token: string; refresh: string; domain: string; publicId: string };

async function signIn() {
  const res = await call(server.app, "POST", "/api/signin", { body: { email: "fuzz@example.com", password: PASSWORD, tokens: true } });
  expect(res.status).toBe(200);
  return { cookie: sessionFrom(res.headers)!, token: res.json.token.accessToken as string, refresh: res.json.token.refreshToken as string };
}

beforeAll(async () => {
  server = await startTestServer({
    env: { DEMO_DOMAIN: DEMO, INSPECT_CONCURRENCY: "0", INSPECT_HOST_MAP: `${MAPPED}=127.0.0.1`, INSPECT_RATE_LIMIT: "100000", INSPECT_GLOBAL_RATE_LIMIT: "1000000" },
  });
  const signup = await call(server.app, "POST", "/api/signup", { body: { email: "fuzz@example.com", password: PASSWORD, name: "Fuzz" } });
  expect(signup.status).toBe(202);
  await server.db.sql`UPDATE users SET verified = true WHERE email = 'fuzz@example.com'`;
  const tokens = await signIn();
  const added = await call(server.app, "POST", "/api/domains", {
    cookie: tokens.cookie,
    headers: { origin: IN_PROCESS_ORIGIN },
    body: { domain: "fuzzed.example", tz: "Europe/London" },
  });
  expect(added.status).toBeLessThan(300);
  await server.db.sql`UPDATE domains SET public = true WHERE name = 'fuzzed.example'`;
  const [row] = await server.db.sql<{ id: string }[]>`SELECT public_id AS id FROM domains WHERE name = 'fuzzed.example'`;
  auth = { ...tokens, domain: "fuzzed.example", publicId: row!.id };
});
afterAll(async () => {
  await server?.stop();
});

type Target = { method: string; path: string; body: string[]; query: string[] };

/** Every route the app serves, with the body and query fields its schemas name, and every page. */
function targets(): Target[] {
  const fields = (schema: unknown) => Object.keys((schema as { properties?: object } | undefined)?.properties ?? {});
  const out: Target[] = [];
  for (const r of server.app.routes) {
    if (r.path === "/*") continue; // the pages below, each by its own pattern
    const hooks = r.hooks as { body?: unknown; query?: unknown } | undefined;
    out.push({ method: r.method, path: r.path, body: fields(hooks?.body), query: fields(hooks?.query) });
  }
  const PAGE_QUERY = ["redirect", "token", "startKey", "endKey", "period", "ref", "path", "url", "email", "password"];
  for (const path of [...Object.keys(site.routes), "/settings", "/no/such/page"]) {
    out.push({ method: "GET", path, body: [], query: PAGE_QUERY }, { method: "GET", path: `/__rsc${path}`, body: [], query: PAGE_QUERY });
  }
  return out;
}

// ── Generators ─────────────────────────────────────────────────────────────────────────────────

const nasty = fc.constantFrom(
  "", " ", "\u0000", "a\u0000b", "\u0000\u0000\u0000", "%00", "x%00y", "%", "%E0%A4%A", "%FF%FE", "..", "../../etc/passwd", "null", "undefined", "[]", "{}",
  "<script>alert(1)</script>", "' OR 1=1 --", "\\", "\uFEFF", "\uD800", "😀".repeat(50), "x".repeat(5000), "-1", "1e308", "NaN",
  "9999-12-31", "0000-00-00", "2026-02-30", "2026-01-01", "1970-01-01", "true", "false", "SUMMARY", "PATH", "REF", "Europe/London",
  "Mars/Olympus", "fuzz@example.com", "not-an-email", "a".repeat(300) + "@example.com", "fuzzed.example", "FUZZED.EXAMPLE",
);
const text = fc.oneof({ weight: 3, arbitrary: nasty }, fc.string(), fc.string({ unit: "grapheme", maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 }));

/** A value of any JSON type, nasty strings most often. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: text },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), text, { maxKeys: 3 }),
);

const dayish = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom("0000-00-00", "2026-13-01", "2026-02-30", "2025-02-29", "1999-12-31", "2101-01-01", "2026-1-1") },
  fc.date({ min: new Date("1990-01-01"), max: new Date("2110-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);
/** Fields whose values are worth drawing near the valid ones: day keys and the domains that exist. */
const NEAR: Record<string, fc.Arbitrary<unknown>> = {
  startKey: dayish,
  endKey: dayish,
  day: dayish,
  domain: fc.constantFrom(DEMO, "fuzzed.example"),
};
const fieldValue = (name: string) => (NEAR[name] ? fc.oneof({ weight: 3, arbitrary: NEAR[name] }, value) : value);

/** The fields a schema names, each present or not with any value, and a few unknown ones. */
const fields = (names: string[]) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(names.map((n) => [n, fieldValue(n)])), { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 2 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));

// NOTE: a lone surrogate cannot be percent-encoded at all; it goes as U+FFFD then.
const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
/** Percent-encoded as a component, as a URI (leaving "&", "=", "/"…), or raw. */
const encoded = (s: string, how: number) => (how === 0 ? encodeURIComponent(wellFormed(s)) : how === 1 ? encodeURI(wellFormed(s)) : s);

type Sample = { target: Target; params: string[]; query: [string, unknown][]; how: number; body: unknown; bodyKind: number; type: string; origin: number; cookie: number; token: number; socket: boolean; action: string };

const DAY_FIELDS = ["startKey", "endKey", "day"];
/** Any route, and one in five an API route that takes a day key: those values reach the database. */
const route = (all: Target[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...all) },
    fc.constantFrom(...all.filter((t) => t.path.startsWith("/api/") && [...t.query, ...t.body].some((f) => DAY_FIELDS.includes(f)))),
  );

const sample = (all: Target[]): fc.Arbitrary<Sample> =>
  route(all).chain((target) =>
    fc.record({
      target: fc.constant(target),
      params: fc.array(fc.oneof(text, fc.constantFrom("fuzzed.example", "1", "0")), { minLength: 3, maxLength: 3 }),
      query: fields(target.query).map((q) => Object.entries(q)),
      how: fc.nat(2),
      body: fc.oneof(
        { weight: 6, arbitrary: fields(target.body) },
        fc.jsonValue(),
        text,
        fc.uint8Array({ maxLength: 200 }),
      ),
      bodyKind: fc.nat(9),
      type: fc.constantFrom(
        "application/json", "application/json; charset=utf-8", "application/vnd.api+json", "text/plain;charset=UTF-8",
        "multipart/form-data; boundary=zz", "multipart/form-data", "application/x-www-form-urlencoded", "", "application/jsonx", "*/*",
      ),
      origin: fc.nat(3),
      cookie: fc.nat(5),
      token: fc.nat(3),
      socket: fc.boolean(),
      action: fc.oneof(fc.string(), fc.constantFrom("", "x", "#", "a".repeat(500))),
    }),
  );

// ── Building and sending ───────────────────────────────────────────────────────────────────────

function build(s: Sample): { url: string; init: RequestInit; headers: Record<string, string> } {
  let i = 0;
  const inspector = /^\/api\/(check-analysis|get-screenshot|get-tweet)$/.test(s.target.path);
  const path = s.target.path
    .replace(/:[a-zA-Z]+/g, () => encoded(s.params[i++ % 3]!, s.how))
    .replace(/\*$/, () => encoded(s.params[2]!, s.how));
  const pairs = s.query.map(([k, v]) => {
    // NOTE: the inspector and the post wall fetch `url`: only ones that stay on loopback (see MAPPED).
    const raw = typeof v === "string" ? v : (JSON.stringify(v) ?? "");
    const val = inspector && k === "url" ? `https://${MAPPED}/${raw}` : raw;
    return `${encoded(k, s.how)}=${encoded(val, s.how)}`;
  });
  const headers: Record<string, string> = {};
  if (s.origin === 1) headers.origin = IN_PROCESS_ORIGIN;
  if (s.origin === 2) headers.origin = "http://evil.example";
  const cookies = [auth && `bothy_session=${auth.cookie}`, "bothy_session=%E0%A4%A", "bothy_session=", `bothy_session=${auth.cookie}x; other=%`, "garbage"];
  if (s.cookie < cookies.length) headers.cookie = cookies[s.cookie]!;
  if (s.token === 0) headers["x-access-token"] = auth.token;
  if (s.token === 1) headers["x-access-token"] = "not.a.token";
  if (s.target.path === "/__action") headers["rsc-action"] = s.action;
  const init: RequestInit = { method: s.target.method, headers };
  if (!["GET", "HEAD", "OPTIONS"].includes(s.target.method) && s.bodyKind > 0) {
    if (s.type) headers["content-type"] = s.type;
    init.body = s.body instanceof Uint8Array ? (s.body as Uint8Array<ArrayBuffer>) : typeof s.body === "string" && s.bodyKind < 4 ? s.body : JSON.stringify(s.body);
  }
  return { url: `${path}${pairs.length ? `?${pairs.join("&")}` : ""}`, init, headers };
}

/**
 * Reads an answer's body to its end. NOTE: an event stream (the realtime view's) never ends while
 * its reader stays: its status and headers are the answer, and the stream is left at once.
 */
async function drained(res: Response): Promise<void> {
  if (res.headers.get("content-type")?.startsWith("text/event-stream")) await res.body?.cancel();
  else await res.arrayBuffer();
}

async function send(s: Sample): Promise<{ status: number; what: string }> {
  const { url, init } = build(s);
  const what = `${init.method} ${url.slice(0, 300)} ${JSON.stringify(init.headers)} ${String(init.body ?? "").slice(0, 300)}`;
  if (s.socket) {
    try {
      const res = await fetch(`${server.url}${url}`, { ...init, redirect: "manual" });
      await drained(res);
      return { status: res.status, what: `socket ${what}` };
    } catch {
      // A request fetch itself refuses to send (a header it will not write): send it in process.
    }
  }
  let request: Request;
  try {
    request = new Request(`${IN_PROCESS_ORIGIN}${url}`, init);
  } catch {
    request = new Request(`${IN_PROCESS_ORIGIN}${encodeURI(wellFormed(url))}`, { ...init, headers: {} });
  }
  const res = await server.app.handle(request);
  await drained(res);
  return { status: res.status, what };
}

test(`${RUNS} fuzzed requests across every route answer below 500, every caller gets its own answers, and the server stays ready`, async () => {
  const samples = fc.sample(sample(targets()), { numRuns: RUNS, seed: SEED });
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  const callers = await startCallers(server, 8, "fuzz-caller");
  for (let i = 0; i < samples.length; i += BATCH) {
    const answers = await Promise.all(samples.slice(i, i + BATCH).map(send));
    for (const a of answers) {
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      if (a.status >= 500) failures.push(`${a.status} ${a.what}`);
    }
    // NOTE: a fuzzed request may end the session (a sign-out) or revoke the token: sign in again.
    if ((await call(server.app, "GET", "/api/user", { cookie: auth.cookie })).status !== 200) Object.assign(auth, await signIn());
  }
  const report = await callers.stop();
  const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
  console.log(`FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}: ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
  if (failures.length) console.error(`FUZZ_SEED=${SEED}: ${failures.length} answers were 5xx:\n${failures.slice(0, 30).join("\n")}`);
  expect(report.wrong.slice(0, 10)).toEqual([]);
  expect(report.serverErrors.slice(0, 10)).toEqual([]);
  expect(report.answers).toBeGreaterThan(RUNS / BATCH);
  expect(failures).toEqual([]);
  expect(sent).toBe(RUNS);
  // The inputs reached past the edge checks: plenty of successes and of each kind of refusal.
  expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 20);
  expect(statuses.get(400) ?? 0).toBeGreaterThan(RUNS / 20);
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
}, Math.max(60_000, RUNS * 100));
