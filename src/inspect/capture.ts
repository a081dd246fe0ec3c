// What one inspection captured (engine.ts fills it): the page's files by group with their bytes,
// its cookies, what the guard refused, and the files the browser's events left out, added from the
// page's DevTools session and the job's proxy.
import type { FileGroup } from "./classify";
import type { DisplayedImage, Observed } from "./fixes";
import type { Refusal } from "./proxy";

export type FileEntry = { url: string; bytes: number };
export type CookieEntry = {
  name: string;
  domain: string;
  path: string;
  /** False: the page tried to set it (Set-Cookie) and the browser refused it (third-party cookie). */
  stored: boolean;
  thirdParty: boolean;
  secure: boolean;
  httpOnly: boolean;
};

export type Capture = {
  finalUrl: string;
  title: string;
  bytes: number;
  /**
   * Bytes of the documents, stylesheets, scripts and fonts: what the page needs before it can
   * render and run. A fixed set of types, counted whenever they finish, so two runs of the same
   * page agree (a cut at the load event moved with script-loaded images finishing before it).
   */
  bytesInitial: number;
  filecount: number;
  /** Requests that got no complete answer (refused, reset, aborted): not in filecount. */
  failed: number;
  /** data: URLs the page used: no network bytes, not in filecount. */
  dataUrls: number;
  /** Elements in the document after the quiet window, SVG children left out (Ecoindex's DOM size). */
  domSize: number;
  /** The images drawn after the quiet window, by URL, for "what to fix". */
  images: Record<string, DisplayedImage>;
  files: Record<FileGroup, FileEntry[]>;
  cookies: Record<string, CookieEntry>;
  /** Tracker/ad requests per host. */
  blocked: Record<string, number>;
  blockedBytes: number;
  refused: Refusal[];
  /** Each answered request with the headers "what to fix" reads. */
  observed: Observed[];
  screenshot: Uint8Array | null;
  /** Why the capture stopped early, if it did. */
  truncated: "time" | "bytes" | "requests" | null;
};

/** The longest URL a capture keeps for a file; a longer one is cut. */
export const MAX_URL = 500;

/** Bytes and files counted per URL. */
export type Counted = Map<string, { bytes: number; files: number }>;

/**
 * Adds to `files` what the page events did not report: the favicons, then what the proxy sent
 * back for a plain-http URL beyond what was counted for it, to that URL's file when there is one.
 * NOTE: the proxy sees every plain-http exchange; Playwright under-reports a service worker's own
 * script (183 of 410 bytes on the fixture). Answers the bytes and files added.
 */
export function addUnreported(
  files: Record<FileGroup, FileEntry[]>, counted: Counted, favicons: FileEntry[], exchanges: { url: string; bytes: number }[],
): { bytes: number; files: number } {
  const added = { bytes: 0, files: 0 };
  const push = (group: FileGroup, entryUrl: string, size: number) => {
    files[group].push({ url: entryUrl.slice(0, MAX_URL), bytes: size });
    added.bytes += size;
    added.files++;
    const c = counted.get(entryUrl) ?? { bytes: 0, files: 0 };
    counted.set(entryUrl, { bytes: c.bytes + size, files: c.files + 1 });
  };
  for (const f of favicons) push("images", f.url, f.bytes);
  const proxied: Counted = new Map();
  for (const x of exchanges) {
    const p = proxied.get(x.url) ?? { bytes: 0, files: 0 };
    proxied.set(x.url, { bytes: p.bytes + x.bytes, files: p.files + (x.bytes > 0 ? 1 : 0) });
  }
  for (const [exchangeUrl, p] of proxied) {
    const c = counted.get(exchangeUrl) ?? { bytes: 0, files: 0 };
    if (p.bytes <= c.bytes) continue;
    const known = p.files <= c.files && Object.values(files).flat().find((f) => f.url === exchangeUrl.slice(0, MAX_URL));
    if (!known) {
      push(exchangeUrl.endsWith(".js") ? "scripts" : "other", exchangeUrl, p.bytes - c.bytes);
      continue;
    }
    known.bytes += p.bytes - c.bytes;
    added.bytes += p.bytes - c.bytes;
  }
  return added;
}
