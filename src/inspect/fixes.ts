// "What to fix": a short list ranked by the bytes each change would save, from what one
// inspection saw. Pure, so it is tested without a browser; the savings are estimates and say so.
import { siteOf } from "./classify";

/** One answered request as the engine saw it. */
export type Observed = {
  url: string;
  bytes: number;
  resourceType: string;
  contentType: string;
  encoding: string;
  cacheControl: string;
};

/** An image as the page drew it after load: its box (CSS px, the largest of its uses) and its own size. */
export type DisplayedImage = { width: number; height: number; naturalWidth: number; naturalHeight: number };

export type Fix = {
  kind: "largest" | "uncompressed" | "third-party" | "old-image-format" | "oversized-image" | "no-cache" | "fonts";
  /** What it is about: a URL or a host. */
  target: string;
  bytes: number;
  /** Bytes the change would save on a visit (an estimate). */
  saves: number;
  /** For a third-party host: its green-hosting verdict, as the result's `green` field words it. */
  green?: string;
};

// NOTE: the estimates: halving the largest file (resizing, re-encoding, splitting) is the usual
// first step; gzip takes text to about a quarter (0.75 saved); WebP or AVIF in place of
// PNG/JPEG/GIF saves about 30 %; WOFF2 in place of other font formats about 30 %. A file with
// no caching headers is downloaded again on every visit: all of it is saved on a return visit, so
// those files make one line, not one each, lest they crowd out the first-visit savings. An image
// larger than its box is served at twice the box (sharp on a 2× screen), and bytes are taken to
// scale with pixels: it saves its bytes × (1 − served pixels / its pixels).
const SCREEN_SCALE = 2;
const TEXT = /^(text\/|application\/(javascript|json|xml|x-javascript|manifest\+json)|image\/svg\+xml)/;
const OLD_IMAGE = /^image\/(png|jpeg|gif|bmp)/;
const MIN_BYTES = 1024;
const MAX_FIXES = 10;

const mime = (o: Observed) => o.contentType.split(";")[0]!.trim().toLowerCase();

/** Bytes an image would save served at its box's size on a 2× screen; 0 when it is not larger. */
export function oversizeSaving(bytes: number, image: DisplayedImage): number {
  const pixels = image.naturalWidth * image.naturalHeight;
  const served = Math.min(image.naturalWidth, image.width * SCREEN_SCALE) * Math.min(image.naturalHeight, image.height * SCREEN_SCALE);
  return pixels > 0 && served < pixels ? Math.round(bytes * (1 - served / pixels)) : 0;
}

export function whatToFix(observed: Observed[], pageUrl: string, images: Record<string, DisplayedImage> = {}): Fix[] {
  const fixes: Fix[] = [];
  const pageSite = siteOf(new URL(pageUrl).hostname);
  const largest = observed.reduce<Observed | null>((a, o) => (!a || o.bytes > a.bytes ? o : a), null);
  if (largest && largest.bytes >= MIN_BYTES) fixes.push({ kind: "largest", target: largest.url, bytes: largest.bytes, saves: Math.round(largest.bytes / 2) });
  const thirdParty = new Map<string, number>();
  const uncached = { files: 0, bytes: 0 };
  for (const o of observed) {
    const host = new URL(o.url).hostname;
    if (siteOf(host) !== pageSite) thirdParty.set(host, (thirdParty.get(host) ?? 0) + o.bytes);
    if (o.bytes < MIN_BYTES) continue;
    if (TEXT.test(mime(o)) && (!o.encoding || o.encoding === "identity")) {
      fixes.push({ kind: "uncompressed", target: o.url, bytes: o.bytes, saves: Math.round(o.bytes * 0.75) });
    }
    if (OLD_IMAGE.test(mime(o))) fixes.push({ kind: "old-image-format", target: o.url, bytes: o.bytes, saves: Math.round(o.bytes * 0.3) });
    const shown = images[o.url];
    const oversize = shown ? oversizeSaving(o.bytes, shown) : 0;
    if (oversize >= MIN_BYTES) fixes.push({ kind: "oversized-image", target: o.url, bytes: o.bytes, saves: oversize });
    if (o.resourceType === "font" && !/woff2/.test(mime(o)) && !o.url.includes(".woff2")) {
      fixes.push({ kind: "fonts", target: o.url, bytes: o.bytes, saves: Math.round(o.bytes * 0.3) });
    }
    if (!o.cacheControl || /no-store|no-cache|max-age=0\b/.test(o.cacheControl)) {
      uncached.files++;
      uncached.bytes += o.bytes;
    }
  }
  if (uncached.files) fixes.push({ kind: "no-cache", target: `${uncached.files} file${uncached.files === 1 ? "" : "s"}`, bytes: uncached.bytes, saves: uncached.bytes });
  for (const [host, bytes] of thirdParty) if (bytes >= MIN_BYTES) fixes.push({ kind: "third-party", target: host, bytes, saves: bytes });
  return fixes.sort((a, b) => b.saves - a.saves).slice(0, MAX_FIXES);
}
