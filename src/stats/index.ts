// The stats room: GET /api/stats for owners, admins and Pro API keys, GET /api/stats-public for
// public dashboards, GET /api/get-tweet for the social-post wall, the OpenAPI page of all three at
// /api/docs, the demo domain's upkeep and the stats cache's warm-up after a boot. The answers come
// from the stats service (./service.ts: access, checks, the read over the read replica db.read),
// which the export room and the reports share.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { withSession } from "../auth";
import { callerOf, offersDownloads } from "./access";
import { PublicStatsQuery, StatsQuery, type Stats } from "./contract";
import { demoOf } from "../demo";
import { apiDocs } from "./docs";
import { linkRoutes } from "./link";
import { tweetRoutes } from "./tweet";
import { warmStats, type WarmRead } from "./warm";
import { statsCache } from "./cache";
import { accessFor, gateFor, statsService, type FunnelsOf, type GoalsOf } from "./service";
import { exposeCounter, metricsOf } from "../metrics";

export { StatsFilters } from "./contract";
export { isStatsBusy } from "./admission";
export { warmingOf } from "./warm";
// NOTE: the realtime room labels its sources by the same rule.
export { REF_LABEL } from "./queries";
export { monthlyVisits, monthlyVisitsByAccount } from "./usage";
export { callerOf, offersDownloads } from "./access";
export { dashboardToday, ownerStats, publicDashboardExists, statsService, type FunnelsOf, type GoalsOf, type StatsService } from "./service";

/** A public dashboard's answer without the domain's name: whoever holds the link sees the numbers,
 * not whose they are, unless the owner says so elsewhere. It says whether its visitors may download
 * them and watch its realtime view. */
const anonymous = (stats: Stats, downloads: boolean, realtime: boolean): Stats => {
  const { SK: _name, ...validated } = stats.validated;
  return { ...stats, validated: { ...validated, downloads, realtime } };
};

/**
 * How old an answer a dashboard may get while its next read runs: under load, numbers a few seconds
 * old at once rather than fresh ones after a wait behind the database; quiet, every read is fresh.
 */
const SNAPSHOT_MS = 30_000;

