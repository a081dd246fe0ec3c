// A strict reader of the Prometheus text exposition format (version 0.0.4): HELP and TYPE lines,
// then samples `name{label="value",…} value [timestamp]`. It throws on any line it cannot read, on
// a sample whose family has no TYPE, and on a family typed twice, so a test that parses /metrics
// fails on output a scraper would refuse.
type Sample = { name: string; labels: Record<string, string>; value: number };
export type Exposition = { types: Map<string, string>; samples: Sample[] };

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})?\\s+(\\S+)(?:\\s+(-?\\d+))?$`);
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(?:,|$)/y;
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);
const SUFFIXES = ["_bucket", "_sum", "_count", "_total", "_created"];

// NOTE: Prometheus reads values with Go's strconv.ParseFloat, which takes NaN and Inf in any case
// (prom-client writes "Nan" for an empty event-loop histogram).
const number = (raw: string, line: string): number => {
  const special = /^([+-]?)(inf|infinity|nan)$/i.exec(raw);
  if (special) return special[2]!.toLowerCase() === "nan" ? NaN : special[1] === "-" ? -Infinity : Infinity;
  const n = Number(raw);
  if (raw === "" || Number.isNaN(n)) throw new Error(`not a number in: ${line}`);
  return n;
};

function labels(raw: string | undefined, line: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw) return out;
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < raw.length) {
    const m = LABEL.exec(raw);
    if (!m) throw new Error(`bad labels in: ${line}`);
    out[m[1]!] = m[2]!.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
  }
  return out;
}

/** The family a sample belongs to: its name, or its name without a histogram/summary/counter suffix. */
const familyOf = (name: string, types: Map<string, string>) => {
  if (types.has(name)) return name;
  const suffix = SUFFIXES.find((s) => name.endsWith(s) && types.has(name.slice(0, -s.length)));
  return suffix ? name.slice(0, -suffix.length) : undefined;
};

export function parsePrometheus(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const meta = new RegExp(`^#\\s+(HELP|TYPE)\\s+(${NAME})(?:\\s+(.*))?$`).exec(line);
    if (meta) {
      if (meta[1] === "TYPE") {
        if (!TYPES.has(meta[3] ?? "")) throw new Error(`unknown type in: ${line}`);
        if (types.has(meta[2]!)) throw new Error(`family typed twice: ${meta[2]}`);
        types.set(meta[2]!, meta[3]!);
      }
      continue;
    }
    if (line.startsWith("#")) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`unreadable line: ${line}`);
    if (!familyOf(m[1]!, types)) throw new Error(`sample without a TYPE: ${line}`);
    samples.push({ name: m[1]!, labels: labels(m[2], line), value: number(m[3]!, line) });
  }
  return { types, samples };
}

/** The value of the one sample with this name and these labels (undefined when there is none). */
export const sampleValue = (e: Exposition, name: string, want: Record<string, string> = {}) =>
  e.samples.find((s) => s.name === name && Object.entries(want).every(([k, v]) => s.labels[k] === v))?.value;
