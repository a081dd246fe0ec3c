// "/blog", "/news" and their articles "/blog/:slug", "/news/:slug": one page module of each kind per
// section, built here. A list takes ?tag= and ?page=; an unknown slug, tag page or page number is a 404.
import { ArticleList } from "../../../components/content/ArticleList";
import { ArticleView } from "../../../components/content/ArticleView";
import { HttpError } from "../../http/errors";
import type { PageModule, PageProps } from "../../web/page";
import { feeds } from "../head";
import type { Meta } from "../meta";

type Section = "blog" | "news";

const SECTIONS: Record<Section, { title: string; intro: string; feedTitle: string }> = {
  blog: { title: "Blog", intro: "How privacy-first, carbon-aware analytics works, measured and explained.", feedTitle: "Bothy blog" },
  news: { title: "News", intro: "Release notes: what each wave of work brought to Bothy.", feedTitle: "Bothy news" },
};

/** ?page= as a page number from 1; anything else is no page at all. */
function pageNumber(raw: string | null): number {
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,4}$/.test(raw)) throw new HttpError(404, "Not found");
  return Number(raw);
}

export function listPage(section: Section): PageModule {
  const meta: Meta = { head: section, layout: "website", guards: { auth: false } };
  return {
    meta,
    default({ services, searchParams }: PageProps) {
      const tag = searchParams.get("tag");
      const page = services.content.articles(section, { tag: tag ?? undefined, page: pageNumber(searchParams.get("page")) });
      if (!page || (tag && page.total === 0)) throw new HttpError(404, "Not found");
      return <ArticleList {...SECTIONS[section]} type={section} entries={page.entries} page={page.page} pages={page.pages} tag={tag} />;
    },
  };
}

export function articlePage(section: Section): PageModule {
  const meta: Meta = { head: section, layout: "website", guards: { auth: false } };
  return {
    meta,
    head({ services, params }) {
      const a = services.content.article(section, params.slug ?? "");
      return a && { title: `${a.title} · Bothy`, description: a.summary, path: a.url, alternates: feeds(section, SECTIONS[section].feedTitle) };
    },
    default({ services, params }: PageProps) {
      const article = services.content.article(section, params.slug ?? "");
      if (!article) throw new HttpError(404, "Not found");
      return <ArticleView article={article} section={SECTIONS[section].title} />;
    },
  };
}