export const statsRoom = (ctx: AppContext, goalsOf: GoalsOf, funnelsOf: FunnelsOf) => {
  const access = accessFor(ctx);
  const { registry } = metricsOf(ctx.db.sql);
  const cache = statsCache(ctx.db.read);
  exposeCounter(registry, { name: "bothy_stats_cache_lookups_total", help: "Stats cache look-ups, by result (hit, miss)", label: "result" }, () => ({
    hit: cache.hits,
    miss: cache.misses,
  }));
  const gate = gateFor(ctx);
  exposeCounter(registry, { name: "bothy_stats_read_admission_total", help: "Stats reads refused with 503 for a full line (refused), answered by an identical read already under way (shared) or by the last answer while the next read runs (snapshot)", label: "result" }, () => ({
    refused: gate.refused,
    shared: gate.shared,
    snapshot: gate.snapshots,
  }));
  const { answer } = statsService(ctx, goalsOf, funnelsOf);
  // NOTE: after every room is built, so the demo room has started whatever the rooms' order.
  const warmRead: WarmRead = (domain, q) => answer(domain, q, false, undefined, SNAPSHOT_MS);
  void Promise.resolve().then(() => warmStats(ctx, access, warmRead, demoOf(ctx.db)?.ready ?? Promise.resolve()));

  return new Elysia({ name: "stats" })
    .use(apiDocs(ctx.config))
    .use(withSession(ctx))
    .get(
      "/api/stats",
      async ({ query, user, request }) => {
        const caller = callerOf(request.headers.get("authorization"), user);
        const { domain, admin, role } = await access.byName(query.domain, caller, "stats");
        const stats = await answer(domain, query, admin, undefined, SNAPSHOT_MS);
        // NOTE: the answer may be shared by every reader of the domain (SNAPSHOT_MS); the role is this caller's.
        return role ? { ...stats, validated: { ...stats.validated, role } } : stats;
      },
      {
        query: StatsQuery,
        headers: t.Object({ authorization: t.Optional(t.String({ maxLength: 300, description: "Bearer <Pro API key>" })) }),
        detail: {
          tags: ["Stats"],
          summary: "Stats of one of your domains",
          description:
            "For the domain's owner (session or Pro API key), the members of its team (session; `validated.role` is the caller's role) " +
            "and admins (`admin: true` on others' domains). " +
            "Another account's domain, and one that does not exist, answer 404. The range is `startKey`/`endKey` (local days) " +
            "or `start`/`end` (ms, read as the domain's local days); a key wins over a time.",
          security: [{ apiKey: [] }, { session: [] }],
          responses: {
            200: {
              description:
                "The stats of the dataType asked (src/stats/contract.ts: SummaryStats, PathStats, RefStats, GoalsStats, FunnelStats or SpeedStats). Lists are arrays of " +
                "ListRow; `count` (ListCounts) gives each list's rows before the 1,000-row cap and `type` (ListTypes) what its labels are; " +
                "SUMMARY `source` is SourceClasses and SUMMARY `chart` is Chart, points whose x is a time; GOALS `goals` is an array of " +
                "GoalRow, the domain's goals (kept at /api/domains/{domain}/goals) with their conversions, or \"locked\" where Events are, and GOALS `funnels` its funnels (id, name, steps, createdAt); " +
                "FUNNEL `funnel` is FunnelResult, the funnel named by `funnel` (kept at /api/domains/{domain}/funnels), or \"locked\"; " +
                "SPEED (SpeedStats) holds the web vitals the tracker sends with data-vitals: `speed` an array of SpeedRow per page, " +
                "`site` each vital (VitalFigure) over the whole site with its `samples`, `days` the site's p75 of each by local day (`stamp`).",
            },
            400: { description: "Missing or malformed input; `error.fields` names the field." },
            401: { description: "Signed out, or an API key that is not valid." },
            403: { description: "The key's holder is not on Pro, or the range is outside the plan's history." },
            404: { description: "No such domain (another account's domain answers the same), or no such funnel." },
            429: { description: "The key made API_RATE_LIMIT requests this hour; Retry-After says when to try again." },
          },
        },
      },
    )
    .get(
      "/api/stats-public",
      async ({ query, request, client }) => {
        const domain = await access.byPublicId(query.id, request.headers.get("x-dashboard-password"), client);
        return anonymous(await answer(domain, query, false, undefined, SNAPSHOT_MS), offersDownloads(ctx.config, domain),
          // NOTE: an EventSource sends no password header: a protected dashboard's page has no realtime view.
          domain.publicRealtime && domain.passwordHash === null);
      },
      {
        query: PublicStatsQuery,
        headers: t.Object({
          "x-dashboard-password": t.Optional(t.String({ maxLength: 200, description: "The password of a protected public dashboard" })),
        }),
        detail: {
          tags: ["Stats"],
          summary: "Stats of a public dashboard",
          description: "By the dashboard's public id. A protected dashboard answers 401 until its password comes in x-dashboard-password.",
          responses: {
            200: {
              description:
                "The stats of the dataType asked, without the domain's name (`validated.SK`); `admin` is always false. " +
                "`validated.downloads` says whether the owner offers the stats for download (GET /api/export?id=…), " +
                "`validated.realtime` whether the page shows its realtime view (GET /api/realtime?id=…).",
            },
            400: { description: "Missing or malformed input." },
            401: { description: "`password-required` without a password, `wrong-password` with a wrong one." },
            404: { description: "No public dashboard has this id." },
            429: { description: "Too many wrong passwords from this client; Retry-After says when to try again." },
          },
        },
      },
    )
    .use(tweetRoutes(ctx))
    .use(linkRoutes());
};
