// Layout probes run in the page: what a person would see cut off, broken or out of place. Each
// returns plain data for the test to compare, so a failure names the element.
import type { Locator, Page } from "playwright-core";

/** The texts of a chart's svg that lie outside its drawing: a tick or label cut off. */
export const textsOutsideChart = (figure: Locator): Promise<(string | null)[]> =>
  figure.evaluate((fig) => {
    const svg = fig.querySelector("svg")!.getBoundingClientRect();
    return [...fig.querySelectorAll("svg text")]
      .map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.top < svg.top - 0.5 || r.bottom > svg.bottom + 0.5 || r.left < svg.left - 0.5 || r.right > svg.right + 0.5))
      .map(({ text }) => text);
  });

/** Tops, in px, of a chart's value axis line and of its highest horizontal grid line. */
export const axisAndGridTops = (figure: Locator): Promise<{ axisTop: number; gridTop: number }> =>
  figure.evaluate((fig) => {
    const lines = [...fig.querySelectorAll("svg line")].map((l) => l.getBoundingClientRect());
    const axisTop = Math.min(...lines.filter((r) => r.width < 1 && r.height > 10).map((r) => r.top));
    const gridTop = Math.min(...lines.filter((r) => r.height < 1 && r.width > 10).map((r) => r.top));
    return { axisTop: Math.round(axisTop), gridTop: Math.round(gridTop) };
  });

/** Tops, in px, of a bar chart's highest bar and of its highest horizontal grid line. */
export const barAndGridTops = (figure: Locator): Promise<{ barTop: number; tickTop: number }> =>
  figure.evaluate((fig) => {
    const bars = [...fig.querySelectorAll('path[role="presentation"]')].map((b) => b.getBoundingClientRect().top);
    const grid = [...fig.querySelectorAll("svg line")].map((l) => l.getBoundingClientRect()).filter((r) => r.height < 1 && r.width > 10);
    return { barTop: Math.round(Math.min(...bars)), tickTop: Math.round(Math.min(...grid.map((r) => r.top))) };
  });

/** Each `[data-url]` element under `list` whose text breaks onto a new line inside a word, not after a separator. */
export const urlsBrokenMidWord = (list: Locator): Promise<string[]> =>
  list.evaluate((root) => {
    const bad: string[] = [];
    for (const el of root.querySelectorAll("[data-url]")) {
      const chars: { c: string; top: number }[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.textContent!.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          chars.push({ c: node.textContent![i]!, top: Math.round(range.getBoundingClientRect().top) });
        }
      }
      for (let i = 1; i < chars.length; i++) {
        if (chars[i]!.top > chars[i - 1]!.top && !"/?&=.-_#: ".includes(chars[i - 1]!.c)) bad.push(`${el.getAttribute("data-url")} at ${i}`);
      }
    }
    return bad;
  });

/** The page's width as laid out, and up to five table cells `within` (a selector) that stay outside their table's box when scrolled to. */
export const sidewaysProblems = (page: Page, within = "main"): Promise<{ wide: number; clipped: string[] }> =>
  page.evaluate((within) => {
    const clipped: string[] = [];
    for (const table of document.querySelectorAll(`${within} table`)) {
      const box = table.parentElement!;
      for (const cell of table.querySelectorAll("th, td")) {
        (cell as HTMLElement).scrollIntoView({ block: "nearest", inline: "nearest" });
        const r = cell.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.right > window.innerWidth + 0.5) clipped.push(`${table.getAttribute("aria-label")}: ${cell.textContent}`);
      }
    }
    return { wide: document.documentElement.scrollWidth, clipped: clipped.slice(0, 5) };
  }, within);
