// `npm test`: runs every test and prints one summed line "N passed, N failed", exiting non-zero on
// any failure and naming the failed tests and their errors again just above that line.
// Usage: `npm test` for all, `npm test -- server unit` for some suites, `npm test -- tests/server/db`
// or a test file's path for part of one.
// Three stages, each a `bun test` process: the client suite (its own happy-dom preload); one pool
// of TEST_WORKERS worker processes (default 2) for the unit, server and e2e files, slowest first by
// tests/timings.json (UPDATE_TIMINGS=1 writes this run's durations back); then the SERIAL files,
// alone, since they measure latency or CPU weight. FAKE_NOW moves every process's clock (helpers/fake-clock.ts).
// Each stage gets its own TMPDIR inside one run directory (in memory, /dev/shm, when it has room); whatever a stage leaves there (a test
// that did not remove its database, browser profile or scratch files) is listed and fails the run,
// then the run directory is removed so a failing run does not fill the disk either.
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fakeClockEnv, removeClockLeftovers } from "./helpers/fake-clock";
import { failuresIn } from "./helpers/failures";
import { scaled } from "./helpers/time";

const SUITES = ["unit", "server", "client", "e2e", "packages"] as const;
/**
 * Files whose assertions are about latency or CPU weight: they run after the pool, with no other
 * test beside them. NOTE: the inspector's browser test starts a Chromium at the lowest weight and
 * kills it; beside the pool under a CPU hog it took 50–60 s, and both times another worker's e2e
 * file timed out starting its own Chromium.
 */
const SERIAL = ["tests/server/health/health.test.ts", "tests/server/inspect/browser.test.ts"];
const TIMINGS = "tests/timings.json";

const ROOT = join(import.meta.dir, "..");
const hasTests = (dir: string): boolean =>
  existsSync(dir) &&
  readdirSync(dir, { withFileTypes: true }).some((e) =>
    e.isDirectory() ? hasTests(join(dir, e.name)) : /\.test\.tsx?$/.test(e.name),
  );

/** Where the run's scratch goes: memory (/dev/shm) when it is writable with room to spare, else the temp dir. */
function scratchRoot(): string {
  const shm = "/dev/shm";
  try {
    accessSync(shm, constants.W_OK);
    const fs = statfsSync(shm);
    if (fs.bavail * fs.bsize >= 4e9) return shm;
  } catch {}
  return tmpdir();
}
// NOTE: every server and e2e file copies a 32 MB, 1,400-file data dir and writes to it; on this
// machine's disk a copy took 0.5–0.9 s of mostly kernel time, in memory ~70 ms.
const RUN = mkdtempSync(join(scratchRoot(), "bothy-run-"));
const removeRun = () => rmSync(RUN, { recursive: true, force: true });
// NOTE: Ctrl-C reaches the test processes too; remove what they had made before leaving.
process.on("SIGINT", () => {
  removeRun();
  process.exit(130);
});

