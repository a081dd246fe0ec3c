// A database outage under load, for the fault tests and bench:faults: `npm run db:serve` on a fixed
// port and password (so it can be stopped and started again on the same DATA_DIR), one app node on
// it through DATABASE_URL, and paced page-view traffic whose every answer is tallied.
import postgres, { type Sql } from "postgres";
import { addDomain, CHROME_UA, until } from "./collect";
import { emptyDataDir, freshDataDir, removeDir } from "./db";
import { serveDatabase, spawnServer, type Child } from "./server";

/** A loopback port nothing listens on right now. */
function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

export type Tally = { sent: number; accepted: number; refused: number; failed: number; retryAfter: boolean };

export type Outage = {
  app: Child;
  db: Child;
  /** A client of db:serve for the test's own reads; it reconnects after a restart. */
  sql: Sql;
  siteId: number;
  tally: Tally;
  /** Paths of the accepted views, for matching against the stored rows. */
  acceptedPaths: Set<string>;
  /** Starts `clients` senders, each at most one view per `everyMs`, until stopLoad(). */
  startLoad(clients: number, everyMs: number): void;
  stopLoad(): Promise<void>;
  /** Stops db:serve (SIGTERM, waits for its exit) and starts it again on the same data. */
  stopDatabase(): Promise<void>;
  startDatabase(): Promise<void>;
  /** Views of the test's site in `hits`. */
  stored(): Promise<number>;
  /** Waits until every accepted view is stored (the writer drains after an outage). */
  drained(timeoutMs: number): Promise<void>;
  /** One line: what was sent, accepted, refused and stored. */
  report(label: string): Promise<string>;
  close(): Promise<void>;
};

const DOMAIN = "outage.example";

export async function startOutage(appEnv: Record<string, string>): Promise<Outage> {
  const dbDir = await freshDataDir();
  const appDir = emptyDataDir();
  const port = freePort();
  const serveDb = () =>
    serveDatabase(dbDir, { DB_PORT: String(port), DB_PASSWORD: "outage-test-password-of-32-characters" }, 120_000);
  let db: Child | undefined;
  let app: Child | undefined;
  let sql: Sql | undefined;
  const stopChild = async (child: Child | undefined) => {
    if (!child || child.proc.exitCode !== null) return;
    child.proc.kill("SIGCONT"); // NOTE: a stopped process only acts on SIGTERM once it runs again
    child.proc.kill("SIGTERM");
    await child.exited;
  };
  const close = async () => {
    await sql?.end({ timeout: 1 }).catch(() => {});
    await stopChild(app);
    await stopChild(db);
    removeDir(dbDir);
    removeDir(appDir);
  };
  try {
    db = await serveDb();
    const url = db.url;
    app = await spawnServer("src/server.ts", { DATA_DIR: appDir, DATABASE_URL: url, DATABASE_POOL: "1", LOG_LEVEL: "info", ...appEnv }, { timeoutMs: 120_000 });
    sql = postgres(url, { max: 1, onnotice: () => {} });
    const siteId = await addDomain(sql, DOMAIN);
    const tally: Tally = { sent: 0, accepted: 0, refused: 0, failed: 0, retryAfter: true };
    const acceptedPaths = new Set<string>();
    let loading = false;
    let senders: Promise<void>[] = [];
    const send = async (everyMs: number) => {
      while (loading) {
        const next = Bun.sleep(everyMs); // NOTE: pacing, so the rate stays bounded on a slow machine
        const path = `/p/${tally.sent++}`;
        try {
          const res = await fetch(`${app!.url}/b/v`, {
            method: "POST",
            body: JSON.stringify({ d: DOMAIN, p: path }),
            headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME_UA },
          });
          if (res.status === 202) {
            tally.accepted++;
            acceptedPaths.add(path);
          } else if (res.status === 503) {
            tally.refused++;
            if (!res.headers.get("retry-after")) tally.retryAfter = false;
          } else tally.failed++;
          await res.arrayBuffer();
        } catch {
          tally.failed++;
        }
        await next;
      }
    };
    const stored = async () =>
      Number((await sql!`SELECT count(*)::int AS n FROM hits WHERE site_id = ${siteId} AND kind = 1`)[0]!.n);
    return {
      app,
      get db() {
        return db!;
      },
      sql,
      siteId,
      tally,
      acceptedPaths,
      startLoad(clients, everyMs) {
        loading = true;
        senders = Array.from({ length: clients }, () => send(everyMs));
      },
      async stopLoad() {
        loading = false;
        await Promise.all(senders);
      },
      async stopDatabase() {
        await stopChild(db);
      },
      async startDatabase() {
        db = await serveDb();
      },
      stored,
      async drained(timeoutMs) {
        await until("every accepted view stored", async () => (await stored()) >= tally.accepted, timeoutMs, 250);
      },
      async report(label) {
        const line = `${label}: sent ${tally.sent}, accepted ${tally.accepted}, refused ${tally.refused} (503), failed ${tally.failed}, stored ${await stored()}`;
        console.log(line);
        return line;
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
