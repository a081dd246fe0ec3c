// The content loader on files of its own in a temp dir: a bad file stops the load with an error that
// names the file and the field; Markdown renders with anchors, server-side highlighting, sized images
// and a reading time. And the real content/ loads, with every setting documented.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SETTINGS } from "../../../src/config";
import { CONTENT_DIR, loadContent } from "../../../src/content";
import { imageSize } from "../../../src/content/images";
import { HEAD } from "../../../src/pages/head";

const root = mkdtempSync(join(tmpdir(), "bothy-content-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
/** A content dir holding one blog post with this front matter and body (and an image). */
function site(matter: string, body = "Text.", name = "post.md"): string {
  const dir = join(root, String(n++));
  mkdirSync(join(dir, "blog"), { recursive: true });
  mkdirSync(join(dir, "images"));
  writeFileSync(join(dir, "images", "a.svg"), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360"></svg>`);
  writeFileSync(join(dir, "blog", name), `---\n${matter}\n---\n${body}\n`);
  return dir;
}
const GOOD = `title: A post\ndate: 2026-11-02\nsummary: What it says.\nauthor: Ada\ntags: [privacy]`;

describe("loadContent refuses a bad file, naming it", () => {
  const cases: [string, string, string, string?][] = [
    ["no title", GOOD.replace("title: A post\n", ""), "content/blog/post.md: front matter title"],
    ["a date that is no date", GOOD.replace("2026-11-02", "2 Nov 2026"), "content/blog/post.md: front matter date"],
    ["a day that is not in the calendar", GOOD.replace("2026-11-02", "2026-02-30"), "2026-02-30 is not a calendar date"],
    ["an unknown key", `${GOOD}\ndraft: true`, "content/blog/post.md: front matter draft"],
    ["a cover without its alt text", `${GOOD}\ncover: /content/images/a.svg`, "cover and coverAlt go together"],
    ["a cover that does not exist", `${GOOD}\ncover: /content/images/none.svg\ncoverAlt: A picture`, "image /content/images/none.svg does not exist"],
    ["front matter that is not YAML", `${GOOD}\ntags: [a`, "front matter is not YAML"],
    ["an image without alt text", GOOD, "image /content/images/a.svg has no alt text", "![](/content/images/a.svg)"],
    ["a third-party image", GOOD, "must be a file under /content/", "![A tracker](https://cdn.example/x.png)"],
  ];
  for (const [what, matter, message, body] of cases) {
    test(what, () => expect(() => loadContent(site(matter, body))).toThrow(message));
  }

  test("a file without front matter, or with a name that is no slug", () => {
    const dir = site(GOOD);
    writeFileSync(join(dir, "blog", "bare.md"), "# Just text\n");
    expect(() => loadContent(dir)).toThrow("content/blog/bare.md: no front matter");
    expect(() => loadContent(site(GOOD, "Text.", "Not_A_Slug.md"))).toThrow("content/blog/Not_A_Slug.md: the file name must be a slug");
  });
});

describe("rendering", () => {
  const body = [
    "## Counting",
    "Text with `code`.",
    "## Counting",
    "```ts\nconst x: number = 1; // one\n```",
    "![A diagram](/content/images/a.svg)",
    "words ".repeat(450),
  ].join("\n\n");
  const a = loadContent(site(`${GOOD}\ncover: /content/images/a.svg\ncoverAlt: A diagram`, body)).blog[0]!;

  test("headings get unique ids and a link to themselves", () => {
    expect(a.headings.map((h) => h.id)).toEqual(["counting", "counting-1"]);
    expect(a.html).toContain(`<h2 id="counting-1">Counting <a class="anchor" href="#counting-1" aria-label="Link to this section">#</a></h2>`);
  });

  test("code is highlighted on the server into highlight.js classes", () => {
    expect(a.html).toContain(`<pre tabindex="0"><code class="hljs language-ts"><span class="hljs-keyword">const</span>`);
    expect(a.html).toContain(`<span class="hljs-comment">// one</span>`);
  });

  test("images and the cover carry the file's width and height", () => {
    expect(a.html).toContain(`<img src="/content/images/a.svg" alt="A diagram" width="640" height="360" loading="lazy">`);
    expect(a.cover).toEqual({ src: "/content/images/a.svg", alt: "A diagram", width: 640, height: 360 });
  });

  test("reading time is words ÷ 200, rounded up", () => {
    expect(a.text.split(/\s+/).length).toBeGreaterThan(450);
    expect(a.readingMinutes).toBe(3);
    expect(a.url).toBe("/blog/post");
  });
});

describe("imageSize", () => {
  const file = (name: string, bytes: Uint8Array | string) => {
    const path = join(root, name);
    writeFileSync(path, bytes);
    return path;
  };

  test("reads PNG, GIF, JPEG and SVG headers, and refuses what it cannot read", () => {
    const png = Buffer.alloc(24);
    png.write("\x89PNG\r\n\x1a\n", 0, "latin1");
    png.writeUInt32BE(300, 16);
    png.writeUInt32BE(200, 20);
    expect(imageSize(file("a.png", png))).toEqual({ width: 300, height: 200 });
    const gif = Buffer.from("GIF89a\x40\x01\xc8\x00", "latin1");
    expect(imageSize(file("a.gif", gif))).toEqual({ width: 320, height: 200 });
    // SOI, an APP0 segment of 16 bytes, then SOF0: length 17, precision 8, height 480, width 640.
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0), 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80]);
    expect(imageSize(file("a.jpg", jpeg))).toEqual({ width: 640, height: 480 });
    expect(imageSize(file("b.svg", `<svg width="120px" height="80" xmlns="http://www.w3.org/2000/svg"/>`))).toEqual({ width: 120, height: 80 });
    expect(imageSize(file("c.svg", `<svg width="100%" xmlns="http://www.w3.org/2000/svg"/>`))).toBeNull();
    expect(imageSize(file("d.png", "not an image"))).toBeNull();
  });
});

describe("the real content", () => {
  const content = loadContent(CONTENT_DIR);

  test("loads, with the docs sections in their order and /docs as the index page", () => {
    expect(content.docs[0]!.url).toBe("/docs");
    expect([...new Set(content.docs.map((d) => d.section))].slice(0, 2)).toEqual(["Get started", "Metrics"]);
  });

  test("the configuration page documents every environment variable with its default", () => {
    const page = readFileSync(join(CONTENT_DIR, "docs", "configuration.md"), "utf8");
    for (const [name, s] of Object.entries(SETTINGS)) {
      expect(page, name).toContain(`| \`${name}\` | ${s.fallback === undefined ? "—" : `\`${s.fallback}\``} |`);
    }
  });

  test("every internal link in the content leads to a page that exists, and every anchor to a heading", () => {
    const pages = new Map<string, Set<string>>([
      ...[...content.blog, ...content.news, ...content.docs].map((p) => [p.url, new Set(p.headings.map((h) => h.id))] as const),
    ]);
    // The site's fixed pages (head.ts names each with its path) and the API reference.
    const known = new Set([...Object.values(HEAD).flatMap((h) => ("path" in h ? [h.path] : [])), "/api/docs"]);
    for (const p of [...content.blog, ...content.news, ...content.docs]) {
      for (const [, href] of p.html.matchAll(/<a href="(\/[^"]*)"/g)) {
        const [path, anchor] = href!.split("#") as [string, string | undefined];
        expect(pages.has(path) || known.has(path), `${p.url} → ${href}`).toBe(true);
        if (anchor && pages.has(path) && path !== "/") expect(pages.get(path)!.has(anchor), `${p.url} → ${href}`).toBe(true);
      }
    }
  });
});
