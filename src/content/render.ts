// Markdown to HTML, on the server, once at start: marked for the text, highlight.js for code
// blocks (class names styled in theme.css, no script in the browser), an id and a "#" link on every
// heading, and width/height on every image (read from the file under content/). Also returns what
// the docs search and reading time need: the headings and the plain text.
// NOTE: marked rather than unified/remark/rehype: one package without dependencies, GFM tables built
// in, and its renderer hooks are all that anchors, highlighting and image sizes need.
import hljs from "highlight.js";
import { Marked, type Tokens } from "marked";
import { existsSync } from "node:fs";
import { join, normalize } from "node:path";
import { imageSize, IMAGE_TYPES, type Size } from "./images";

export type Heading = { depth: number; id: string; text: string };
type Rendered = { html: string; headings: Heading[]; text: string; images: string[] };

/** Where images live on the site: /content/<path under content/>. */
export const IMAGE_PREFIX = "/content/";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** "How it works: the hash" → "how-it-works-the-hash". */
const slugify = (s: string) =>
  s.toLowerCase().replace(/<[^>]*>/g, "").replace(/&[a-z]+;|&#\d+;/g, "").replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "") || "section";

/** The file an image path names under `root`, or an error message. */
export function imageFile(root: string, href: string): { file: string } | { error: string } {
  if (!href.startsWith(IMAGE_PREFIX)) return { error: `image ${href} must be a file under ${IMAGE_PREFIX} (no third-party images)` };
  const file = normalize(join(root, href.slice(IMAGE_PREFIX.length)));
  const ext = /\.[a-z]+$/.exec(file)?.[0] ?? "";
  if (!file.startsWith(`${root}/`) || !IMAGE_TYPES[ext]) return { error: `image ${href} is not a .png, .gif, .jpg or .svg under content/` };
  if (!existsSync(file)) return { error: `image ${href} does not exist` };
  return { file };
}

/** An image's size, or an error message naming it. */
export function sizeOf(root: string, href: string): Size | { error: string } {
  const found = imageFile(root, href);
  if ("error" in found) return found;
  return imageSize(found.file) ?? { error: `image ${href}: cannot read its width and height` };
}

/** Renders one document; throws an Error naming the problem (a missing image, an image without alt text). */
export function renderMarkdown(source: string, root: string): Rendered {
  const headings: Heading[] = [];
  const images: string[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        const text = this.parser.parseInline(tokens, this.parser.textRenderer);
        const base = slugify(text);
        const n = used.get(base) ?? 0;
        used.set(base, n + 1);
        const id = n ? `${base}-${n}` : base;
        headings.push({ depth, id, text });
        return `<h${depth} id="${id}">${inner} <a class="anchor" href="#${id}" aria-label="Link to this section">#</a></h${depth}>\n`;
      },
      code({ text, lang }: Tokens.Code) {
        const language = (lang ?? "").split(/\s/)[0]!;
        const body = language && hljs.getLanguage(language) ? hljs.highlight(text, { language }).value : escapeHtml(text);
        // NOTE: tabindex lets keyboard users scroll a long line (axe: scrollable-region-focusable).
        return `<pre tabindex="0"><code class="hljs${language ? ` language-${escapeHtml(language)}` : ""}">${body}</code></pre>\n`;
      },
      image({ href, title, text }: Tokens.Image) {
        if (!text.trim()) throw new Error(`image ${href} has no alt text`);
        const size = sizeOf(root, href);
        if ("error" in size) throw new Error(size.error);
        images.push(href);
        const titled = title ? ` title="${escapeHtml(title)}"` : "";
        return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}" width="${size.width}" height="${size.height}" loading="lazy"${titled}>`;
      },
    },
  });
  const html = marked.parse(source, { async: false });
  const text = html.replace(/<a class="anchor"[^>]*>#<\/a>/g, "").replace(/<[^>]+>/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();
  return { html, headings, text, images };
}

/** Minutes to read `text` at 200 words a minute, at least 1. */
export const readingMinutes = (text: string) => Math.max(1, Math.ceil(text.split(/\s+/).filter(Boolean).length / 200));
