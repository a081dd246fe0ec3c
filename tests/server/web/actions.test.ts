// Server actions over HTTP: only registered actions run, only for same-origin callers, with a
// capped body (React's flight decoder parses untrusted input).
import { describe, expect, test } from "bun:test";
import { req } from "../../helpers/server";
import { FIXTURE_SITE, webApp } from "../../helpers/web";

const app = webApp({ site: FIXTURE_SITE });
const ORIGIN = "http://bothy.test";
const post = (id: string, body: string, headers: Record<string, string> = { origin: ORIGIN }) =>
  app.handle(req("/__action", { method: "POST", headers: { "rsc-action": id, ...headers }, body }));

describe("server actions", () => {
  test("a registered action runs and answers a flight stream of its return value", async () => {
    const res = await post("tests/fixtures/web/actions.ts#add", "[2,3]");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/x-component");
    expect(await res.text()).toContain('"returnValue":5');
  });
  test("an unknown action is a 404", async () => {
    expect((await post("tests/fixtures/web/actions.ts#remove", "[]")).status).toBe(404);
    expect((await post("src/config.ts#loadConfig", "[]")).status).toBe(404);
  });
  test("another origin, or none, is refused", async () => {
    expect((await post("tests/fixtures/web/actions.ts#add", "[2,3]", { origin: "https://evil.test" })).status).toBe(403);
    expect((await post("tests/fixtures/web/actions.ts#add", "[2,3]", {})).status).toBe(403);
  });
  test("a body over 1 MiB is refused", async () => {
    const big = JSON.stringify(["x".repeat(1024 * 1024)]);
    expect((await post("tests/fixtures/web/actions.ts#add", big)).status).toBe(413);
  });
});
