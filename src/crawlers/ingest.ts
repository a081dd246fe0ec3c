// A server's access log lines into crawler counts: each line read (./log.ts), the lines of bots and
// crawlers kept as counts per local day and crawler with the bytes served, a person's line skipped
// (the tracker counts people; a log line is no visit). Lines that are not in combined format are
// faults: told back by number, never stored.
import { crawlerOf } from "../collect";
import { crawlerCounter, type CrawlerCount } from "../hits";
import { localTime } from "../shared/days";
import { parseLine, type LineFault } from "./log";

/** How far ahead of this server's clock a line's time may be: a server whose clock runs fast. */
const FUTURE_MS = 24 * 3600_000;
/** Faults told back by line: enough to see what is wrong. */
const FAULTS_TOLD = 5;

type LogSummary = {
  lines: number;
  crawlers: { requests: number; bytes: number };
  /** Lines of people's browsers: not counted here. */
  people: number;
  faults: number;
  firstFaults: LineFault[];
};

/** The counts of `text`'s lines for a site in zone `tz`, and what was read. */
export function countLog(text: string, site: { id: number; tz: string }, now: number): { counts: CrawlerCount[]; summary: LogSummary } {
  const counts = crawlerCounter("log");
  const summary: LogSummary = { lines: 0, crawlers: { requests: 0, bytes: 0 }, people: 0, faults: 0, firstFaults: [] };
  const fault = (f: LineFault) => {
    summary.faults += 1;
    if (summary.firstFaults.length < FAULTS_TOLD) summary.firstFaults.push(f);
  };
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.replace(/\r$/, "");
    if (!raw.trim()) continue;
    summary.lines += 1;
    const read = parseLine(raw, i + 1);
    if ("message" in read) {
      fault(read);
      continue;
    }
    if (read.time > now + FUTURE_MS) {
      fault({ line: i + 1, message: `line ${i + 1} is dated more than a day ahead of this server's clock` });
      continue;
    }
    const crawler = crawlerOf(read.ua);
    if (!crawler) {
      summary.people += 1;
      continue;
    }
    counts.add(site.id, localTime(site.tz, read.time).day, crawler.crawler, read.bytes);
    summary.crawlers.requests += 1;
    summary.crawlers.bytes += read.bytes;
  }
  return { counts: counts.take(), summary };
}
