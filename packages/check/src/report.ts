// What `bothy-check` says about its run: each URL's verdict against the budget, the exit status, and
// the three ways it is told: a plain table for the CI log, JUnit XML for test reporters and
// Markdown for a pull request comment.
import type { Measurement } from "../../../src/inspect";
import { formatBytes } from "../../../src/shared/units";
import type { Budget } from "./args";

export type Verdict = "within" | "over" | "not measured";
export type Row = { measurement: Measurement; verdict: Verdict; seconds: number };

export function verdictOf(m: Measurement, budget: Budget): Verdict {
  if (!m.ok) return "not measured";
  const value = budget.kind === "grams" ? m.grams : m.bytes;
  return value <= budget.limit ? "within" : "over";
}

/** 0 every page within budget, 1 a page over it, 2 a page not measured (the run proves nothing then). */
export function exitCode(rows: readonly Row[]): 0 | 1 | 2 {
  if (rows.some((r) => r.verdict === "not measured")) return 2;
  return rows.some((r) => r.verdict === "over") ? 1 : 0;
}

/** Grams with the digits a light page needs: 0.00004 g is not 0.000 g. */
const grams = (g: number) => g.toFixed(g < 0.01 ? 5 : 3);

/** The cells of one row: URL, bytes, grams, rating, budget, verdict. */
function cells(row: Row, budget: Budget): string[] {
  const m = row.measurement;
  if (!m.ok) return [m.url, "–", "–", "–", budget.text, `not measured: ${m.error}`];
  return [m.url, formatBytes(m.bytes), grams(m.grams), m.rating, budget.text, row.verdict];
}

const HEAD = ["URL", "Bytes", "CO2 (g)", "Rating", "Budget", "Verdict"];

/** The plain table, its columns padded to their widest cell. */
export function table(rows: readonly Row[], budget: Budget): string {
  const lines = [HEAD, ...rows.map((r) => cells(r, budget))];
  const widths = HEAD.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  return lines.map((l) => l.map((c, i) => (i === l.length - 1 ? c : c.padEnd(widths[i]!))).join("  ")).join("\n");
}

/** The run in one sentence: how many pages were over, or not measured. */
export function summary(rows: readonly Row[], budget: Budget): string {
  const over = rows.filter((r) => r.verdict === "over").length;
  const unmeasured = rows.filter((r) => r.verdict === "not measured").length;
  const parts = [`${over} of ${rows.length} page${rows.length === 1 ? "" : "s"} over the budget of ${budget.text} a view`];
  if (unmeasured) parts.push(`${unmeasured} not measured`);
  return parts.join(", ");
}

const xml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!)
    // NOTE: XML 1.0 allows no control characters but tab and line ends, even escaped.
    // eslint-disable-next-line no-control-regex -- the point is to remove them
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");

/** JUnit XML: one test case a URL; over budget is a failure, not measured an error. */
export function junit(rows: readonly Row[], budget: Budget): string {
  const failures = rows.filter((r) => r.verdict === "over").length;
  const errors = rows.filter((r) => r.verdict === "not measured").length;
  const time = rows.reduce((s, r) => s + r.seconds, 0).toFixed(3);
  const counts = `tests="${rows.length}" failures="${failures}" errors="${errors}" time="${time}"`;
  const cases = rows.map((r) => {
    const m = r.measurement;
    const open = `    <testcase classname="bothy-check" name="${xml(m.url)}" time="${r.seconds.toFixed(3)}"`;
    if (!m.ok) return `${open}>\n      <error type="not-measured" message="${xml(m.error)}"/>\n    </testcase>`;
    const said = `${formatBytes(m.bytes)}, ${grams(m.grams)} g CO2, rating ${m.rating}`;
    if (r.verdict === "over") return `${open}>\n      <failure type="over-budget" message="${xml(`${said}: over the budget of ${budget.text}`)}"/>\n    </testcase>`;
    return `${open}>\n      <system-out>${xml(`${said}: within the budget of ${budget.text}`)}</system-out>\n    </testcase>`;
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="bothy-check" ${counts}>`,
    `  <testsuite name="carbon budget ${xml(budget.text)}" ${counts}>`,
    ...cases,
    `  </testsuite>`,
    `</testsuites>`,
    "",
  ].join("\n");
}

/** A table cell: no pipe or line break may end it early. */
const md = (s: string) => s.replace(/\|/g, "\\|").replace(/\s+/g, " ");
const MARK: Record<Verdict, string> = { within: "✅ within", over: "❌ over", "not measured": "⚠️ not measured" };

/** A pull request comment: the summary as its heading and the table. */
export function markdown(rows: readonly Row[], budget: Budget): string {
  const body = rows.map((r) => {
    const c = cells(r, budget);
    c[5] = r.measurement.ok ? MARK[r.verdict] : `${MARK["not measured"]}: ${r.measurement.error}`;
    return `| ${c.map(md).join(" | ")} |`;
  });
  return [
    `### Carbon budget: ${summary(rows, budget)}`,
    "",
    `| ${HEAD.join(" | ")} |`,
    `|${HEAD.map((_, i) => (i > 0 && i < 3 ? "---:" : "---")).join("|")}|`,
    ...body,
    "",
    "Measured by [bothy-check](https://www.npmjs.com/package/bothy-check): one first visit in headless Chromium, CO2 by Sustainable Web Design v4.",
    "",
  ].join("\n");
}
