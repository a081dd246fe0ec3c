// The deployment of content/docs/deployment.md on loopback: two app nodes (JOBS=worker,
// INSPECT_CONCURRENCY=0) behind nginx with the guide's own `location` block, `worker:inspect` and
// `worker:maintenance` as processes of their own, all on one `db:serve` database. Page views go
// through nginx; one node is killed (SIGKILL) mid-load. Nothing accepted is lost beyond that node's
// unflushed buffer, no view is stored twice, the jobs run in the worker only, and the public
// dashboard is still served through nginx, whose BASE_URL carries a port the nodes check.
import { expect, test } from "bun:test";
import postgres from "postgres";
import { localTime } from "../../src/shared/days";
import { addDomain, CHROME_UA, until } from "../helpers/collect";
import { emptyDataDir, freshDataDir } from "../helpers/db";
import { DEPLOYMENT_GUIDE, freePort, guideBlock, requireInstalled, startNginx } from "../helpers/proxy";
import { parsePrometheus, sampleValue } from "../helpers/prometheus";
import { removedAfterAll } from "../helpers/scratch";
import { serveDatabase, spawnServer, stopChild, type Child } from "../helpers/server";

const scratch = removedAfterAll();
const DOMAIN = "nodes.example";
/** The killed node writes its buffer every 50 ms: at ~150 views/s on each node, a few views at most. */
const FLUSH_MS = 50;
const LOST_AT_MOST = 30;
const METRICS_TOKEN = "nodes-test-metrics-token-of-32-characters";

test("two nodes behind nginx, one killed mid-load: nothing accepted lost beyond its buffer, jobs run once, dashboards served", async () => {
  const nginx = requireInstalled("nginx");
  const children: Child[] = [];
  const db = await serveDatabase(scratch(await freshDataDir()));
  children.push(db);
  const sql = postgres(db.url, { max: 1, onnotice: () => {} });
  let proxy: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    const shared = { DATABASE_URL: db.url, DATABASE_POOL: "1", MAINTENANCE_INTERVAL_S: "3" };
    // NOTE: the public origin is nginx's, with a port. On the IPv4-mapped loopback address a node
    // checks every request's Host against it (421 otherwise), as a node listening beyond loopback does.
    const [proxyPort, ...ports] = [freePort(), freePort(), freePort()];
    const origin = `http://127.0.0.1:${proxyPort}`;
    const node = (port: number) =>
      spawnServer("src/server.ts", {
        ...shared, HOST: "::ffff:127.0.0.1", PORT: String(port), BASE_URL: origin, DATA_DIR: scratch(emptyDataDir()), JOBS: "worker",
        INSPECT_CONCURRENCY: "0", COLLECT_FLUSH_MS: String(FLUSH_MS), METRICS_TOKEN,
      }, { timeoutMs: 60_000 });
    const nodes = await Promise.all(ports.map(node));
    children.push(...nodes);
    const worker = (script: string, ready: RegExp) =>
      spawnServer(script, { ...shared, DATA_DIR: scratch(emptyDataDir()), BASE_URL: "http://bothy.test", LOG_LEVEL: "debug" }, { ready, timeoutMs: 60_000 });
    const [maintenance, inspector] = await Promise.all([
      worker("src/cli/worker-maintenance.ts", /(maintenance worker running)/),
      worker("src/cli/worker-inspect.ts", /(inspector worker running)/),
    ]);
    children.push(maintenance!, inspector!);
    const upstream = `upstream bothy { ${ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=30s;`).join(" ")} }`;
    // NOTE: the guide's block: a view is retried on the other node when its node is gone
    // (non_idempotent: a POST too); the dead node never wrote it, so it is stored once.
    const location = /^ *location \/ \{[\s\S]*?^ *\}$/m.exec(guideBlock("nginx", DEPLOYMENT_GUIDE))![0];
    proxy = await startNginx(nginx, location, "", upstream, proxyPort);
    // A node asked for another host than its BASE_URL's refuses: the check the guide's Host line passes.
    expect((await fetch(`http://127.0.0.1:${ports[1]}/api/stats-public`)).status).toBe(421);

    const siteId = await addDomain(sql, DOMAIN);
    await sql`UPDATE domains SET public = true WHERE id = ${siteId}`;
    const [domain] = await sql<{ publicId: string }[]>`SELECT public_id AS "publicId" FROM domains WHERE id = ${siteId}`;

    const tally = { sent: 0, accepted: 0, refused: 0, failed: 0 };
    const accepted = new Set<string>();
    let loading = true;
    const sender = async (n: number) => {
      for (let i = 0; loading; i++) {
        const path = `/v/${n}/${i}`;
        tally.sent++;
        const res = await fetch(`${proxy!.origin}/b/v`, {
          method: "POST",
          body: JSON.stringify({ d: DOMAIN, p: path }),
          headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME_UA },
        }).catch(() => null);
        if (res?.status === 202) {
          tally.accepted++;
          accepted.add(path);
        } else if (res?.status === 503) tally.refused++;
        else tally.failed++;
        await Bun.sleep(20);
      }
    };
    const senders = Array.from({ length: 6 }, (_, n) => sender(n));
    // NOTE: the load's length before and after the kill is the scenario itself, not a wait for a condition.
    await Bun.sleep(3_000);
    await stopChild(nodes[0]!, "SIGKILL");
    await Bun.sleep(3_000);
    loading = false;
    await Promise.all(senders);

    // The living node has written everything it buffered; the dead node's buffer is gone.
    const buffered = async () => {
      const res = await fetch(`http://127.0.0.1:${ports[1]}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}`, host: new URL(origin).host } });
      return sampleValue(parsePrometheus(await res.text()), "bothy_collect_buffered_hits");
    };
    await until("the living node's buffer written", async () => (await buffered()) === 0, 30_000, 100);
    const rows = await sql<{ path: string }[]>`SELECT path FROM hits WHERE site_id = ${siteId} AND kind = 1`;
    const stored = new Set(rows.map((r) => r.path));
    const lost = [...accepted].filter((p) => !stored.has(p)).length;
    console.log(`two nodes, one killed: sent ${tally.sent}, accepted ${tally.accepted}, refused ${tally.refused}, failed ${tally.failed}, stored ${rows.length}, lost ${lost}`);
    expect(tally.accepted).toBeGreaterThan(300);
    expect(tally.failed).toBe(0);
    expect(rows.length).toBe(stored.size);
    expect(lost).toBeLessThanOrEqual(LOST_AT_MOST);

    // The public dashboard through nginx, answered by the living node: today's views as stored.
    const today = localTime("Europe/London", Date.now()).day;
    const res = await fetch(`${proxy.origin}/api/stats-public?id=${domain!.publicId}&startKey=${today}&endKey=${today}&dataType=SUMMARY`);
    expect(res.status).toBe(200);
    expect((await res.json()).visits.hits).toBe(rows.length);

    // The jobs ran in the worker only: every run the database counted is one the worker logged.
    const runs = await sql<{ job: string; runs: number }[]>`SELECT job, runs::int FROM maintenance_runs WHERE job = 'plans.retention'`;
    const logged = maintenance!.output().split("\n").filter((l) => /"msg":"maintenance job (done|failed)","job":"plans.retention"/.test(l)).length;
    expect(runs[0]!.runs).toBeGreaterThanOrEqual(1);
    expect(runs[0]!.runs).toBe(logged);
  } finally {
    await proxy?.stop();
    await sql.end();
    for (const child of children.reverse()) await stopChild(child);
  }
}, 240_000);
