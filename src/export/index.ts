// The export room: GET /api/export streams a domain's stats for a range as an XLSX workbook or a ZIP
// of CSV files. Who may export and what the numbers are is the stats room's business
// (statsService: the access rules and the reads of /api/stats, lists uncapped); this room adds
// the plan rule (Pro, or an admin, outside beta) and turns the answers into files (./tables.ts,
// ./files.ts), with the owner's annotations of the range as one more table. Everything that can
// fail with a status is checked before the first byte.
import { Elysia, t, type Static } from "elysia";
import type { AppContext } from "../context";
import { withSession, type User } from "../auth";
import { HttpError } from "../http/errors";
import { log } from "../log";
import { mayExport } from "../plans";
import { callerOf, offersDownloads, statsService, StatsFilters, type StatsService } from "../stats";
import { DayRange } from "../http/day-key";
import type { Stats } from "../shared/stats";
import { annotationsIn } from "../annotations";
import { funnelsReader, goalsReader } from "../goals";
import type { Queryable } from "../db";
import type { Site } from "../domains";
import type { Goal } from "../shared/goals";
import { exportStream, type Format } from "./files";
import { ALL_TABLES, QUICK_TABLES, SOURCE_OF, tablesOf, type AnnotationsAnswer, type Source, type Table, type TableName } from "./tables";

export { ALL_TABLES, QUICK_TABLES } from "./tables";

const ExportQuery = t.Object({
  domain: t.Optional(t.String({ minLength: 1, maxLength: 253 })),
  id: t.Optional(t.String({ minLength: 1, maxLength: 64 })),
  ...DayRange,
  format: t.Union([t.Literal("xlsx"), t.Literal("csv")], { error: "format must be xlsx or csv." }),
  tables: t.Optional(t.Union([t.Literal("quick"), t.Literal("all")], { error: "tables must be quick or all." })),
  filters: StatsFilters,
});
type ExportQuery = Static<typeof ExportQuery>;

const NO_PUBLIC_EXPORT = "The owner of this dashboard does not offer its stats for download.";
const NOT_PRO = "Exports are a Pro feature. Upgrade to Pro to download your stats.";
const TYPES: Record<Format, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "application/zip",
};

/** `{domain}_{startKey}_{endKey}.xlsx|.zip`, safe in a header (domain names are plain ASCII). */
const exportFileName = (domain: string, q: { startKey: string; endKey: string }, format: Format) =>
  `${domain.replace(/[^a-z0-9.-]/gi, "_")}_${q.startKey}_${q.endKey}.${format === "xlsx" ? "xlsx" : "zip"}`;

/**
 * The tables in `names` order, each as soon as its answer is in. NOTE: the answers are asked for
 * at once (the embedded database runs them in turn, SUMMARY first), so the first sheet is written
 * while the others are read.
 */
async function* tablesFor(read: (source: Source) => Promise<Answer>, names: readonly TableName[], goals: readonly Goal[]): AsyncGenerator<Table> {
  const answers = new Map<Source, Promise<Answer>>();
  for (const name of names) {
    const dataType = SOURCE_OF[name];
    if (!answers.has(dataType)) answers.set(dataType, read(dataType));
  }
  // NOTE: a failed answer rejects once, where it is awaited; the others must not go unhandled.
  for (const answer of answers.values()) answer.catch(() => {});
  for (const name of names) yield tablesOf(await answers.get(SOURCE_OF[name])!, goals)[name]!;
}

/** Outside beta only Pro accounts (and admins) export; an API key's holder was checked already. */
function checkPlan(ctx: Pick<AppContext, "config">, viewer: Pick<User, "scope"> | null) {
  if (!viewer) throw new HttpError(401, "Please sign in.");
  if (!mayExport(ctx.config, viewer)) throw new HttpError(403, NOT_PRO);
}

type Answer = Stats | AnnotationsAnswer;

/** `sql` reads the domain's annotations; a public dashboard's export, whose viewer is not the
 * owner, gets none (null): notes are the owner's. `goals`: those the filters name (stats.check). */
function download(stats: StatsService, domain: Site, name: string, q: ExportQuery, admin: boolean, sql: Queryable | null, goals: readonly Goal[]): Response {
  const names = (q.tables === "quick" ? QUICK_TABLES : ALL_TABLES).filter((n) => sql || SOURCE_OF[n] !== "ANNOTATIONS");
  const read = async (source: Source): Promise<Answer> =>
    source === "ANNOTATIONS"
      ? { dataType: source, annotations: await annotationsIn(sql!, domain.id, q.startKey, q.endKey) }
      : stats.answer(domain, { ...q, dataType: source }, admin, Infinity);
  const body = exportStream(q.format, names, tablesFor(read, names, goals), (err) => log.error("export failed", { domain: domain.id, error: err instanceof Error ? err.message : String(err) }));
  return new Response(body, {
    headers: {
      "content-type": TYPES[q.format],
      "content-disposition": `attachment; filename="${exportFileName(name, q, q.format)}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

export const exportRoom = (ctx: AppContext) => {
  const stats = statsService(ctx, goalsReader(ctx), funnelsReader(ctx));
  return new Elysia({ name: "export" }).use(withSession(ctx)).get(
    "/api/export",
    async ({ query: q, user, request, client }) => {
      if ((q.domain === undefined) === (q.id === undefined)) {
        const message = "Name the domain (domain) or a public dashboard (id), not both.";
        throw new HttpError(400, message, { domain: message });
      }
      if (q.id !== undefined) {
        const domain = await stats.byPublicId(q.id, request.headers.get("x-dashboard-password"), client);
        // NOTE: a public dashboard exports what its page shows, when its owner allows it and the
        // owner's plan has exports; its answers say so (validated.downloads), by the same rule.
        if (!offersDownloads(ctx.config, domain)) throw new HttpError(403, NO_PUBLIC_EXPORT);
        return download(stats, domain, "dashboard", q, false, null, await stats.check(domain, q));
      }
      const caller = callerOf(request.headers.get("authorization"), user);
      const { domain, admin, role } = await stats.byName(q.domain!, caller, "export");
      // NOTE: a team member exports on the owner's plan.
      if (caller.kind === "session") checkPlan(ctx, role === null || role === "owner" ? user : { scope: domain.ownerScope ?? [] });
      return download(stats, domain, domain.name, q, admin, ctx.db.sql, await stats.check(domain, q));
    },
    {
      query: ExportQuery,
      headers: t.Object({
        authorization: t.Optional(t.String({ maxLength: 300 })),
        "x-dashboard-password": t.Optional(t.String({ maxLength: 200 })),
      }),
    },
  );
};
