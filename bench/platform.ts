// `npm run bench:platform`: the platform's own numbers, measured on real processes on loopback.
// - start to ready: a fresh data dir (initdb) and a reopened one, from spawn to the printed URL;
// - /healthz latency, idle and while the embedded database runs a 3-second query (the worker keeps
//   the HTTP thread free), as medians and p99 of 50 requests each, and their ratio;
// - SIGTERM under load: time from the signal to exit 0, and writes answered 2xx versus stored.
import { join } from "node:path";
import { until } from "../tests/helpers/collect";
import { emptyDataDir, removedAtExit } from "../tests/helpers/db";
import { ROOT, spawnServer } from "../tests/helpers/server";

const PROBE = join(ROOT, "tests/fixtures/probe-server.ts");
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timedStart(dataDir: string) {
  const t0 = performance.now();
  const child = await spawnServer(PROBE, { DATA_DIR: dataDir });
  return { child, ms: performance.now() - t0 };
}

async function healthz(url: string, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await (await fetch(`${url}/healthz`)).text();
    times.push(performance.now() - t0);
  }
  return times;
}

const dataDir = removedAtExit(emptyDataDir());
const cold = await timedStart(dataDir);
cold.child.proc.kill("SIGTERM");
await cold.child.exited;
const warm = await timedStart(dataDir);
const { child } = warm;
console.log(`start to ready: fresh data dir ${ms(cold.ms)}, reopened ${ms(warm.ms)}`);

// NOTE: the 3-second query runs through the app's own client, inside the server process.
const idle = await healthz(child.url, 50);
const busy = fetch(`${child.url}/probe/sleep/3`, { method: "POST" });
await Bun.sleep(100); // NOTE: time for the query to start; its start shows nowhere outside the server
const during = await healthz(child.url, 50);
const slept = await busy;
console.log(
  `/healthz idle: p50 ${ms(quantile(idle, 0.5))}, p99 ${ms(quantile(idle, 0.99))}; ` +
    `during a 3 s query (${slept.status}): p50 ${ms(quantile(during, 0.5))}, p99 ${ms(quantile(during, 0.99))}; ` +
    `ratio of medians ${(quantile(during, 0.5) / quantile(idle, 0.5)).toFixed(2)}×`,
);

const accepted: number[] = [];
let next = 0;
let signalled = false;
const client = async () => {
  while (!signalled) {
    const id = next++;
    try {
      if ((await fetch(`${child.url}/probe/buffered/${id}`, { method: "POST" })).ok) accepted.push(id);
    } catch {
      return;
    }
  }
};
const clients = Array.from({ length: 8 }, client);
await until("2000 accepted writes", () => accepted.length >= 2000, 60_000, 5);
const t0 = performance.now();
signalled = true;
child.proc.kill("SIGTERM");
const code = await child.exited;
const stopMs = performance.now() - t0;
await Promise.all(clients);
const again = await spawnServer(PROBE, { DATA_DIR: dataDir });
const stored = new Set<number>(await (await fetch(`${again.url}/probe/ids`)).json());
again.proc.kill("SIGTERM");
await again.exited;
const lost = accepted.filter((id) => !stored.has(id)).length;
console.log(`SIGTERM under load (8 clients): exit ${code} after ${ms(stopMs)}; ${accepted.length} writes answered 2xx, ${lost} missing after restart`);
