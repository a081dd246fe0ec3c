// The `bothy-check` command as a CI job runs it: `node packages/check/bin/bothy-check.mjs` against
// loopback fixture pages, measured locally by the inspector's engine in real Chromium, and through a
// real Bothy server's inspector with a Pro API key (--against). Exit 0 within budget, 1 over it, 2
// for a usage error or a page not measured; the JUnit XML is well-formed (saxes, a strict parser)
// and counts what the table says; the Markdown is a PR comment's table.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SaxesParser } from "saxes";
import { call, verifiedSession } from "../../helpers/api";
import { TEST_CHROMIUM } from "../../helpers/browser";
import { ROOT, startTestServer } from "../../helpers/server";
import { scaledMs } from "../../helpers/time";

const BIN = join(ROOT, "packages", "check", "bin", "bothy-check.mjs");
/** A script heavy enough to break a 500 kB budget on its own; digits do not compress away. */
const HEAVY_JS = `/*${"0123456789".repeat(70_000)}*/`;
const page = (body: string) => new Response(`<!doctype html><title>fixture</title>${body}`, { headers: { "content-type": "text/html" } });

let site: ReturnType<typeof Bun.serve>;
let dir: string;
const url = (path: string) => `http://127.0.0.1:${site.port}${path}`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bothy-check-"));
  site = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      const path = new URL(req.url).pathname;
      if (path === "/light") return page("<p>A light page.</p>");
      if (path === "/heavy") return page(`<p>A heavy page.</p><script src="/big.js"></script>`);
      if (path === "/big.js") return new Response(HEAVY_JS, { headers: { "content-type": "text/javascript" } });
      return new Response("not here", { status: 404 });
    },
  });
});

