// The inspector's own Chromium, launched as in production: the switches it really runs with,
// the sandbox line it logs, the CPU weight it yields at, and no traffic of its own going out
// through a job's proxy. The file's browsers share the CPU as the tests' servers' do (TEST_ENV);
// the weight test launches one at the production default.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { BACKGROUND_FEATURES, browserHost, IDLE_RENDERER_FEATURES } from "../../../src/inspect/browser";
import { inspectPage } from "../../../src/inspect/engine";
import { mappedResolver } from "../../../src/inspect/guard";
import { BROWSER_NICE, browserSessions, sessionNice } from "../../../src/inspect/priority";
import { readKernelFile } from "../../../src/inspect/sandbox";
import { setLogLevel, setLogSink } from "../../../src/log";
import { TEST_CHROMIUM, testBrowserHost } from "../../helpers/browser";
import { until } from "../../helpers/collect";
import { scaled } from "../../helpers/time";
import { startFixtureSite, type FixtureSite } from "../../helpers/inspect-site";

let site: FixtureSite;
const host = testBrowserHost();
const logged: string[] = [];
// NOTE: read before any browser starts. The file exists wherever the kernel has autogroups, but
// is empty for a process in the default one (init's session, which a process started without a
// session of its own stays in): then this process has no weight to read, and its browsers still do.
const ownNice = sessionNice(process.pid);
const autogroups = readKernelFile(`/proc/${process.pid}/autogroup`) !== null;

beforeAll(async () => {
  site = await startFixtureSite();
  setLogSink((_level, line) => logged.push(line));
  // NOTE: another file in this process may have quietened the log; the sandbox line is at info.
  setLogLevel("info");
  try {
    (await host.acquire()).release();
  } finally {
    setLogSink();
    setLogLevel("silent");
  }
});
afterAll(async () => {
  await host.close();
  await site.stop();
});

