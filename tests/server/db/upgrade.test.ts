// The upgrade from the previous release to this code, as a self-hoster runs it: the release (a git
// worktree of its commit, with its own packages) starts on a new DATA_DIR with an account from its
// user:create and is filled through its HTTP API, then this code starts on the same DATA_DIR (a
// snapshot kept, the migrations applied) and answers the same numbers and the same sign-in;
// `npm run rollback` then returns the release's database, which the release serves again with the
// same numbers.
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROME_UA, until } from "../../helpers/collect";
import { removeDir } from "../../helpers/db";
import { FAKE_CLOCK_VARS } from "../../helpers/fake-clock";
import { removedAfterAll } from "../../helpers/scratch";
import { ROOT, runToExit, spawnServer, stopChild, type Child } from "../../helpers/server";

// NOTE: before the first release tag, this commit stands in for the previous release: it predates
// most migrations, so the upgrade runs real ones.
const STAND_IN = "f0d3f06";
const CACHE = join(ROOT, "node_modules", ".cache", "bothy");

const git = (...args: string[]) => {
  const run = Bun.spawnSync(["git", ...args], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr.toString()}`);
  return run.stdout.toString().trim();
};
const migrationsAt = (commit: string) => git("ls-tree", "--name-only", `${commit}:sql`).split("\n").filter((f) => /^\d{3}_.*\.sql$/.test(f));

/** The newest `v*` tag that is a strict ancestor of HEAD with fewer migrations, else the stand-in. */
function previousRelease(): string {
  const head = git("rev-parse", "HEAD");
  const tags = git("tag", "--list", "v*", "--merged", "HEAD", "--sort=-creatordate").split("\n").filter(Boolean);
  const release = tags.find((tag) => git("rev-list", "-n", "1", tag) !== head && migrationsAt(tag).length < migrationsAt("HEAD").length);
  return release ?? STAND_IN;
}

type Lock = { packages: Record<string, { version?: string; integrity?: string }> };

/**
 * Whether this checkout's packages are the release's: every package its lockfile pins is pinned
 * here at the same version and integrity (a later release may only add packages). NOTE: then the
 * release runs on them as its own npm ci would have installed them, and no second install of
 * several hundred packages is paid on each clean clone.
 */
function sharesPackages(lock: string): boolean {
  const ours = (JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as Lock).packages;
  return Object.entries((JSON.parse(lock) as Lock).packages).every(
    ([path, pkg]) => path === "" || (ours[path]?.version === pkg.version && ours[path]?.integrity === pkg.integrity),
  );
}

/** The release's packages: this checkout's when they are the same, else installed once per lockfile and kept in the test cache. */
async function releaseModules(commit: string): Promise<string> {
  const lock = git("show", `${commit}:package-lock.json`);
  if (sharesPackages(lock)) return join(ROOT, "node_modules");
  const target = join(CACHE, `release-modules-${new Bun.CryptoHasher("sha256").update(lock).digest("hex").slice(0, 16)}`);
  if (existsSync(target)) return join(target, "node_modules");
  mkdirSync(CACHE, { recursive: true });
  const building = mkdtempSync(join(CACHE, "building-"));
  try {
    writeFileSync(join(building, "package.json"), git("show", `${commit}:package.json`));
    writeFileSync(join(building, "package-lock.json"), lock);
    // NOTE: npm on the real clock (a moved one fails the registry's certificates) and with its temp
    // files in the dir it builds, so it leaves nothing in the run's TMPDIR.
    const npmTmp = join(building, ".tmp");
    mkdirSync(npmTmp);
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !(FAKE_CLOCK_VARS as readonly string[]).includes(name))), TMPDIR: npmTmp };
    const npm = Bun.spawn(["npm", "ci", "--prefer-offline", "--no-audit", "--no-fund"], { cwd: building, env, stdout: "pipe", stderr: "pipe" });
    const [code, out] = await Promise.all([npm.exited, new Response(npm.stderr).text()]);
    if (code !== 0) throw new Error(`npm ci of ${commit}'s packages failed:\n${out}`);
    removeDir(npmTmp);
    if (!existsSync(target)) renameSync(building, target);
  } finally {
    removeDir(building);
  }
  return join(target, "node_modules");
}

let running: Child | undefined;
let tree: string | undefined;
afterAll(async () => {
  await stopChild(running);
  if (tree) {
    Bun.spawnSync(["git", "worktree", "remove", "--force", tree], { cwd: ROOT });
    Bun.spawnSync(["git", "worktree", "prune"], { cwd: ROOT });
  }
});
const scratch = removedAfterAll();

const DOMAIN = "upgrade.example";
const USER = { email: "owner@upgrade.example", password: "violet tram crosses the harbour at dusk", name: "Avery Lund" };
const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Answer = { status: number; json: unknown; cookie: string | null };
async function send(base: string, method: string, path: string, body?: unknown, cookie?: string | null): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const set = /bothy_session=[^;]*/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? null;
  return { status: res.status, json: text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text, cookie: set };
}

