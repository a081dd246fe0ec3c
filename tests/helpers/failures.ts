// The failures of a `bun test` run, read back from its output: each failed test's file, name and
// error. A long run's failures scroll far out of view, so the runner names them again at its end.

/** At most this many lines of each failure's error are kept: the message and the diff's start. */
const ERROR_LINES = 20;

/** "<file> › <test>" and the error bun printed before it, for each "(fail)" line of `output`. */
export function failuresIn(output: string): string[] {
  const found: string[] = [];
  let file = "";
  let block: string[] = [];
  for (const line of output.split("\n")) {
    // NOTE: bun lists the failures again after the last file; that recap has no file names.
    if (/^\d+ tests? failed:$/.test(line.trim())) break;
    const header = /^(\S+\.test\.tsx?):$/.exec(line);
    if (header) {
      file = header[1]!;
      block = [];
    } else if (line.startsWith("(pass) ") || line.startsWith("(skip) ") || line.startsWith("(todo) ")) {
      block = [];
    } else if (line.startsWith("(fail) ")) {
      // NOTE: bun prints the test's source lines first; the error itself starts at "error:".
      const start = block.findIndex((l) => l.startsWith("error:"));
      const error = start < 0 ? block : block.slice(start);
      const kept = error.filter((l) => l.trim()).slice(0, ERROR_LINES);
      found.push([`${file} › ${line.slice("(fail) ".length)}`, ...kept.map((l) => `    ${l}`)].join("\n"));
      block = [];
    } else {
      block.push(line);
    }
  }
  return found;
}