/** Each live process: its parent and its command line (NUL-separated, or as the process retitled itself). */
function processes(): Map<number, { ppid: number; cmdline: string }> {
  const found = new Map<number, { ppid: number; cmdline: string }>();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      found.set(Number(pid), { ppid, cmdline: readFileSync(`/proc/${pid}/cmdline`, "utf8") });
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** The argv of each browser process this test process started (renderers are its children, not ours). */
function launchedCommandLines(): string[][] {
  return [...processes().values()]
    .filter((p) => p.ppid === process.pid && /chromium/.test(p.cmdline.split("\0")[0] ?? ""))
    .map((p) => p.cmdline.split("\0"));
}

/** Live renderer processes started by this test process's browsers (the zygote forks them). */
function renderers(): number {
  const all = processes();
  const ours = (pid: number) => {
    for (let p = pid, hops = 0; p > 1 && hops < 50; p = all.get(p)?.ppid ?? 0, hops++) if (p === process.pid) return true;
    return false;
  };
  return [...all].filter(([pid, p]) => p.cmdline.includes("--type=renderer") && ours(pid)).length;
}

describe("the inspector's Chromium", () => {
  test("runs with one --disable-features switch holding Playwright's features and the background ones", () => {
    const [argv, ...others] = launchedCommandLines();
    expect(others).toEqual([]);
    const switches = argv!.filter((a) => a.startsWith("--disable-features="));
    expect(switches).toHaveLength(1);
    const features = switches[0]!.slice("--disable-features=".length).split(",");
    // Two of Playwright's own (see chromiumSwitches.ts in playwright-core) and every background one.
    expect(features).toEqual(expect.arrayContaining(["ThirdPartyStoragePartitioning", "OptimizationHints", ...BACKGROUND_FEATURES]));
    expect(features).toContain("AutofillServerCommunication");
    expect(features).toEqual(expect.arrayContaining(IDLE_RENDERER_FEATURES));
  });

  test("runs behind the app's own work: its session, renderers included, at the lowest CPU weight", async () => {
    // NOTE: Playwright starts the browser in a session of its own, and Linux shares the CPU between
    // sessions' autogroups; the test process's own session keeps the weight it had. Only the sessions
    // this launch adds are looked at: a browser another file of this process launched may still be closing.
    const earlier = new Set(browserSessions());
    const production = browserHost(TEST_CHROMIUM);
    const lease = production.acquire();
    const lowered = autogroups ? BROWSER_NICE : null;
    try {
      // TRICKY: the weight is set as soon as the session exists, long before the browser answers. It is
      // read then, and the launch stopped: at the lowest weight, two busy processes beside it held
      // Chromium's start back past any deadline, which is the point of the weight, not a fault.
      const sessions = await until("the launched browser's session at its weight", () => {
        const added = browserSessions().filter((pid) => !earlier.has(pid));
        return added.length > 0 && added.every((pid) => sessionNice(pid) === lowered) ? added : null;
      }) ?? [];
      expect(sessionNice(process.pid)).toBe(ownNice);
      for (const pid of sessions) process.kill(-pid, "SIGKILL");
      expect(await lease.then(() => "started", () => "stopped")).toBe("stopped");
    } finally {
      await production.close();
    }
    // NOTE: renderers stay in the session their browser leads, so they share its weight; shown on the
    // file's own browser, which starts at the tests' weight.
    const own = await host.acquire();
    const context = await own.browser.newContext();
    try {
      const page = await context.newPage();
      await page.setContent("<!doctype html><title>Behind</title>");
      // NOTE: an autogroup's name; null for a process that ended while we looked.
      const group = (pid: number) => readKernelFile(`/proc/${pid}/autogroup`)?.split(" ")[0] ?? null;
      const rendererGroups = [...processes()].filter(([, p]) => p.cmdline.includes("--type=renderer")).map(([pid]) => group(pid));
      const browserGroups = browserSessions().map(group);
      expect(rendererGroups.some((g) => g !== null && browserGroups.includes(g))).toBe(true);
    } finally {
      await context.close();
      own.release();
    }
  });

  test("a context with one page runs one renderer: no omnibox popup page, no spare", async () => {
    // NOTE: a closed context's renderer ends on its own time, later still in a browser kept behind a busy machine.
    await until("the renderers of closed contexts to end", () => renderers() === 0, 30_000);
    const lease = await host.acquire();
    const context = await lease.browser.newContext();
    try {
      const page = await context.newPage();
      await page.setContent("<!doctype html><title>One</title><p>One renderer");
      expect(await page.title()).toBe("One");
      expect(renderers()).toBe(1);
    } finally {
      await context.close();
      lease.release();
    }
  });

  test("a SIGTERM leaves the browser to the process's own shutdown: a context open then keeps working", async () => {
    // NOTE: the server and the worker stop on SIGTERM in their own order (jobs get a grace period,
    // then go back to the queue); the browser must not close under them first. A handler of the
    // test's own stands for theirs (without one the signal would end this process).
    let received!: () => void;
    const signalled = new Promise<void>((resolve) => (received = resolve));
    const onSignal = () => received();
    process.on("SIGTERM", onSignal);
    const lease = await host.acquire();
    const context = await lease.browser.newContext();
    try {
      process.kill(process.pid, "SIGTERM");
      await signalled;
      const page = await context.newPage();
      await page.setContent("<!doctype html><title>Still open</title>");
      expect(await page.title()).toBe("Still open");
      expect(lease.browser.isConnected()).toBe(true);
    } finally {
      process.off("SIGTERM", onSignal);
      await context.close().catch(() => {});
      lease.release();
    }
  });

  test("logs once which sandbox mode runs and why", () => {
    const lines = logged.map((l) => JSON.parse(l) as { msg: string; reason: string }).filter((l) => l.msg.startsWith("inspector browser sandbox"));
    expect(lines).toHaveLength(1);
    const root = process.getuid?.() === 0;
    // NOTE: the tests run as root here; as another user the line says "on" (or why not).
    if (root) expect(lines[0]).toMatchObject({ msg: "inspector browser sandbox off", reason: "running as root, where Chromium refuses its sandbox" });
    else expect(lines[0]!.reason).not.toContain("root");
  });

  test("as an unprivileged user it runs inside Chromium's sandbox", async () => {
    // NOTE: as root, the probe drops to nobody (setpriv): the same kernel, the production case.
    // Its home and working directory are under /tmp itself, since nobody cannot enter the suite's
    // private temp directory (nor, maybe, the checkout's parent); it is removed below whatever happens.
    const home = mkdtempSync(join("/tmp", "bothy-sandbox-"));
    chmodSync(home, 0o777);
    const probe = [process.execPath, join(import.meta.dir, "..", "..", "fixtures", "sandbox-probe.ts")];
    const opened = process.getuid?.() === 0 ? openAncestors(probe) : [];
    try {
      const drop = process.getuid?.() === 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : [];
      const run = Bun.spawn([...drop, ...probe], { cwd: home, env: { ...process.env, HOME: home, TMPDIR: home }, stdout: "pipe", stderr: "inherit" });
      const lines = (await new Response(run.stdout).text()).trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(await run.exited).toBe(0);
      expect(lines).toEqual([
        { t: expect.any(String), level: "info", msg: "inspector browser sandbox on", reason: "unprivileged user namespaces are available" },
        { msg: "probe", sandboxed: true },
      ]);
    } finally {
      rmSync(home, { recursive: true, force: true });
      for (const [dir, mode] of opened) chmodSync(dir, mode);
    }
  });

  test("a page with a form sends nothing but its own requests through the proxy", async () => {
    const asked: string[] = [];
    const mapped = mappedResolver(new Map([["public.example", "127.0.0.1"]]), async () => []);
    const guard = { resolve: async (name: string) => (asked.push(name), mapped(name)), allow: ["public.example"] };
    const capture = await inspectPage((await host.acquire()).browser, `http://public.example:${site.http}/form`, guard, {
      // NOTE: deadlines only: the test looks at the requests, and a busy machine loads the page slowly
      // (past 30 s beside two busy processes and other suites' browsers) and answers its title late
      // (past 2 s while the inspector's Chromium runs at the lowest CPU weight).
      timeoutMs: scaled(90_000), quietMs: 1000, maxBytes: 1e7, maxRequests: 100, readMs: scaled(15_000),
    });
    expect(capture.title).toBe("Form");
    // Autofill would ask content-autofill.googleapis.com about the form's fields: every name the
    // proxy looked up is the page's own, nothing was refused, and only the page was counted.
    expect([...new Set(asked)]).toEqual(["public.example"]);
    expect(capture.refused).toEqual([]);
    // The favicon is Chromium's own request, but it belongs to the page's site and is counted.
    const written = await site.written();
    expect(Object.keys(written).sort()).toEqual(["public.example/favicon.ico", "public.example/form"]);
    expect(capture.filecount).toBe(2);
    expect(capture.bytes).toBe(written["public.example/favicon.ico"]! + written["public.example/form"]!);
  });
});

/** Lets others pass through every ancestor directory of `files` that shuts them out (a checkout in a
 * private temporary directory), so nobody can reach Bun and the probe; answers what to restore. */
function openAncestors(files: string[]): [string, number][] {
  const opened = new Map<string, number>();
  for (const file of files) {
    for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
      const mode = statSync(dir).mode & 0o7777;
      if ((mode & 0o001) === 0 && !opened.has(dir)) {
        opened.set(dir, mode);
        chmodSync(dir, mode | 0o001);
      }
    }
  }
  return [...opened];
}