/** Every number in `value`, by its path: what an upgrade must leave as it was. */
function numbers(value: unknown, path = ""): Map<string, number> {
  const found = new Map<string, number>();
  if (typeof value === "number") found.set(path, value);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) for (const [p, n] of numbers(inner, `${path}/${key}`)) found.set(p, n);
  }
  return found;
}

/** Signs in, with the release's sign-in and this code's alike; the session cookie. */
async function signIn(base: string): Promise<string> {
  const signin = await send(base, "POST", "/api/signin", { email: USER.email, password: USER.password });
  expect(signin.status).toBe(200);
  return signin.cookie!;
}

/** The domain's stats over the range, every data type. */
async function readStats(base: string, cookie: string, range: { startKey: string; endKey: string }) {
  const stats: Record<string, unknown> = {};
  for (const dataType of ["SUMMARY", "PATH", "REF"]) {
    const res = await send(base, "GET", `/api/stats?${new URLSearchParams({ domain: DOMAIN, ...range, dataType })}`, undefined, cookie);
    expect(res.status).toBe(200);
    stats[dataType] = res.json;
  }
  return stats;
}

test("the previous release's data reads the same after the upgrade and after the rollback", async () => {
  const release = previousRelease();
  const modules = await releaseModules(release);
  const place = scratch(mkdtempSync(join(tmpdir(), "bothy-release-")));
  tree = join(place, "tree");
  git("worktree", "add", "--detach", tree, release);
  symlinkSync(modules, join(tree, "node_modules"), "dir");
  const dataDir = join(place, "data");
  const env = { DATA_DIR: dataDir, HOST: "127.0.0.1", LOG_LEVEL: "error" };
  const startRelease = () => spawnServer("src/server.ts", env, { cwd: tree, timeoutMs: 90_000 });

  // NOTE: the account through the release's own user:create (releases differ in what a sign-up
  // answers: an account at once, or a mailed link first).
  const userCreate = JSON.parse(git("show", `${release}:package.json`)).scripts["user:create"].split(" ").at(-1);
  const created = await runToExit(userCreate, env, tree, ["--email", USER.email, "--password", USER.password, "--name", USER.name]);
  expect([created.code, created.stderr]).toEqual([0, ""]);
  running = await startRelease();
  const base = running.url;
  const cookie = await signIn(base);
  const added = await send(base, "POST", "/api/domains", { domain: DOMAIN, tz: "UTC" }, cookie);
  expect([added.status, added.json]).toEqual([201, expect.anything()]);
  const views = [
    ["/", "https://news.example/a"],
    ["/", "https://news.example/b"],
    ["/pricing", ""],
    ["/pricing", "https://search.example/"],
    ["/blog/one", ""],
  ];
  for (const [p, r] of views) {
    const res = await fetch(`${base}/b/v`, {
      method: "POST",
      body: JSON.stringify({ d: DOMAIN, p, r }),
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME_UA },
    });
    expect(res.status).toBe(202);
  }
  // NOTE: yesterday too, so a run across midnight still reads every view in the range.
  const now = Date.now();
  const range = { startKey: day(now - DAY), endKey: day(now + DAY) };
  const before = await until("the release's stats holding every view", async () => {
    const stats = await readStats(base, cookie, range);
    return numbers(stats).get("/SUMMARY/visits/hits") === views.length && JSON.stringify(stats).includes("/blog/one") ? stats : null;
  }, 60_000, 200);
  const expected = numbers(before);
  expect(expected.size).toBeGreaterThan(5);
  await stopChild(running);

  // This code on the release's DATA_DIR: a snapshot kept, the migrations applied, the same numbers.
  running = await spawnServer("src/server.ts", env, { timeoutMs: 90_000 });
  const upgraded = numbers(await readStats(running.url, await signIn(running.url), range));
  for (const [path, n] of expected) expect([path, upgraded.get(path)]).toEqual([path, n]);
  await stopChild(running);
  const level = migrationsAt(release).at(-1)!.slice(0, 3);
  expect(readdirSync(join(dataDir, "snapshots"))).toEqual([expect.stringContaining(`-migration-${level}-bothy-`)]);

  const rolled = await runToExit("src/cli/rollback.ts", { DATA_DIR: dataDir });
  expect(rolled.stderr).toBe("");
  expect(rolled.code).toBe(0);
  running = await startRelease();
  const back = numbers(await readStats(running.url, await signIn(running.url), range));
  expect(back).toEqual(expected);
  await stopChild(running);
  running = undefined;
  // NOTE: three starts of two releases, each migrating its data dir in a child, and two CLIs: ~30 s
  // on a quiet machine, past the suite's 120 s default on a loaded one (seen at a load of 14).
}, 300_000);
