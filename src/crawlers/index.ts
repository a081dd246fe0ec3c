// The crawlers room: what bots and AI crawlers cost a site, which no JavaScript analytics sees.
// POST /api/ingest/log takes a server's access log lines (combined format) with the owner's Pro
// API key; the collector adds the page views of crawlers that run JavaScript. GET
// /api/domains/:domain/crawlers answers the dashboard's "Bots & crawlers" section: requests, bytes
// and energy per crawler, its operator and purpose. The counts live beside the hits (src/hits), never
// among them; no address or user-agent string is kept.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { withSession } from "../auth";
import { crawlerNamed } from "../collect";
import { addCrawlerCounts, crawlerTotals } from "../hits";
import { readCappedText } from "../http/body";
import { DayRange } from "../http/day-key";
import { HttpError } from "../http/errors";
import type { CrawlerStats } from "../shared/crawlers";
import { energyKwh } from "../shared/units";
import { callerOf, statsService } from "../stats";
import { countLog } from "./ingest";

/** The most one request may carry: ~40,000 lines; a larger log goes in several requests. */
export const MAX_LOG_BYTES = 10_000_000;
const NO_KEY = "Send the owner's Pro API key as Authorization: Bearer <key>.";
const NOT_OWNER = "Only the domain's owner's API key can send its logs.";

const domainQuery = t.Object({ domain: t.String({ minLength: 1, maxLength: 253 }) });
const detail = (summary: string, description: string, security: string) => ({ tags: ["Crawlers"], summary, description, security: [{ [security]: [] }] });

export function crawlersRoom(ctx: AppContext) {
  const sql = ctx.db.sql;
  const stats = statsService(ctx);

  return new Elysia({ name: "crawlers" })
    .use(withSession(ctx))
    .post(
      "/api/ingest/log",
      async ({ query, request }) => {
        const authorization = request.headers.get("authorization");
        if (authorization === null) throw new HttpError(401, NO_KEY);
        const { domain, role } = await stats.byName(query.domain, callerOf(authorization, null));
        // NOTE: a claim (id 0, nothing stored under it) and the demo (nobody owns it) are 403.
        if (domain.id === 0 || role !== "owner") throw new HttpError(403, NOT_OWNER);
        const text = await readCappedText(request, MAX_LOG_BYTES);
        if (text.includes("\0")) throw new HttpError(400, "The log contains a NUL character, which is not allowed");
        const { counts, summary } = countLog(text, domain, Date.now());
        if (summary.lines === 0) throw new HttpError(400, "The body holds no log lines: send access log lines in combined format, one per line.");
        if (summary.faults === summary.lines) {
          throw new HttpError(400, `No line is in combined log format (${summary.firstFaults[0]!.message}); nothing was counted.`);
        }
        await addCrawlerCounts(sql, counts);
        return summary;
      },
      {
        // NOTE: the body is the log's text, read and capped here (src/http/edge.ts lets it through).
        parse: "none",
        query: domainQuery,
        detail: detail(
          "Count bots and crawlers from access log lines",
          `The body is the lines of the site's access log in combined format (Apache's and nginx's default), at most ${MAX_LOG_BYTES / 1_000_000} MB a request. ` +
            "Lines of known bots and AI crawlers are counted with their bytes per local day; people's lines are skipped (they are no visits); a malformed line is a fault, told back by number. " +
            "No address, user or user-agent string is stored. Send each line once: the counts add up.",
          "apiKey",
        ),
      },
    )
    .get(
      "/api/domains/:domain/crawlers",
      async ({ params, query, request, user }): Promise<CrawlerStats> => {
        if (query.startKey > query.endKey) throw new HttpError(400, "startKey must not be after endKey.");
        const { domain } = await stats.byName(params.domain, callerOf(request.headers.get("authorization"), user), "stats");
        const rows = (await crawlerTotals(sql, domain.id, query.startKey, query.endKey)).map((r) => {
          const { operator, purpose } = crawlerNamed(r.crawler);
          return { crawler: r.crawler, operator, purpose, requests: r.requests, bytes: r.bytes, kwh: energyKwh(r.bytes) };
        });
        const requests = rows.reduce((s, r) => s + r.requests, 0);
        const bytes = rows.reduce((s, r) => s + r.bytes, 0);
        return { rows, total: { requests, bytes, kwh: energyKwh(bytes) } };
      },
      {
        params: t.Object({ domain: t.String({ maxLength: 253 }) }),
        query: t.Object(DayRange),
        detail: detail(
          "Bots and crawlers of a domain",
          "Each crawler over the domain's local days startKey..endKey: its operator, purpose (training, search, assistant, other), requests, bytes served and their energy (kWh). Never counted as visits.",
          "session",
        ),
      },
    );
}
