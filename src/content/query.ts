// Reading the loaded content: a page of articles (newest first, optionally by tag), one article by
// slug, one docs page. The pages and GET /api/content both read through these.
import type { Article, ArticleType, Content, DocPage } from "./load";

const PAGE_SIZE = 10;

type ArticlePage = { entries: Article[]; page: number; pages: number; total: number; pageSize: number };

/** Page `page` (from 1) of the articles of `type` (both types when absent), or null past the last page. */
export function articlePage(content: Content, q: { type?: ArticleType; tag?: string; page?: number }): ArticlePage | null {
  const all = q.type ? content[q.type] : [...content.blog, ...content.news].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  const matching = q.tag ? all.filter((a) => a.tags.includes(q.tag!)) : all;
  const page = q.page ?? 1;
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  if (page > pages) return null;
  return { entries: matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), page, pages, total: matching.length, pageSize: PAGE_SIZE };
}

export const findArticle = (content: Content, type: ArticleType, slug: string): Article | null =>
  content[type].find((a) => a.slug === slug) ?? null;

export const findDoc = (content: Content, slug: string): DocPage | null => content.docs.find((d) => d.slug === slug) ?? null;

/** The docs sidebar: sections in order, each with its pages. */
export function docSections(content: Content): { title: string; pages: { title: string; url: string }[] }[] {
  const sections = new Map<string, { title: string; url: string }[]>();
  for (const d of content.docs) sections.set(d.section, [...(sections.get(d.section) ?? []), { title: d.title, url: d.url }]);
  return [...sections].map(([title, pages]) => ({ title, pages }));
}

/** What the docs search box searches: each page's title, description, headings and text. */
type SearchEntry = { url: string; title: string; section: string; description: string; headings: { id: string; text: string }[]; text: string };

export const searchIndex = (content: Content): SearchEntry[] =>
  content.docs.map((d) => ({
    url: d.url, title: d.title, section: d.section, description: d.description,
    headings: d.headings.filter((h) => h.depth >= 2).map(({ id, text }) => ({ id, text })), text: d.text,
  }));
