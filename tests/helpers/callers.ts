// Signed-in clients that keep asking for their own account and domains while a test sends other
// traffic, and check that every answer is theirs: the user's id and email, and only their domain.
// A database connection that answered the wrong query would show here as another caller's row.
import type { Sql } from "postgres";
import type { App } from "../../src/app";
import { call, verifiedSession } from "./api";
import { IN_PROCESS_ORIGIN } from "./server";

type Caller = { email: string; uid: number; domain: string; cookie: string };
export type CallerReport = { answers: number; wrong: string[]; serverErrors: string[] };

const PASSWORD = "a sturdy passphrase for callers";

type Server = { app: App; db: { sql: Sql } };

/** Makes `count` verified accounts, each with a domain of its own (`prefix`-i.example), signed in. */
async function makeCallers(server: Server, count: number, prefix: string): Promise<Caller[]> {
  const { app } = server;
  const callers: Caller[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}-${i}@example.com`;
    const cookie = await verifiedSession(server, email, PASSWORD, `Caller ${i}`);
    const domain = `${prefix}-${i}.example`;
    const added = await call(app, "POST", "/api/domains", { cookie, headers: { origin: IN_PROCESS_ORIGIN }, body: { domain, tz: "Europe/London" } });
    if (added.status >= 300) throw new Error(`adding ${domain} answered ${added.status}: ${added.text}`);
    const me = await call(app, "GET", "/api/user", { cookie });
    callers.push({ email, uid: me.json.user.uid as number, domain, cookie });
  }
  return callers;
}

/** One round of a caller's questions; what was wrong in the answers is pushed to `report`. */
async function ask(app: App, c: Caller, report: CallerReport): Promise<void> {
  const [me, domains] = await Promise.all([call(app, "GET", "/api/user", { cookie: c.cookie }), call(app, "GET", "/api/domains", { cookie: c.cookie })]);
  for (const [what, res] of [["/api/user", me], ["/api/domains", domains]] as const) {
    report.answers++;
    if (res.status >= 500) report.serverErrors.push(`${c.email} ${what}: ${res.status} ${res.text.slice(0, 200)}`);
  }
  if (me.status === 200 && (me.json?.user?.uid !== c.uid || me.json?.user?.email !== c.email)) {
    report.wrong.push(`${c.email} asked /api/user and got ${me.text.slice(0, 200)}`);
  }
  if (me.status !== 200 && me.status < 500) report.wrong.push(`${c.email} /api/user answered ${me.status}: ${me.text.slice(0, 200)}`);
  const names = domains.status === 200 && Array.isArray(domains.json) ? (domains.json as { domain?: unknown }[]).map((d) => d.domain) : null;
  if (domains.status === 200 && (names?.length !== 1 || names[0] !== c.domain)) {
    report.wrong.push(`${c.email} asked /api/domains and got ${domains.text.slice(0, 200)}`);
  }
}

/** Starts `count` callers polling until stop(), which resolves with every answer's verdict. */
export async function startCallers(server: Server, count = 8, prefix = "caller") {
  const { app } = server;
  const callers = await makeCallers(server, count, prefix);
  const report: CallerReport = { answers: 0, wrong: [], serverErrors: [] };
  let running = true;
  const loops = callers.map(async (c) => {
    while (running) await ask(app, c, report);
  });
  return {
    report,
    /** Ends the polling once every caller's round in flight is answered; then one more checked round each. */
    async stop(): Promise<CallerReport> {
      running = false;
      await Promise.all(loops);
      await Promise.all(callers.map((c) => ask(app, c, report)));
      return report;
    },
  };
}
