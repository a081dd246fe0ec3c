// `npm run docker:check`: a maintainer's check of the Docker image on a machine without a Docker
// engine. Builds the Dockerfile with buildah (vfs storage, chroot isolation) from bases made locally
// (debootstrap; cached in DOCKER_CHECK_DIR, default /var/tmp/bothy-docker-base, reused later), runs
// the image, sends views through /b/v and reads /api/stats back, then runs the Compose layout (app,
// inspector worker as its own user, maintenance worker) as the image's processes, and removes what
// it made but the cached bases. Every process starts through the image's entrypoint, as docker would.
// Prints each step ok / FAIL / SKIP (with why), what the image's bulk is, and the goal lines.
// Needs root, buildah and debootstrap (Debian packages), and reaches Debian's and npm's registries.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { spawn, type ChildProcess } from "node:child_process";

const DIR = process.env.DOCKER_CHECK_DIR ?? "/var/tmp/bothy-docker-base";
const BASE = "localhost/bothy-check-base:bookworm-slim";
const NODE = "localhost/bothy-check-node:bookworm";
const IMAGE = "localhost/bothy:check";
const GOAL_SIZE_MB = 600;
// NOTE: the Dockerfile's HEALTHCHECK gives a start 20 s (--start-period) before a failed check counts.
const GOAL_START_S = 20;
const MIRROR = process.env.DEBIAN_MIRROR ?? "http://deb.debian.org/debian";
// NOTE: all of buildah's storage lives in DIR, so the cached bases never touch the machine's own.
const STORE = ["--root", join(DIR, "storage"), "--runroot", join(DIR, "run"), "--storage-driver", "vfs"];
const SECRET = "c".repeat(40);
const SLIM = [
  "printf 'path-exclude /usr/share/doc/*\\npath-exclude /usr/share/man/*\\npath-exclude /usr/share/info/*\\npath-exclude /usr/share/locale/*\\npath-include /usr/share/locale/locale.alias\\n' > /etc/dpkg/dpkg.cfg.d/docker",
  "rm -rf /var/cache/apt/* /var/lib/apt/lists/* /usr/share/doc/* /usr/share/man/* /usr/share/info/*",
  "find /usr/share/locale -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +",
].join(" && ");
const TOKEN = "t".repeat(40);

type Result = "ok" | "FAIL" | "SKIP";
const results: { step: string; result: Result; detail: string }[] = [];
// NOTE: read from the built image: `buildah run` runs only the command it is given.
let entrypoint: string[] = [];
const containers: string[] = [];
const children: ChildProcess[] = [];

/** Runs a command to its end; its output, or an Error carrying the tail of stderr. */
async function sh(cmd: string[]): Promise<string> {
  const p = Bun.spawn(cmd, { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  if (code !== 0) throw new Error(`${cmd.slice(0, 3).join(" ")}… exited ${code}: ${(err || out).trim().split("\n").slice(-4).join(" | ")}`);
  return out.trim();
}
const buildah = (...args: string[]) => sh(["buildah", ...STORE, ...args]);
const hasImage = async (name: string) => (await buildah("images", "--noheading", "--format", "{{.Name}}:{{.Tag}}")).split("\n").includes(name);

async function step(name: string, run: () => Promise<string>): Promise<boolean> {
  const t0 = performance.now();
  try {
    const detail = await run();
    results.push({ step: name, result: "ok", detail });
    console.log(`ok   ${name}: ${detail} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    return true;
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    results.push({ step: name, result: "FAIL", detail });
    console.log(`FAIL ${name}: ${detail}`);
    return false;
  }
}
function skip(name: string, why: string) {
  results.push({ step: name, result: "SKIP", detail: why });
  console.log(`SKIP ${name}: ${why}`);
}

/** Starts a process inside a new container of the image, its output prefixed; resolves on `ready`. */
async function startIn(label: string, env: Record<string, string>, cmd: string[], ready: RegExp, user?: string, existing?: string): Promise<string> {
  const ctr = existing ?? (await buildah("from", "--pull-never", IMAGE));
  if (!existing) containers.push(ctr);
  const envArgs = Object.entries(env).flatMap(([k, v]) => ["--env", `${k}=${v}`]);
  const userArgs = user ? ["--user", user] : [];
  const child = spawn("buildah", [...STORE, "run", "--isolation", "chroot", ...userArgs, ...envArgs, ctr, "--", ...entrypoint, ...cmd], { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} not ready within 180 s`)), 180_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      for (const line of text.trimEnd().split("\n")) console.log(`  [${label}] ${line.slice(0, 200)}`);
      if (ready.test(text)) {
        clearTimeout(timer);
        resolve(ctr);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`${label} exited ${code} before it was ready`)));
  });
}

