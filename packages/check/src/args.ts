// The command line of `bothy-check`: the URLs, the budget (grams of CO2 or bytes a page view), where
// to measure (this machine, or a Bothy instance's inspector) and the reports to write. A bad
// argument is a Usage value with a sentence for its user, never a throw.
import { parseArgs } from "node:util";
import { httpLink } from "../../../src/shared/links";

export type Budget = { kind: "grams"; limit: number; text: string } | { kind: "bytes"; limit: number; text: string };

export type Options = {
  urls: string[];
  budget: Budget;
  /** A Bothy origin and its Pro API key: its inspector measures instead of a local Chromium. */
  against: { origin: string; key: string } | null;
  junit: string | null;
  markdown: string | null;
  chromium: string;
  green: boolean;
};

export type Parsed = { ok: true; options: Options } | { ok: false; usage: string } | { ok: "help" };

export const USAGE = `Usage: bothy-check <url…> --budget <0.3g | 500kB | 2MB> [options]

Measures each page's first-visit weight and CO2 (Sustainable Web Design v4) and checks it against
the budget: grams of CO2 a view (g), or bytes a view (kB, MB: powers of 1000).

Options:
  --budget <limit>     required: 0.3g, 500kB, 2MB
  --against <origin>   ask this Bothy instance's inspector instead of a local Chromium
  --key <key>          the Pro API key for --against
  --junit <file>       write JUnit XML (one test case a URL)
  --markdown <file>    write a Markdown table for a pull request comment
  --chromium <path>    the Chromium to run locally (default: $CHROMIUM_PATH or /usr/bin/chromium)
  --green              the pages' host runs on renewable energy (local mode)
  --help               this text

Exit status: 0 every page within budget, 1 a page over it, 2 a usage error or a page not measured.`;

const UNITS = { g: 1, kb: 1000, mb: 1_000_000 } as const;

/** "0.3g", "500kB", "2 MB" → the budget; null when it is none of these. */
export function parseBudget(text: string): Budget | null {
  const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(g|kB|MB)\s*$/i.exec(text);
  if (!m) return null;
  const value = Number(m[1]);
  const unit = m[2]!.toLowerCase() as keyof typeof UNITS;
  // NOTE: "G" reads as giga, not grams: only a lower-case g is grams.
  if (unit === "g" && m[2] !== "g") return null;
  if (!(value > 0)) return null;
  const label = unit === "g" ? `${value} g` : `${value} ${unit === "kb" ? "kB" : "MB"}`;
  return unit === "g" ? { kind: "grams", limit: value, text: label } : { kind: "bytes", limit: Math.round(value * UNITS[unit]), text: label };
}

export function parse(argv: string[]): Parsed {
  let values, positionals;
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        budget: { type: "string" },
        against: { type: "string" },
        key: { type: "string" },
        junit: { type: "string" },
        markdown: { type: "string" },
        chromium: { type: "string" },
        green: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (err) {
    return { ok: false, usage: (err as Error).message };
  }
  if (values.help) return { ok: "help" };
  if (!positionals.length) return { ok: false, usage: "Give at least one URL to check." };
  const urls: string[] = [];
  for (const p of positionals) {
    const url = httpLink(p);
    if (!url) return { ok: false, usage: `${p} is not an http or https URL.` };
    urls.push(url);
  }
  if (values.budget === undefined) return { ok: false, usage: "--budget is required: grams of CO2 a view (0.3g) or bytes a view (500kB, 2MB)." };
  const budget = parseBudget(values.budget);
  if (!budget) return { ok: false, usage: `--budget ${values.budget} is not a budget: give grams of CO2 a view (0.3g) or bytes a view (500kB, 2MB).` };
  if ((values.against === undefined) !== (values.key === undefined)) return { ok: false, usage: "--against and --key go together: a Bothy origin and its Pro API key." };
  let against: Options["against"] = null;
  if (values.against !== undefined && values.key !== undefined) {
    const origin = httpLink(values.against);
    if (!origin) return { ok: false, usage: `--against ${values.against} is not an http or https origin.` };
    if (!values.key.trim()) return { ok: false, usage: "--key is empty." };
    if (values.green) return { ok: false, usage: "--green is for local mode: with --against, the instance checks the hosting itself." };
    against = { origin: new URL(origin).origin, key: values.key.trim() };
  }
  return {
    ok: true,
    options: {
      urls, budget, against, junit: values.junit ?? null, markdown: values.markdown ?? null,
      chromium: values.chromium ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", green: values.green ?? false,
    },
  };
}
