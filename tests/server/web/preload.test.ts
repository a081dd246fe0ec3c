// Each page preloads its own client modules, found while it rendered, and no other page's: the
// inspector's view is not fetched on the home page, and the home page's header is everywhere.
// The chunks those modules import are preloaded with them.
import { expect, test } from "bun:test";
import { webApp } from "../../helpers/web";

const app = webApp();
const preloads = async (path: string) => {
  const html = await (await app.handle(new Request(`http://bothy.test${path}`))).text();
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
};

test("a page preloads the client modules it renders, and not the others'", async () => {
  const home = await preloads("/");
  const inspect = await preloads("/how-green-is-your-website");
  const has = (urls: string[], name: string) => urls.some((u) => u.includes(`/${name}-`));
  expect(has(home, "HeaderNav")).toBe(true);
  expect(has(inspect, "HeaderNav")).toBe(true);
  expect(has(inspect, "InspectView")).toBe(true);
  expect(has(home, "InspectView")).toBe(false);
  expect(has(home, "ApiKeyList")).toBe(false);
  expect(new Set(home).size).toBe(home.length); // each once
});

test("a page preloads the chunks its modules import too, not only the modules", async () => {
  const inspect = await preloads("/how-green-is-your-website");
  const imported = new Set<string>();
  for (const url of inspect) {
    const code = await (await app.handle(new Request(`http://bothy.test${url}`))).text();
    // NOTE: static imports only (`from"…"`, `import"…"`); an import("…") is fetched when called.
    for (const m of code.matchAll(/(?:from|import)\s*"(\/assets\/[^"]+\.js)"/g)) imported.add(m[1]!);
  }
  expect(imported.size).toBeGreaterThan(0);
  expect([...imported].filter((url) => !inspect.includes(url))).toEqual([]);
});