async function until(url: string, ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if ((await fetch(url).catch(() => null))?.ok) return;
    await Bun.sleep(100);
  }
  throw new Error(`${url} not ready within ${ms / 1000} s`);
}

const freePort = () => {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = s.port;
  s.stop(true);
  return port;
};

/** Signs a user made with the image's `user:create` in, adds a domain, sends views, reads them back. */
async function hitsAndStats(origin: string, email: string, password: string): Promise<string> {
  const json = { "content-type": "application/json", origin };
  const signin = await fetch(`${origin}/api/signin`, { method: "POST", headers: json, body: JSON.stringify({ email, password }) });
  const cookie = (signin.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
  if (!cookie) throw new Error(`sign-in answered ${signin.status} with no cookie`);
  const domain = "check.example";
  const add = await fetch(`${origin}/api/domains`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ domain }) });
  if (!add.ok) throw new Error(`POST /api/domains answered ${add.status}: ${await add.text()}`);
  const ua = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${origin}/b/v`, { method: "POST", headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": ua }, body: JSON.stringify({ d: domain, p: `/page/${i}` }) });
    if (res.status !== 202) throw new Error(`/b/v answered ${res.status}`);
  }
  const day = new Date().toISOString().slice(0, 10);
  const end = performance.now() + 30_000;
  let last = "";
  while (performance.now() < end) {
    const res = await fetch(`${origin}/api/stats?domain=${domain}&startKey=${day}&endKey=${day}&dataType=SUMMARY`, { headers: { cookie } });
    last = `${res.status} ${await res.text()}`;
    if (res.ok && /\b5\b/.test(last)) return `5 views sent, /api/stats: ${last.slice(4, 160)}`;
    await Bun.sleep(500);
  }
  throw new Error(`/api/stats never showed the 5 views: ${last.slice(0, 200)}`);
}

/** The API reference page and its Scalar bundle, which the image keeps alone of Scalar's packages. */
async function apiReference(origin: string): Promise<string> {
  const page = await fetch(`${origin}/api/docs`);
  const script = /\/api\/docs\/scalar-[\w.-]+\.js/.exec(await page.text())?.[0];
  if (!page.ok || !script) throw new Error(`/api/docs answered ${page.status}${script ? "" : " with no Scalar script"}`);
  const bundle = await fetch(`${origin}${script}`);
  const bytes = (await bundle.arrayBuffer()).byteLength;
  if (!bundle.ok || bytes < 100_000) throw new Error(`${script} answered ${bundle.status} with ${bytes} bytes`);
  return `/api/docs and ${script} (${(bytes / 1e6).toFixed(1)} MB) served`;
}

async function stopProcesses() {
  for (const c of children) c.kill("SIGTERM");
  await Bun.sleep(3000);
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  children.length = 0;
}
async function stopAll() {
  await stopProcesses();
  for (const c of containers.splice(0)) await buildah("rm", c).catch(() => {});
}

mkdirSync(DIR, { recursive: true });
const tools = ["buildah", "debootstrap"].filter((t) => !Bun.which(t));
if (tools.length || process.getuid?.() !== 0) {
  console.log(`SKIP everything: needs root and ${tools.join(", ") || "buildah, debootstrap"} (apt-get install buildah debootstrap)`);
  process.exit(1);
}

const based = await step("local Debian base", async () => {
  if (await hasImage(BASE)) return `cached ${BASE}`;
  const rootfs = join(DIR, "rootfs");
  if (!existsSync(join(rootfs, "etc/debian_version"))) await sh(["debootstrap", "--variant=minbase", "bookworm", rootfs, MIRROR]);
  const ctr = await buildah("from", "scratch");
  await buildah("copy", ctr, `${rootfs}/`, "/");
  // NOTE: made like debian:bookworm-slim, the Dockerfile's default base, so the size measured here is
  // the image's: no apt lists or downloaded packages, and dpkg keeps no docs, manuals or translations
  // of the packages installed later (the slim image's /etc/dpkg/dpkg.cfg.d/docker).
  await buildah("run", "--isolation", "chroot", ctr, "--", "sh", "-c", SLIM);
  await buildah("commit", "--rm", ctr, BASE);
  return `debootstrapped into ${rootfs}, committed ${BASE} (slimmed)`;
});
const noded = based && (await step("local Node base", async () => {
  if (await hasImage(NODE)) return `cached ${NODE}`;
  // NOTE: Debian's nodejs stands in for the node image: the deps stage only runs `npm ci`. Debian's
  // npm 9.2 refuses the lockfile (lockfileVersion 3) with EUSAGE, so npm 10 replaces it.
  const ctr = await buildah("from", "--pull-never", BASE);
  // NOTE: where npm's registry is reached through a TLS proxy, the host trusts its CA through
  // NODE_EXTRA_CA_CERTS; the Node base (only the deps stage, never the image that runs) trusts it too.
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  if (ca && existsSync(ca)) {
    await buildah("copy", ctr, ca, "/etc/ssl/certs/host-extra-ca.crt");
    await buildah("config", "--env", "NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-extra-ca.crt", ctr);
  }
  const script = "apt-get update && apt-get install -y --no-install-recommends nodejs npm ca-certificates && rm -rf /var/lib/apt/lists/* && npm install -g --no-audit --no-fund npm@10";
  await buildah("run", "--isolation", "chroot", ctr, "--", "sh", "-c", script).catch(async (err: unknown) => {
    await buildah("rm", ctr).catch(() => {});
    throw err;
  });
  await buildah("commit", "--rm", ctr, NODE);
  return `committed ${NODE} (Debian's nodejs, npm 10)`;
}));

