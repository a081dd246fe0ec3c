// `npm run dev`: with NODE_ENV=development a change under the watched sources rebuilds the pages
// and every open page is told to reload (server-sent events on /__dev/events).
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setLogLevel, setLogSink } from "../../../src/log";
import { req } from "../../helpers/server";
import { FIXTURE_SITE, webApp } from "../../helpers/web";

// NOTE: a scratch file beside the fixture site (its folder is watched), removed afterwards.
const SCRATCH = join(FIXTURE_SITE, "..", "scratch.ts");
afterAll(() => rmSync(SCRATCH, { force: true }));

test("a source change rebuilds and sends a reload event; development pages allow React's eval", async () => {
  const app = webApp({ site: FIXTURE_SITE, env: { NODE_ENV: "development" } });
  const page = await app.handle(req("/"));
  expect(page.status).toBe(200);
  expect(page.headers.get("content-security-policy")).toContain("'unsafe-eval'");
  expect(await page.text()).toContain("__BOTHY_DEV__");

  const events = await app.handle(req("/__dev/events"));
  expect(events.headers.get("content-type")).toBe("text/event-stream");
  const reader = events.body!.getReader();
  const decoder = new TextDecoder();
  expect(decoder.decode((await reader.read()).value)).toContain(": connected");
  writeFileSync(SCRATCH, `// scratch ${Date.now()}\nexport const x = 1;\n`);
  try {
    let seen = "";
    const deadline = Date.now() + 30_000;
    while (!seen.includes("data: reload")) {
      // NOTE: a read blocks until the next event, so the deadline is raced against it.
      const next = await Promise.race([reader.read(), Bun.sleep(Math.max(0, deadline - Date.now())).then(() => null)]);
      if (!next || next.done) throw new Error(`no reload event before the stream ${next ? "ended" : "timed out"}: ${seen}`);
      seen += decoder.decode(next.value);
    }
  } finally {
    rmSync(SCRATCH, { force: true });
    await reader.cancel();
  }
});

test("production pages never allow eval and have no reload channel", async () => {
  const app = webApp({ site: FIXTURE_SITE });
  expect((await app.handle(req("/"))).headers.get("content-security-policy")).not.toContain("unsafe-eval");
  expect((await app.handle(req("/__dev/events"))).status).toBe(404);
});

test("in development a page title over 60 characters logs a notice; production says nothing", async () => {
  const lines: string[] = [];
  setLogSink((level, line) => lines.push(`${level} ${line}`));
  try {
    for (const env of [{ NODE_ENV: "development", LOG_LEVEL: "warn" }, { NODE_ENV: "production", LOG_LEVEL: "warn" }] as Record<string, string>[]) {
      const app = webApp({ site: FIXTURE_SITE, env });
      expect((await app.handle(req("/long-title"))).status).toBe(200);
      expect((await app.handle(req("/"))).status).toBe(200);
    }
  } finally {
    setLogSink();
    setLogLevel("silent");
  }
  const notices = lines.filter((l) => l.includes("page title over 60 characters"));
  expect(notices).toHaveLength(1);
  expect(notices[0]).toContain("/long-title");
});
