// Access log lines in the combined format (Apache's and nginx's default:
// `host ident user [10/Oct/2026:13:55:36 -0700] "GET / HTTP/1.1" 200 2326 "referer" "user agent"`)
// read for what the crawler counts need: when, how many bytes were sent, and who asked. The
// client's address, the user and the request line are read past and never kept.

type LogLine = { time: number; bytes: number; ua: string | null };
export type LineFault = { line: number; message: string };

const QUOTED = `"((?:[^"\\\\]|\\\\.)*)"`;
const COMBINED = new RegExp(`^\\S+ \\S+ .*?\\[([^\\]]+)\\] ${QUOTED} (\\d{3}) (\\d+|-) ${QUOTED} ${QUOTED}`);
const STAMP = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `10/Oct/2026:13:55:36 -0700` → epoch milliseconds, or null when it is no such time. */
export function logTime(stamp: string): number | null {
  const m = STAMP.exec(stamp);
  const month = m ? MONTHS.indexOf(m[2]!) : -1;
  if (!m || month < 0) return null;
  const [day, year, h, min, s] = [Number(m[1]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])];
  const utc = Date.UTC(year, month, day, h, min, s);
  // NOTE: Date.UTC rolls 31/Feb over into March; a stamp that does not read back is not a time.
  if (new Date(utc).getUTCDate() !== day || h > 23 || min > 59 || s > 60) return null;
  const offset = (Number(m[8]) * 60 + Number(m[9])) * 60_000;
  return m[7] === "+" ? utc - offset : utc + offset;
}

/** One line's time, bytes sent and user agent; a fault when the line is not in combined format. */
export function parseLine(text: string, line: number): LogLine | LineFault {
  const m = COMBINED.exec(text);
  if (!m) return { line, message: `line ${line} is not in combined log format` };
  const time = logTime(m[1]!);
  if (time === null) return { line, message: `line ${line} has no valid time: [${m[1]!.slice(0, 40)}]` };
  const ua = m[6]!;
  return { time, bytes: m[4] === "-" ? 0 : Number(m[4]), ua: ua === "-" || ua === "" ? null : ua };
}
