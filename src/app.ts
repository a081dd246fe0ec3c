// Composes the rooms' Elysia plugins into one app. Rooms receive the shared context (./context.ts)
// and return a plugin; nothing here knows how a room works.
import { Elysia } from "elysia";
import type { AppContext, Room } from "./context";
import { authRoom, currentUser, signInProvider } from "./auth";
import { billingRoom, subscribedTierOf } from "./billing";
import { collectRoom } from "./collect";
import { contentRoom, contentService } from "./content";
import { domainsRoom, embedRoutes, pageFramers, privacyNotice } from "./domains";
import { exportRoom } from "./export";
import { feedbackRoom } from "./feedback";
import { conversionsAdder, funnelsReader, goalsReader, goalsRoom } from "./goals";
import { healthRoutes, registerAppNode } from "./health";
import { metricsRoom } from "./metrics";
import { adminRoom, adminPages, auditWriter } from "./admin";
import { annotationsRoom } from "./annotations";
import { badgeRoom, badgeEvidence } from "./badge";
import { edgeChecks } from "./http/edge";
import { errorHandler } from "./http/error-handler";
import { nativeRoutesOf, type NativeRoutes } from "./http/native-routes";
import { loggedNative, requestLog } from "./http/request-log";
import { importsRoom } from "./imports";
import { inspectRoom } from "./inspect";
import { REDIRECTS, sitemapPages } from "./pages";
import { reportsRoom } from "./reports";
import { isBeta } from "./plans";
import { MAX_IMPORT_BYTES } from "./shared/import-jobs";
import { realtimeRoom } from "./realtime";
import { requestsRoom } from "./requests";
import { segmentsRoom } from "./segments";
import { dashboardToday, publicDashboardExists, statsRoom } from "./stats";
import { accountUsage } from "./usage";
import { jobsRoom } from "./jobs";
import { webhooksRoom } from "./webhooks";
import { budgetsRoom } from "./budgets";
import { crawlersRoom } from "./crawlers";
import { demoDomain, demoRoom } from "./demo";
import { webRoom } from "./web";
import { yearlyRoom, yearReports } from "./yearly";

const ROOMS: Room[] = [
  ({ db, lifecycle, config }) => (registerAppNode(db, lifecycle), healthRoutes(db, config.DATA_DIR)),
  metricsRoom,
  adminRoom,
  collectRoom,
  (ctx) => authRoom(ctx, auditWriter(ctx)),
  billingRoom,
  (ctx) => domainsRoom(ctx, auditWriter(ctx)),
  (ctx) => embedRoutes(ctx, auditWriter(ctx)),
  feedbackRoom,
  inspectRoom,
  (ctx) => statsRoom(ctx, goalsReader(ctx), funnelsReader(ctx)),
  annotationsRoom,
  realtimeRoom,
  segmentsRoom,
  goalsRoom,
  importsRoom,
  reportsRoom,
  webhooksRoom,
  budgetsRoom,
  crawlersRoom,
  exportRoom,
  yearlyRoom,
  badgeRoom,
  (ctx) => demoRoom(ctx, conversionsAdder(ctx)),
  (ctx) => contentRoom(ctx, sitemapPages(isBeta(ctx.config))),
  requestsRoom,
  jobsRoom,
  // NOTE: the pages room answers every GET the others do not, so it comes last.
  (ctx) =>
    webRoom(ctx, {
      currentUser: (request) => currentUser(ctx, request),
      beta: isBeta(ctx.config),
      demo: demoDomain(ctx.config),
      redirects: REDIRECTS,
      framers: pageFramers(ctx),
      services: {
        dashboardToday: dashboardToday(ctx),
        content: contentService(),
        privacyNotice: privacyNotice(ctx),
        carbonBadge: badgeEvidence(ctx),
        admin: adminPages(ctx),
        accountUsage: accountUsage(ctx, subscribedTierOf(ctx)),
        publicDashboardExists: publicDashboardExists(ctx),
        yearReport: yearReports(ctx).report,
        selfTracking: ctx.config.SELF_TRACKING === "on",
        signInProvider: signInProvider(ctx.config),
      },
    }),
];

export function createApp(ctx: AppContext, extraRooms: Room[] = []) {
  // NOTE: Elysia hands serve.routes to Bun.serve when it listens; rooms fill it in below.
  const native: NativeRoutes = {};
  const plugins = [...ROOMS, ...extraRooms].map((room) => room(ctx));
  for (const plugin of plugins) {
    for (const [path, methods] of Object.entries(nativeRoutesOf(plugin) ?? {})) {
      native[path] = Object.fromEntries(
        Object.entries(methods).map(([method, handler]) => [method, loggedNative(method, path, handler)]),
      );
    }
  }
  // NOTE: an import's upload may be 1 GB (src/imports/upload.ts caps it and answers 413); Bun's own
  // cap is a little above, so that answer is ours. Every other body is capped by its route or the edge.
  const app = new Elysia({ serve: { routes: native, maxRequestBodySize: MAX_IMPORT_BYTES + 1024 ** 2 } }).use(requestLog(new Set(Object.keys(native)))).use(errorHandler).use(edgeChecks(ctx));
  for (const plugin of plugins) app.use(plugin);
  return app;
}

export type App = ReturnType<typeof createApp>;