let sizeMb = NaN;
const built = noded && (await step("image build", async () => {
  await buildah("bud", "--isolation", "chroot", "--pull-never", "--layers=false", "--force-rm", "--build-arg", `BASE_IMAGE=${BASE}`, "--build-arg", `NODE_IMAGE=${NODE}`, "-t", IMAGE, ".");
  const shown = await buildah("images", "--noheading", "--format", "{{.Size}}", IMAGE);
  sizeMb = parseFloat(shown) * (/GB/.test(shown) ? 1000 : 1);
  const config = JSON.parse(await buildah("inspect", "--type", "image", IMAGE)) as { OCIv1: { config: { Entrypoint?: string[] } } };
  entrypoint = config.OCIv1.config.Entrypoint ?? [];
  return `${IMAGE}, ${sizeMb} MB, entrypoint ${JSON.stringify(entrypoint)}`;
}));

// NOTE: where the image's size goes, biggest first, to say what is left to cut (-l: a hard-linked
// file counts under every path named, -x: not /proc and /sys, which buildah run mounts).
const BULK = ["/app/node_modules", "/usr/local/bin/bun", "/usr/lib/chromium", "/usr/lib/x86_64-linux-gnu", "/usr/share", "/app/template", "/app/dist", "/usr/bin", "/var", "/etc"];
if (built) await step("image contents (MB)", async () => {
  const ctr = await buildah("from", "--pull-never", IMAGE);
  try {
    const du = await buildah("run", "--isolation", "chroot", "--user", "root", ctr, "--", "du", "-smlx", "--", "/", ...BULK);
    return du.split("\n").map((line) => line.split("\t")).sort((a, b) => Number(b[0]) - Number(a[0])).map(([mb, path]) => `${path} ${mb}`).join(", ");
  } finally {
    await buildah("rm", ctr).catch(() => {});
  }
});

