// `npm test`: runs every suite as its own `bun test` process (so only the client suite gets the
// happy-dom preload), then prints one summed line "N passed, N failed" and exits non-zero on any
// failure, naming the failed tests and their errors again just above that line.
// Usage: `npm test` for all, `npm test -- server unit` for some suites, `npm test -- tests/server/db`
// or a test file's path for part of one (with its suite's preload and temp-directory check).
// Each suite gets its own TMPDIR inside one run directory; whatever a suite leaves there (a test
// that did not remove its database, browser profile or scratch files) is listed and fails the run,
// then the run directory is removed so a failing run does not fill the disk either.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { failuresIn } from "./helpers/failures";

type Suite = { name: string; preload?: string };

const SUITES: Suite[] = [
  { name: "unit" },
  { name: "server" },
  { name: "client", preload: "./tests/client/setup.ts" },
  { name: "e2e" },
];

const ROOT = join(import.meta.dir, "..");
const hasTests = (dir: string): boolean =>
  existsSync(dir) &&
  readdirSync(dir, { withFileTypes: true }).some((e) =>
    e.isDirectory() ? hasTests(join(dir, e.name)) : /\.test\.tsx?$/.test(e.name),
  );

const RUN = mkdtempSync(join(tmpdir(), "bothy-run-"));
const removeRun = () => rmSync(RUN, { recursive: true, force: true });
// NOTE: Ctrl-C reaches the suite processes too; remove what they had made before leaving.
process.on("SIGINT", () => {
  removeRun();
  process.exit(130);
});

const args = process.argv.slice(2);
const suiteOf = (path: string) => /^(?:\.\/)?tests\/([^/]+)\//.exec(path)?.[1];
for (const arg of args) {
  if (!SUITES.some((s) => s.name === arg || s.name === suiteOf(arg))) {
    console.error(`tests/run.ts: ${arg} is neither a suite (${SUITES.map((s) => s.name).join(", ")}) nor a path under one`);
    process.exit(2);
  }
}
/** What to run of each suite named: the whole directory (null), or the paths under it that were named. */
const wanted = new Map<string, string[] | null>();
for (const arg of args) {
  const whole = SUITES.some((s) => s.name === arg);
  const suite = whole ? arg : suiteOf(arg)!;
  const paths = wanted.get(suite);
  wanted.set(suite, whole || paths === null ? null : [...(paths ?? []), arg]);
}
let passed = 0;
let failed = 0;
let broken = false;
const failures: string[] = [];

for (const suite of SUITES) {
  if (args.length && !wanted.has(suite.name)) continue;
  const dir = `./tests/${suite.name}`;
  if (!hasTests(join(ROOT, dir))) continue;
  const paths = wanted.get(suite.name) ?? [dir];
  console.log(`\n── ${suite.name} ──`);
  // NOTE: server and e2e tests start real databases (initdb ~3 s) and processes: 5 s is too short.
  const command = [process.execPath, "test", "--timeout", "60000", ...(suite.preload ? ["--preload", suite.preload] : []), ...paths];
  const scratch = join(RUN, suite.name);
  mkdirSync(scratch);
  const proc = Bun.spawn(command, { cwd: ROOT, stdout: "inherit", stderr: "pipe", env: { ...process.env, TMPDIR: scratch } });
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
  failures.push(...failuresIn(text).map((f) => `${suite.name}: ${f}`));
  // A crash or a non-zero exit without counted failures (e.g. an error outside a test) still fails the run.
  if (code !== 0 && fail === 0) {
    broken = true;
    failed += 1;
    console.log(`suite ${suite.name} exited with ${code} outside any test`);
  }
  const left = readdirSync(scratch);
  if (left.length) {
    broken = true;
    failed += 1;
    console.log(`suite ${suite.name} left ${left.length} entries in its temp directory: ${left.join(", ")}`);
  }
}
removeRun();

if (failures.length) console.log(`\nfailed:\n${failures.join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
