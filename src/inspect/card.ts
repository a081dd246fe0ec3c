// The Open Graph image of a result, for social posts: a 1200×630 PNG of the rating, grams per visit,
// Ecoindex grade, size and the day the run finished. Social sites take PNG or JPEG, not SVG, so
// Chromium draws it (in a context with no network and no script): `worker:inspect` at the end of
// the job, since the app node it reports to may have no Chromium; an app running the queue itself
// from the stored result the first time it is asked for. The stored bytes answer after that.
import type { Browser } from "playwright-core";
import type { Sql } from "postgres";
import { log } from "../log";
import { formatBytes } from "../shared/units";
import { esc, gramsText } from "../shared/badge";
import type { BrowserHost } from "./browser";
import { firstLine } from "./failure";
import { cardRun, saveCard, type CardRun } from "./store";

export const CARD_SIZE = { width: 1200, height: 630 } as const;

type CardFacts = {
  /** The page's host, as the card names it. */
  host: string;
  /** The page's title: the page's own text, escaped. */
  title: string;
  rating: string;
  grams: number;
  bytes: number;
  ecoindex?: { grade: string; score: number };
  checked: Date;
};

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The card as a self-contained HTML document: no request, no script, system fonts only. */
export function cardHtml(f: CardFacts): string {
  const eco = f.ecoindex ? `<div class="fig"><b>${esc(f.ecoindex.grade)}</b><span>Ecoindex ${f.ecoindex.score}/100</span></div>` : "";
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;width:${CARD_SIZE.width}px;height:${CARD_SIZE.height}px;overflow:hidden}
body{box-sizing:border-box;padding:56px 64px;background:#f0fdf4;color:#111827;font-family:"DejaVu Sans","Liberation Sans",sans-serif;display:flex;flex-direction:column}
.q{font-size:30px;color:#374151}.host{font-size:52px;font-weight:700;margin-top:8px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.title{font-size:26px;color:#374151;margin-top:6px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.row{display:flex;gap:40px;align-items:flex-end;margin-top:auto}
.rating{font-size:160px;font-weight:700;line-height:.9;color:#15803d}
.fig{white-space:nowrap}.fig b{display:block;font-size:56px}.fig span{font-size:26px;color:#374151}
.foot{margin-top:36px;font-size:24px;color:#374151;display:flex;justify-content:space-between}
</style></head><body>
<div class="q">How green is</div><div class="host">${esc(cut(f.host, 60))}</div><div class="title">${esc(cut(f.title, 90))}</div>
<div class="row"><div class="rating">${esc(f.rating)}</div>
<div class="fig"><b>${esc(gramsText(f.grams))}</b><span>CO2 per visit</span></div>${eco}
<div class="fig"><b>${esc(formatBytes(f.bytes))}</b><span>transferred</span></div></div>
<div class="foot"><span>Checked ${f.checked.toISOString().slice(0, 10)} · Sustainable Web Design v4 rating</span><span>Bothy</span></div>
</body></html>`;
}

/** The card drawn as PNG by `browser`. Its context has no proxy of its own, so the launch-level
 * one (a closed port) is all it could reach, and the HTML asks for nothing. */
export async function renderCard(browser: Browser, facts: CardFacts): Promise<Uint8Array> {
  const context = await browser.newContext({ viewport: CARD_SIZE, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.setContent(cardHtml(facts), { waitUntil: "load", timeout: 5000 });
    return new Uint8Array(await page.screenshot({ type: "png", timeout: 5000 }));
  } finally {
    await context.close().catch(() => {});
  }
}

/** A card drawn by a browser of `host`'s, once a lease on one is free. */
export async function drawCard(host: BrowserHost, facts: CardFacts): Promise<Uint8Array> {
  const lease = await host.acquire();
  try {
    return await renderCard(lease.browser, facts);
  } finally {
    lease.release();
  }
}

/** What a stored run's card shows: dated by the day the run finished, whenever it is drawn. */
export function cardFacts(run: Pick<CardRun, "url" | "finishedAt" | "bytes" | "co2" | "detail">): CardFacts {
  return {
    host: new URL(run.detail.finalUrl || run.url).hostname, title: run.detail.title, rating: run.detail.rating,
    grams: run.co2, bytes: run.bytes, ecoindex: run.detail.ecoindex, checked: run.finishedAt,
  };
}

type Card = { png: Uint8Array; finishedAt: Date };

/** Chromium could not draw the card now (not launched, crashed, too slow); a later request tries again. */
export class CardUnavailable extends Error {
  constructor() {
    super("the card could not be drawn");
    this.name = "CardUnavailable";
  }
}

/**
 * The card of a URL's newest successful run, or null when it has none: the stored one, or drawn
 * now and stored. NOTE: drawn on demand rather than by the app's queue, so no inspection waits for
 * it (and most results are never shared); one at a time, and once for callers asking at the same
 * moment. Rejects with CardUnavailable when Chromium fails to draw it; nothing is stored then.
 * Without `browser` (the queue runs in `worker:inspect`, which drew the card) a run without a
 * card is "none".
 */
export function cardSource(sql: Sql, browser: BrowserHost | null): (url: string) => Promise<Card | "none" | null> {
  const drawing = new Map<string, Promise<Uint8Array>>();
  let turn: Promise<unknown> = Promise.resolve();
  const draw = (host: BrowserHost, run: CardRun): Promise<Uint8Array> => {
    const mine = turn.then(async () => {
      try {
        return await drawCard(host, cardFacts(run));
      } catch (err) {
        log.warn("inspect card not drawn", { error: firstLine(err) });
        throw new CardUnavailable();
      }
    });
    turn = mine.catch(() => {});
    return mine.then(async (png) => {
      await saveCard(sql, run, png);
      return png;
    });
  };
  return async (url) => {
    const run = await cardRun(sql, url);
    if (!run) return null;
    if (run.png) return { png: run.png, finishedAt: run.finishedAt };
    if (!browser) return "none";
    let png = drawing.get(run.id);
    if (!png) {
      png = draw(browser, run).finally(() => drawing.delete(run.id));
      drawing.set(run.id, png);
    }
    return { png: await png, finishedAt: run.finishedAt };
  };
}