const args = process.argv.slice(2).map((a) => a.replace(/^\.\//, ""));
const suiteOf = (path: string) => /^tests\/([^/]+)\//.exec(path)?.[1];
for (const arg of args) {
  if (!SUITES.some((s) => s === arg || s === suiteOf(arg))) {
    console.error(`tests/run.ts: ${arg} is neither a suite (${SUITES.join(", ")}) nor a path under one`);
    process.exit(2);
  }
}
/** The paths of `suites` this run covers: the whole directories unless paths under them were named. */
function pathsOf(suites: readonly string[]): string[] {
  if (!args.length) return suites.map((s) => `tests/${s}`).filter((d) => hasTests(join(ROOT, d)));
  return args.filter((a) => suites.includes(a) ? hasTests(join(ROOT, "tests", a)) : suites.includes(suiteOf(a)!)).map((a) => (a.includes("/") ? a : `tests/${a}`));
}
/** The SERIAL files a set of paths covers. */
const serialIn = (paths: string[]) => SERIAL.filter((f) => paths.some((p) => f === p || f.startsWith(`${p.replace(/\/$/, "")}/`)));

let env: Record<string, string | undefined> = process.env;
if (process.env.FAKE_NOW) {
  try {
    env = { ...env, ...fakeClockEnv(process.env.FAKE_NOW, RUN) };
  } catch (err) {
    console.error(`tests/run.ts: ${(err as Error).message}`);
    removeRun();
    process.exit(2);
  }
  console.log(`clock moved: every process of this run starts at ${process.env.FAKE_NOW}`);
}

/** Each test's and hook's deadline, unless it names its own. */
const TEST_TIMEOUT_MS = 120_000;

let passed = 0;
let failed = 0;
const failures: string[] = [];

/** `dir` names the stage's temp directory: short, since Chromium's socket path inside it is limited. */
async function stage(name: string, dir: string, paths: string[], options: string[]): Promise<void> {
  if (!paths.length) return;
  console.log(`\n── ${name} ──`);
  const started = performance.now();
  // NOTE: server and e2e tests start real databases, servers and browsers, hooks included: bun's 5 s
  // default is too short, and a hook's boot of a database, a server (allowed 90 s) and a browser
  // outgrew 60 s on a busy machine. Scaled like every other deadline.
  const command = [process.execPath, "test", "--timeout", String(scaled(TEST_TIMEOUT_MS)), ...options, ...paths.map((p) => `./${p}`)];
  const scratch = join(RUN, dir);
  mkdirSync(scratch);
  const proc = Bun.spawn(command, { cwd: ROOT, stdout: "inherit", stderr: "pipe", env: { ...env, TMPDIR: scratch } });
  // NOTE: bun test writes its results and summary to stderr; echo it and keep it for the counts.
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of proc.stderr as unknown as AsyncIterable<Uint8Array>) {
    const s = decoder.decode(chunk, { stream: true });
    text += s;
    process.stderr.write(s);
  }
  const code = await proc.exited;
  const pass = Number(/^\s*(\d+) pass$/m.exec(text)?.[1] ?? 0);
  const fail = Number(/^\s*(\d+) fail$/m.exec(text)?.[1] ?? 0);
  passed += pass;
  failed += fail;
  failures.push(...failuresIn(text).map((f) => `${name}: ${f}`));
  // A crash or a non-zero exit without counted failures (e.g. an error outside a test) still fails the run.
  if (code !== 0 && fail === 0) {
    failed += 1;
    console.log(`${name} exited with ${code} outside any test`);
  }
  const left = readdirSync(scratch);
  if (left.length) {
    failed += 1;
    console.log(`${name} left ${left.length} entries in its temp directory: ${left.join(", ")}`);
  }
  console.log(`── ${name}: ${pass} passed, ${fail} failed in ${Math.round((performance.now() - started) / 1000)} s ──`);
}

const started = performance.now();
await stage("client", "client", pathsOf(["client"]), ["--preload", "./tests/client/setup.ts"]);
const pooled = pathsOf(["unit", "server", "e2e", "packages"]);
const serial = serialIn(pooled);
const workers = Math.max(1, Number(process.env.TEST_WORKERS) || 2);
// NOTE: a worker keeps its modules from file to file: loading the app again for every file cost ~0.8 s
// of CPU each, ~13 % of the pool's. Every file still starts and stops its own servers, databases and
// browsers; TEST_ISOLATE=1 gives each file fresh modules, to tell a leak between files from a fault.
const isolation = process.env.TEST_ISOLATE === "1" ? [] : ["--no-isolate"];
await stage("unit, server, e2e, packages", "pool", pooled, [
  `--parallel=${workers}`,
  ...isolation,
  `--timings=${TIMINGS}`,
  ...(process.env.UPDATE_TIMINGS ? ["--update-timings"] : []),
  ...serial.map((f) => `--path-ignore-patterns=${f}`),
]);
await stage("serial", "serial", serial, []);
removeRun();
if (process.env.FAKE_NOW) removeClockLeftovers();

if (failures.length) console.log(`\nfailed:\n${failures.join("\n")}`);
console.log(`\nall tests in ${Math.round((performance.now() - started) / 1000)} s`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
