// Paging of the blog and news lists on more articles than a page holds (content/ has fewer): 23
// posts loaded from files of their own make three pages of 10, 10 and 3, newest first; a tag pages
// on its own; and the list's pager links to the neighbouring pages, keeping the tag.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { ArticleList } from "../../../components/content/ArticleList";
import { loadContent } from "../../../src/content";
import { articlePage } from "../../../src/content/query";

const root = mkdtempSync(join(tmpdir(), "bothy-paging-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Post n is dated 2026-01-n: post 23 is the newest. Every third post is tagged "carbon".
mkdirSync(join(root, "blog"));
for (let n = 1; n <= 23; n++) {
  const tags = n % 3 === 0 ? "[carbon]" : "[privacy]";
  writeFileSync(
    join(root, "blog", `post-${n}.md`),
    `---\ntitle: Post ${n}\ndate: 2026-01-${String(n).padStart(2, "0")}\nsummary: Number ${n}.\nauthor: Ada\ntags: ${tags}\n---\nText.\n`,
  );
}
const content = loadContent(root);
const slugs = (page: ReturnType<typeof articlePage>) => page!.entries.map((a) => a.slug);
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => `post-${from - i}`);

describe("articlePage", () => {
  test("pages of 10, newest first, and null past the last", () => {
    expect(articlePage(content, { type: "blog" })).toMatchObject({ page: 1, pages: 3, total: 23, pageSize: 10 });
    expect(slugs(articlePage(content, { type: "blog" }))).toEqual(range(23, 14));
    expect(slugs(articlePage(content, { type: "blog", page: 2 }))).toEqual(range(13, 4));
    expect(slugs(articlePage(content, { type: "blog", page: 3 }))).toEqual(range(3, 1));
    expect(articlePage(content, { type: "blog", page: 4 })).toBeNull();
  });

  test("a tag pages over its own articles", () => {
    const carbon = articlePage(content, { type: "blog", tag: "carbon" })!;
    expect(carbon).toMatchObject({ page: 1, pages: 1, total: 7 });
    expect(slugs(carbon)).toEqual(["post-21", "post-18", "post-15", "post-12", "post-9", "post-6", "post-3"]);
    expect(articlePage(content, { type: "blog", tag: "privacy", page: 2 })).toMatchObject({ page: 2, pages: 2, total: 16 });
  });
});

describe("the list's pager", () => {
  const list = (page: number, tag: string | null = null) => {
    const p = articlePage(content, { type: "blog", page, tag: tag ?? undefined })!;
    return renderToStaticMarkup(<ArticleList title="Blog" intro="Posts." type="blog" entries={p.entries} page={p.page} pages={p.pages} tag={tag} />);
  };

  test("the first page links to the second only, the middle one to both, the last back only", () => {
    expect(list(1)).toContain(`href="/blog?page=2">Older →</a>`);
    expect(list(1)).not.toContain("Newer");
    expect(list(2)).toContain(`href="/blog">← Newer</a>`);
    expect(list(2)).toContain(`href="/blog?page=3">Older →</a>`);
    expect(list(3)).toContain(`href="/blog?page=2">← Newer</a>`);
    expect(list(3)).not.toContain("Older");
    expect(list(2)).toContain("Page 2 of 3");
  });

  test("the pager keeps the tag, and one page shows no pager", () => {
    expect(list(1, "privacy")).toContain(`href="/blog?tag=privacy&amp;page=2">Older →</a>`);
    expect(list(2, "privacy")).toContain(`href="/blog?tag=privacy">← Newer</a>`);
    expect(list(1, "carbon")).not.toMatch(/Older|Newer|Page 1 of/);
  });
});