if (!built) skip("run, hits and the Compose layout", "no image was built (see above)");
else {
  const port = freePort();
  const origin = `http://127.0.0.1:${port}`;
  const email = "check@check.example";
  const password = "quartz-Lantern-91-meadow-oboe";
  let startS = NaN;
  // NOTE: buildah run's chroot isolation shares the host's network, so the app answers on loopback.
  const appEnv = { PORT: String(port), HOST: "127.0.0.1", BASE_URL: origin, SECRET_KEY: SECRET, INSPECT_CONCURRENCY: "0", INSPECT_TOKEN: TOKEN };
  await step("single container: start → /readyz", async () => {
    // NOTE: timed from the process's start: making a container on vfs storage copies the whole image.
    const ctr = await buildah("from", "--pull-never", IMAGE);
    containers.push(ctr);
    const t0 = performance.now();
    await startIn("app", appEnv, ["/app/node_modules/.bin/bun", "src/server.ts"], /listening|running/i, "bothy", ctr);
    await until(`${origin}/readyz`, 120_000);
    startS = (performance.now() - t0) / 1000;
    return `${startS.toFixed(1)} s`;
  });
  await step("user:create in the image, views through /b/v, /api/stats", async () => {
    const ctr = containers[0];
    if (!ctr) throw new Error("no container left from the start above");
    // NOTE: the embedded database belongs to one process, so user:create runs with the app stopped.
    await stopProcesses();
    await buildah("run", "--isolation", "chroot", "--user", "bothy", "--env", `SECRET_KEY=${SECRET}`, ctr, "--", ...entrypoint, "/app/node_modules/.bin/bun", "src/cli/user-create.ts", "--email", email, "--password", password);
    await startIn("app", appEnv, ["/app/node_modules/.bin/bun", "src/server.ts"], /listening|running/i, "bothy", ctr);
    await until(`${origin}/readyz`, 120_000);
    return `${await hitsAndStats(origin, email, password)}; ${await apiReference(origin)}`;
  });
  await stopAll();

  // The Compose layout: db:serve stands in for the TimescaleDB container, which cannot be pulled here.
  const dbPort = freePort();
  const dbUrl = `postgres://postgres:${SECRET}@127.0.0.1:${dbPort}/postgres`;
  // NOTE: db:serve takes few clients (a TimescaleDB server takes 100): small pools leave the worker one.
  const layoutEnv = { ...appEnv, DATABASE_URL: dbUrl, DATABASE_POOL: "2", JOBS: "worker" };
  await step("compose layout: database, app, maintenance worker", async () => {
    await startIn("db", { DB_PORT: String(dbPort), DB_PASSWORD: SECRET, SECRET_KEY: SECRET }, ["/app/node_modules/.bin/bun", "src/cli/db-serve.ts"], /serving/i, "bothy");
    await startIn("app", layoutEnv, ["/app/node_modules/.bin/bun", "src/server.ts"], /listening|running/i, "bothy");
    await until(`${origin}/readyz`, 120_000);
    await startIn("maintenance", layoutEnv, ["/app/node_modules/.bin/bun", "src/cli/worker-maintenance.ts"], /maintenance worker running/i, "bothy");
    return "all three ready";
  });
  await step("compose layout: inspector as its own user, without /data", async () => {
    const env = { APP_URL: origin, INSPECT_TOKEN: TOKEN, INSPECT_CONCURRENCY: "1" };
    const ctr = await startIn("inspector", env, ["/app/node_modules/.bin/bun", "src/cli/worker-inspect.ts"], /inspector worker running/i, "10002:10002");
    const who = await buildah("run", "--isolation", "chroot", "--user", "10002:10002", ctr, "--", "sh", "-c", "id -un; ls /data >/dev/null 2>&1 && echo data-readable || echo no-data");
    if (!/^inspector\nno-data$/.test(who)) throw new Error(`expected user inspector without /data, got ${JSON.stringify(who)}`);
    // NOTE: the image leaves out Mesa's GPU drivers (see the Dockerfile): its Chromium still renders.
    const page = "<title>t</title><p>bothy renders</p>";
    const dom = await buildah("run", "--isolation", "chroot", "--user", "10002:10002", ctr, "--", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", `data:text/html,${page}`);
    if (!dom.includes("<p>bothy renders</p>")) throw new Error(`Chromium in the image did not render a page: ${dom.slice(0, 200)}`);
    return "user inspector, /data unreadable, worker running, Chromium renders a page";
  });
  await stopAll();
  const cold = Number.isFinite(startS) ? `${startS.toFixed(1)} s, ${(startS / GOAL_START_S).toFixed(2)}× the goal (${startS <= GOAL_START_S ? "met" : "NOT met"})` : "not measured";
  console.log(`goal cold start (image start → /readyz) ≤ ${GOAL_START_S} s: ${cold}`);
}
const size = Number.isFinite(sizeMb) ? `${sizeMb.toFixed(0)} MB, ${(sizeMb / GOAL_SIZE_MB).toFixed(2)}× the goal (${sizeMb <= GOAL_SIZE_MB ? "met" : "NOT met"})` : "not measured";
console.log(`goal image size with Chromium ≤ ${GOAL_SIZE_MB} MB: ${size}`);
if (built) await buildah("rmi", IMAGE).catch((err) => console.log(`could not remove ${IMAGE}: ${err}`));
const failed = results.filter((r) => r.result !== "ok").length;
console.log(failed ? `${failed} of ${results.length} steps did not pass` : `all ${results.length} steps passed`);
process.exit(failed ? 1 : 0);
