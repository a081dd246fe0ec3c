// `bothy-check <url…> --budget <0.3g | 500kB | 2MB>`: measures each page (locally with the Bothy
// inspector's own engine in Debian's or any Chromium, or through a Bothy instance with --against),
// prints the table, writes the JUnit XML and Markdown asked for, and exits 0 within budget, 1 over
// it, 2 on a usage error or a page not measured.
import { writeFileSync } from "node:fs";
import type { Measurement } from "../../../src/inspect";
// NOTE: the engine's own module, not the room's index: the published bundle carries the engine and
// the carbon model, not the server's routes, database and their dependencies.
import { localInspector } from "../../../src/inspect/local";
import { parse, USAGE, type Options } from "./args";
import { remoteInspector } from "./remote";
import { exitCode, junit, markdown, summary, table, verdictOf, type Row } from "./report";

type Measurer = { measure(url: string): Promise<Measurement>; close?(): Promise<void> };

async function measurer(options: Options): Promise<Measurer | string> {
  if (options.against) return remoteInspector(options.against.origin, options.against.key);
  return localInspector(options.chromium, options.green).catch((err: unknown) => `Chromium did not start: ${(err as Error).message.split("\n")[0]}`);
}

/** Writes a report; a file that cannot be written is said, and fails the run as a usage error. */
function write(path: string, text: string): boolean {
  try {
    writeFileSync(path, text);
    return true;
  } catch (err) {
    console.error(`bothy-check: cannot write ${path}: ${(err as Error).message}`);
    return false;
  }
}

async function main(argv: string[]): Promise<number> {
  const parsed = parse(argv);
  if (parsed.ok === "help") {
    console.log(USAGE);
    return 0;
  }
  if (!parsed.ok) {
    console.error(`bothy-check: ${parsed.usage}\n\n${USAGE}`);
    return 2;
  }
  const { options } = parsed;
  const tool = await measurer(options);
  if (typeof tool === "string") {
    console.error(`bothy-check: ${tool} (give its path with --chromium)`);
    return 2;
  }
  const rows: Row[] = [];
  try {
    for (const url of options.urls) {
      const started = performance.now();
      const measurement = await tool.measure(url);
      rows.push({ measurement, verdict: verdictOf(measurement, options.budget), seconds: (performance.now() - started) / 1000 });
    }
  } finally {
    await tool.close?.().catch(() => {});
  }
  console.log(`${table(rows, options.budget)}\n\n${summary(rows, options.budget)}`);
  const written = [
    options.junit === null || write(options.junit, junit(rows, options.budget)),
    options.markdown === null || write(options.markdown, markdown(rows, options.budget)),
  ];
  return written.every(Boolean) ? exitCode(rows) : 2;
}

if (import.meta.main) process.exit(await main(process.argv.slice(2)));