afterAll(() => {
  site?.stop(true);
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the command under Node, as `npx bothy-check` does; its exit status and output. */
async function check(args: string[]) {
  const proc = Bun.spawn(["node", BIN, ...args], { stdout: "pipe", stderr: "pipe", env: { ...process.env, CHROMIUM_PATH: TEST_CHROMIUM } });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

/** The JUnit XML's elements with their attributes, parsed strictly: a malformed file throws. */
function junitOf(path: string) {
  const parser = new SaxesParser();
  const elements: { name: string; attributes: Record<string, string> }[] = [];
  parser.on("opentag", (tag) => elements.push({ name: tag.name, attributes: tag.attributes as Record<string, string> }));
  parser.on("error", (err) => {
    throw err;
  });
  parser.write(readFileSync(path, "utf8")).close();
  return elements;
}

describe("bothy-check, measured locally", () => {
  test("a page within the budget exits 0 and says so in the table, the JUnit XML and the Markdown", async () => {
    const [xml, md] = [join(dir, "within.xml"), join(dir, "within.md")];
    const run = await check([url("/light"), "--budget", "500kB", "--junit", xml, "--markdown", md]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("0 of 1 page over the budget of 500 kB a view");
    expect(run.stdout).toMatch(new RegExp(`${url("/light")}\\s+\\d+ B\\s+0\\.\\d+\\s+A\\+?\\s+500 kB\\s+within`));
    const elements = junitOf(xml);
    const suites = elements.find((e) => e.name === "testsuites")!;
    expect(suites.attributes).toMatchObject({ tests: "1", failures: "0", errors: "0" });
    expect(elements.filter((e) => e.name === "testcase").map((e) => e.attributes.name)).toEqual([url("/light")]);
    expect(elements.some((e) => e.name === "failure")).toBe(false);
    expect(readFileSync(md, "utf8")).toContain(`| ${url("/light")} |`);
    expect(readFileSync(md, "utf8")).toContain("✅ within");
  }, scaledMs(120));

  test("a page over the budget exits 1: its test case fails, and the Markdown marks it", async () => {
    const [xml, md] = [join(dir, "over.xml"), join(dir, "over.md")];
    const run = await check([url("/light"), url("/heavy"), "--budget", "500kB", "--junit", xml, "--markdown", md]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("1 of 2 pages over the budget of 500 kB a view");
    const elements = junitOf(xml);
    expect(elements.find((e) => e.name === "testsuites")!.attributes).toMatchObject({ tests: "2", failures: "1", errors: "0" });
    const failure = elements.find((e) => e.name === "failure")!;
    expect(failure.attributes.type).toBe("over-budget");
    expect(failure.attributes.message).toMatch(/^7\d\d(\.\d)? kB, 0\.\d+ g CO2, rating [A-F]\+?: over the budget of 500 kB$/);
    expect(readFileSync(md, "utf8")).toMatch(/### Carbon budget: 1 of 2 pages over/);
    expect(readFileSync(md, "utf8")).toContain("❌ over");
  }, scaledMs(120));

  test("a budget in grams is checked against the page's CO2", async () => {
    const within = await check([url("/heavy"), "--budget", "5g"]);
    expect(within.code).toBe(0);
    const over = await check([url("/heavy"), "--budget", "0.001g"]);
    expect(over.code).toBe(1);
    expect(over.stdout).toContain("over the budget of 0.001 g a view");
  }, scaledMs(120));

  test("a page that cannot be loaded is not measured: exit 2, an error in the JUnit XML", async () => {
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
    const gone = `http://127.0.0.1:${closed.port}/`;
    closed.stop(true);
    const xml = join(dir, "gone.xml");
    const run = await check([gone, "--budget", "2MB", "--junit", xml]);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain("not measured");
    const elements = junitOf(xml);
    expect(elements.find((e) => e.name === "testsuites")!.attributes).toMatchObject({ tests: "1", failures: "0", errors: "1" });
    expect(elements.find((e) => e.name === "error")!.attributes.type).toBe("not-measured");
  }, scaledMs(120));

  test("usage errors exit 2 with a sentence and the usage, before any browser starts", async () => {
    for (const [args, said] of [
      [[url("/light")], "--budget is required"],
      [[url("/light"), "--budget", "300"], "--budget 300 is not a budget"],
      [[url("/light"), "--budget", "2GB"], "--budget 2GB is not a budget"],
      [["ftp://example.com/", "--budget", "1MB"], "ftp://example.com/ is not an http or https URL"],
      [["--budget", "1MB"], "Give at least one URL"],
      [[url("/light"), "--budget", "1MB", "--against", url("/")], "--against and --key go together"],
    ] as const) {
      const run = await check([...args]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(said);
      expect(run.stderr).toContain("Usage: bothy-check");
    }
    const help = await check(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Exit status: 0 every page within budget");
  }, scaledMs(60));
});

describe("bothy-check --against a Bothy instance", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let key: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { INSPECT_ALLOW_HOSTS: `127.0.0.1:${site.port}`, INSPECT_QUIET_MS: "300", BETA: "0" } });
    const cookie = await verifiedSession(server, "ci@example.com", "a sturdy passphrase");
    await server.db.sql`UPDATE users SET scope = ${["pro"]}`;
    key = (await call(server.app, "POST", "/api/api-keys", { cookie, headers: { origin: "http://bothy.test" }, body: { name: "ci" } })).json.apiKey.key;
  }, scaledMs(60));

  afterAll(async () => {
    await server?.stop();
  });

  test("the instance's inspector measures: exit 0 within, 1 over; its runs are stored there", async () => {
    const run = await check([url("/light"), url("/heavy"), "--budget", "500kB", "--against", server.url, "--key", key]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`${url("/light")}\\s+\\d+ B\\s+0\\.\\d+\\s+\\S+\\s+500 kB\\s+within`));
    expect(run.stdout).toMatch(new RegExp(`${url("/heavy")}\\s+7\\d\\d(\\.\\d)? kB\\s+0\\.\\d+\\s+\\S+\\s+500 kB\\s+over`));
    const stored = await server.db.sql<{ url: string }[]>`SELECT url FROM inspections WHERE status = 'done' ORDER BY url`;
    expect(stored.map((r) => r.url)).toEqual([url("/heavy"), url("/light")]);
  }, scaledMs(180));

  test("a key the instance does not know is not measured: exit 2 with its 401 sentence", async () => {
    const run = await check([url("/light"), "--budget", "500kB", "--against", server.url, "--key", "bothy_not_a_key"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain("401 from the Bothy instance: This API key is not valid");
  }, scaledMs(60));
});

test("the package's build is a bundle that runs on its own: it measures a page like the source", async () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "packages", "check", "package.json"), "utf8")) as { scripts: { build: string } };
  const out = join(dir, "bundle", "cli.js");
  const build = pkg.scripts.build.replace("dist/cli.js", out).split(" ").slice(1);
  const built = Bun.spawnSync([process.execPath, ...build], { cwd: join(ROOT, "packages", "check"), stderr: "pipe" });
  expect(built.stderr.toString()).toBe("");
  expect(built.exitCode).toBe(0);
  const run = Bun.spawn([process.execPath, out, url("/light"), "--budget", "500kB", "--chromium", TEST_CHROMIUM], { stdout: "pipe", stderr: "pipe" });
  const [stdout, code] = await Promise.all([new Response(run.stdout).text(), run.exited]);
  expect(code).toBe(0);
  expect(stdout).toContain("0 of 1 page over the budget of 500 kB a view");
}, scaledMs(120));

test("the docs' GitHub Actions workflow is the package's example, as YAML", () => {
  const docs = readFileSync(join(ROOT, "content", "docs", "budgets.md"), "utf8");
  const block = /```yaml\n([\s\S]*?)```/.exec(docs)?.[1];
  const example = readFileSync(join(ROOT, "packages", "check", "examples", "carbon-budget.yml"), "utf8");
  const uncommented = example.split("\n").filter((l) => !/^\s*#/.test(l)).join("\n").trimStart();
  expect(block).toBe(uncommented);
  expect(Bun.YAML.parse(example)).toMatchObject({ on: "pull_request", jobs: { "carbon-budget": { "runs-on": "ubuntu-latest" } } });
  expect(example).toContain("npx --yes bothy-check");
});
