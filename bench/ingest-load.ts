// The load generator for `npm run bench:ingest`, run as its own process so that it does not share the
// server's event loop: realistic beacons (synthetic page views, leave beacons, events) sent by N
// keep-alive clients for S seconds. Prints one JSON line with counts and latencies.
import { syntheticTraffic } from "../src/collect/synthetic";

const [url, seconds = "20", concurrency = "32", domain = "bench.example"] = process.argv.slice(2);
const PATHS = { view: "/b/v", leave: "/b/l", event: "/b/e" } as const;

// Requests are built before the clock starts: the generator's cost is not the server's.
const traffic = syntheticTraffic(domain!, 7);
const requests: { path: string; body: string; ua: string }[] = [];
for (let i = 0; requests.length < 300_000; i++) {
  for (const hit of traffic(Date.now())) requests.push({ path: PATHS[hit.kind], body: JSON.stringify(hit.body), ua: hit.ua! });
}

const latencies: number[] = [];
const statuses: Record<number, number> = {};
let next = 0;
const deadline = performance.now() + Number(seconds) * 1000;
const t0 = performance.now();
const client = async () => {
  while (performance.now() < deadline) {
    const r = requests[next++ % requests.length]!;
    const start = performance.now();
    const res = await fetch(url + r.path, { method: "POST", body: r.body, headers: { "content-type": "text/plain", "user-agent": r.ua } });
    await res.arrayBuffer();
    latencies.push(performance.now() - start);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
};
await Promise.all(Array.from({ length: Number(concurrency) }, client));
const elapsed = (performance.now() - t0) / 1000;
latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
console.log(JSON.stringify({ elapsed, statuses, sent: latencies.length, p50: q(0.5), p99: q(0.99) }));
