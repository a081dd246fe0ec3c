// "/docs" and "/docs/:slug": the documentation from content/docs, with its sidebar and search.
// /docs is content/docs/index.md; an unknown page is a 404.
import { DocsShell } from "../../../components/content/DocsShell";
import { HttpError } from "../../http/errors";
import type { PageModule, PageProps } from "../../web/page";
import type { Meta } from "../meta";

const slugOf = (params: Record<string, string>) => params.slug ?? "index";

export const docsPage: PageModule = {
  meta: { head: "docs", layout: "website", guards: { auth: false } } satisfies Meta,
  head({ services, params }) {
    const d = services.content.doc(slugOf(params));
    return d && { title: d.slug === "index" ? "Documentation · Bothy" : `${d.title} · Bothy docs`, description: d.description, path: d.url };
  },
  default({ services, params }: PageProps) {
    // NOTE: "index" has its own address, /docs; /docs/index is not a second copy of it.
    const doc = params.slug === "index" ? null : services.content.doc(slugOf(params));
    if (!doc) throw new HttpError(404, "Not found");
    return <DocsShell sections={services.content.sections()} current={doc.url} title={doc.title} description={doc.description} html={doc.html} />;
  },
};
