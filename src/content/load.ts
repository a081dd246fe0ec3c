// Reads content/ once at start: blog/*.md and news/*.md (articles) and docs/*.md (documentation
// pages), each with YAML front matter checked against a schema, rendered to HTML. A bad file stops
// the start with an error naming the file and the field.
import { t, type Static } from "elysia";
import { TypeCompiler } from "elysia/type-system";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { isDayKey } from "../shared/days";
import { readingMinutes, renderMarkdown, sizeOf, type Heading } from "./render";

const DATE = "^\\d{4}-\\d{2}-\\d{2}$";
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const strict = { additionalProperties: false } as const;

const ArticleMatter = t.Object({
  title: t.String({ minLength: 1, maxLength: 100 }),
  date: t.String({ pattern: DATE }),
  summary: t.String({ minLength: 1, maxLength: 300 }),
  author: t.String({ minLength: 1, maxLength: 100 }),
  tags: t.Array(t.String({ pattern: "^[a-z0-9-]{1,40}$" }), { maxItems: 10 }),
  cover: t.Optional(t.String({ minLength: 1 })),
  coverAlt: t.Optional(t.String({ minLength: 1, maxLength: 300 })),
}, strict);

const DocMatter = t.Object({
  title: t.String({ minLength: 1, maxLength: 100 }),
  description: t.String({ minLength: 1, maxLength: 300 }),
  section: t.String({ minLength: 1, maxLength: 60 }),
  order: t.Integer({ minimum: 0, maximum: 1000 }),
}, strict);

const articleCheck = TypeCompiler.Compile(ArticleMatter);
const docCheck = TypeCompiler.Compile(DocMatter);

export type ArticleType = "blog" | "news";
type Cover = { src: string; alt: string; width: number; height: number };
type Body = { html: string; headings: Heading[]; text: string };

export type Article = Omit<Static<typeof ArticleMatter>, "cover" | "coverAlt"> & Body & {
  type: ArticleType;
  slug: string;
  url: string;
  cover: Cover | null;
  readingMinutes: number;
};

export type DocPage = Static<typeof DocMatter> & Body & { slug: string; url: string };

export type Content = {
  blog: Article[];
  news: Article[];
  /** Sorted by section (a section's place is its lowest order), then order. */
  docs: DocPage[];
  /** The directory images are served from (IMAGE_PREFIX). */
  root: string;
};

/** A file's front matter and body; the front matter sits between two "---" lines at the top. */
function split(file: string, raw: string): { matter: unknown; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(raw);
  if (!m) throw new Error(`${file}: no front matter (a "---" block at the top)`);
  let matter: unknown;
  try {
    matter = parseYaml(m[1]!);
  } catch (err) {
    throw new Error(`${file}: front matter is not YAML: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  return { matter, body: raw.slice(m[0].length) };
}

function check<S extends typeof ArticleMatter | typeof DocMatter>(file: string, compiled: ReturnType<typeof TypeCompiler.Compile<S>>, value: unknown): Static<S> {
  if (!compiled.Check(value)) {
    const first = compiled.Errors(value).First();
    throw new Error(`${file}: front matter ${first ? `${first.path.slice(1) || "(root)"}: ${first.message}` : "is invalid"}`);
  }
  return value as Static<S>;
}

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith(".md")).sort();
}

function slugOf(file: string): string {
  const slug = file.replace(/^.*\//, "").replace(/\.md$/, "");
  if (!SLUG.test(slug)) throw new Error(`${file}: the file name must be a slug (a-z, 0-9 and single dashes)`);
  return slug;
}

function body(file: string, source: string, root: string): Body {
  try {
    const { html, headings, text } = renderMarkdown(source, root);
    return { html, headings, text };
  } catch (err) {
    throw new Error(`${file}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

function loadArticles(root: string, type: ArticleType): Article[] {
  const dir = join(root, type);
  const out = markdownFiles(dir).map((name): Article => {
    const file = `content/${type}/${name}`;
    const { matter, body: source } = split(file, readFileSync(join(dir, name), "utf8"));
    const { cover, coverAlt, ...fields } = check(file, articleCheck, matter);
    if (!isDayKey(fields.date)) throw new Error(`${file}: front matter date: ${fields.date} is not a calendar date`);
    if (!cover !== !coverAlt) throw new Error(`${file}: front matter cover and coverAlt go together`);
    let coverImage: Cover | null = null;
    if (cover && coverAlt) {
      const size = sizeOf(root, cover);
      if ("error" in size) throw new Error(`${file}: front matter cover: ${size.error}`);
      coverImage = { src: cover, alt: coverAlt, ...size };
    }
    const slug = slugOf(file);
    const rendered = body(file, source, root);
    return { ...fields, ...rendered, type, slug, url: `/${type}/${slug}`, cover: coverImage, readingMinutes: readingMinutes(rendered.text) };
  });
  // Newest first; the slug breaks ties so the order never depends on the file system.
  return out.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

function loadDocs(root: string): DocPage[] {
  const dir = join(root, "docs");
  const docs = markdownFiles(dir).map((name): DocPage => {
    const file = `content/docs/${name}`;
    const { matter, body: source } = split(file, readFileSync(join(dir, name), "utf8"));
    const fields = check(file, docCheck, matter);
    const slug = slugOf(file);
    return { ...fields, ...body(file, source, root), slug, url: slug === "index" ? "/docs" : `/docs/${slug}` };
  });
  const sectionRank = new Map<string, number>();
  for (const d of docs) sectionRank.set(d.section, Math.min(sectionRank.get(d.section) ?? Infinity, d.order));
  return docs.sort((a, b) => sectionRank.get(a.section)! - sectionRank.get(b.section)! || a.order - b.order || a.slug.localeCompare(b.slug));
}

/** Loads and renders everything under `root`; throws an Error naming the first bad file. */
export function loadContent(root: string): Content {
  return { blog: loadArticles(root, "blog"), news: loadArticles(root, "news"), docs: loadDocs(root), root };
}
