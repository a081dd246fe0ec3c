// The content room: blog, news and docs from the Markdown under content/, loaded once at start.
// GET /api/content answers the articles as JSON; the feeds (RSS 2.0, Atom), /sitemap.xml, the
// docs search index and the images under content/ are served here; the pages read the same
// content through PageServices (contentService).
import { Elysia, t } from "elysia";
import { extname, join } from "node:path";
import type { AppContext } from "../context";
import { HttpError } from "../http/errors";
import { atom, rss, sitemap } from "./feeds";
import { IMAGE_TYPES } from "./images";
import { loadContent, type Article, type ArticleType, type Content } from "./load";
import { articlePage, findArticle, findDoc, searchIndex, docSections } from "./query";
import { imageFile, IMAGE_PREFIX } from "./render";

export { loadContent } from "./load";

export const CONTENT_DIR = join(import.meta.dir, "..", "..", "content");

// NOTE: one load per process, shared by the room and the pages' services, whichever asks first.
let loaded: Content | null = null;
const content = () => (loaded ??= loadContent(CONTENT_DIR));

/** What the pages read content with (PageServices.content). */
export const contentService = () => {
  const c = content();
  return {
    articles: (type: ArticleType, q: { tag?: string; page?: number }) => articlePage(c, { type, ...q }),
    article: (type: ArticleType, slug: string) => findArticle(c, type, slug),
    doc: (slug: string) => findDoc(c, slug),
    sections: () => docSections(c),
  };
};
export type ContentService = ReturnType<typeof contentService>;

const ContentQuery = t.Object({
  type: t.Optional(t.Union([t.Literal("blog"), t.Literal("news")], { error: "type must be blog or news." })),
  tag: t.Optional(t.String({ pattern: "^[a-z0-9-]{1,40}$", error: "tag must be 1 to 40 of a-z, 0-9 and -." })),
  page: t.Optional(t.Numeric({ minimum: 1, maximum: 10000, multipleOf: 1, error: "page must be a whole number from 1." })),
  slug: t.Optional(t.String({ pattern: "^[a-z0-9-]{1,100}$", error: "slug must be 1 to 100 of a-z, 0-9 and -." })),
});

/** An article as the API answers it: everything but the search text; the HTML only when asked by slug. */
function entry(a: Article, origin: string, withHtml: boolean) {
  const { html, text: _text, headings: _headings, ...fields } = a;
  return { ...fields, link: origin + a.url, ...(withHtml ? { html } : {}) };
}

const xml = (type: string, body: string) => new Response(body, { headers: { "content-type": `${type}; charset=utf-8`, "cache-control": "public, max-age=300" } });

/** The room; `fixedPages` are the paths of the public pages the sitemap lists before the articles and docs. */
export const contentRoom = (ctx: AppContext, fixedPages: string[]) => {
  const c = content();
  // NOTE: read per request: with PORT=0 the origin is known only once the server listens.
  const origin = () => ctx.origin.value;
  const app = new Elysia({ name: "content" })
    .get(
      "/api/content",
      ({ query }) => {
        if (query.slug) {
          const types: ArticleType[] = query.type ? [query.type] : ["blog", "news"];
          const found = types.map((type) => findArticle(c, type, query.slug!)).find((a) => a !== null);
          if (!found) throw new HttpError(404, `No article has the slug ${query.slug}.`);
          return { entries: [entry(found, origin(), true)], page: 1, pages: 1, total: 1, pageSize: 1 };
        }
        const page = articlePage(c, { type: query.type, tag: query.tag, page: query.page });
        if (!page) throw new HttpError(404, `There is no page ${query.page} of these entries.`);
        return { ...page, entries: page.entries.map((a) => entry(a, origin(), false)) };
      },
      {
        query: ContentQuery,
        detail: { tags: ["Content"], summary: "Blog and news entries, newest first, 10 a page; one entry with its HTML by slug" },
      },
    )
    .get("/sitemap.xml", () => {
      const statics = fixedPages.map((path) => ({ path }));
      const articles = [...c.blog, ...c.news].map((a) => ({ path: a.url, lastmod: a.date }));
      const docs = c.docs.filter((d) => d.slug !== "index").map((d) => ({ path: d.url }));
      return xml("application/xml", sitemap([...statics, ...articles, ...docs], origin()));
    })
    .get("/docs/search.json", () => Response.json(searchIndex(c), { headers: { "cache-control": "public, max-age=300" } }))
    .get(`${IMAGE_PREFIX}*`, ({ params }) => {
      const found = imageFile(c.root, IMAGE_PREFIX + params["*"]);
      if ("error" in found) throw new HttpError(404, "No such image.");
      return new Response(Bun.file(found.file), {
        headers: { "content-type": IMAGE_TYPES[extname(found.file)]!, "cache-control": "public, max-age=3600", "x-content-type-options": "nosniff" },
      });
    });
  for (const type of ["blog", "news"] as const) {
    app.get(`/${type}/rss.xml`, () => xml("application/rss+xml", rss(type, c[type], origin())));
    app.get(`/${type}/atom.xml`, () => xml("application/atom+xml", atom(type, c[type], origin())));
  }
  return app;
};
