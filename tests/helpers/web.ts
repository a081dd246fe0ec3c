// The pages room on its own, for in-process HTTP tests (`app.handle`): a real build (into a cache
// folder shared by test runs, reused while the sources are unchanged) and no database, which
// the pages room never touches.
import { Elysia } from "elysia";
import { join } from "node:path";
import type { AdminReads } from "../../src/admin";
import type { AppContext } from "../../src/context";
import { contentService } from "../../src/content";
import { loadConfig } from "../../src/config";
import type { Database } from "../../src/db";
import { errorHandler } from "../../src/http/error-handler";
import { HttpError } from "../../src/http/errors";
import { publicOrigin } from "../../src/origin";
import { createLifecycle } from "../../src/lifecycle";
import { setLogLevel } from "../../src/log";
import { REDIRECTS } from "../../src/pages";
import { isBeta } from "../../src/plans";
import { demoDomain } from "../../src/demo";
import { webRoom, type WebOptions } from "../../src/web";
import { IN_PROCESS_ORIGIN, TEST_ENV } from "./server";

// NOTE: beside the test database template in node_modules/.cache: kept between runs on purpose,
// and out of the temp directory that `npm test` checks is left empty.
export const TEST_OUTDIR = join(import.meta.dir, "../../node_modules/.cache/bothy/web-test-builds");
export const FIXTURE_SITE = join(import.meta.dir, "../fixtures/web/site.tsx");

export function webApp(opts: Partial<WebOptions> & { env?: Record<string, string> } = {}) {
  const config = loadConfig({ LOG_LEVEL: "silent", BASE_URL: IN_PROCESS_ORIGIN, ...TEST_ENV, ...opts.env });
  setLogLevel(config.LOG_LEVEL); // NOTE: the failing test pages log errors on purpose
  const ctx: AppContext = {
    config,
    db: undefined as unknown as Database, // NOTE: never read by the pages room
    lifecycle: createLifecycle(),
    origin: publicOrigin(config),
  };
  // NOTE: no database here, so no domain to read: every dashboard's today is the viewer's guess, no
  // domain has a privacy notice or a carbon badge, every account had no visits this month, no admin data, every public dashboard is left to the browser's stats call,
  // and no domain is there to have a yearly report (tests/server/pages/report.test.ts reads real ones)
  // (the admin pages are tested against a real server, tests/server/admin).
  const services = {
    dashboardToday: async () => null,
    content: contentService(),
    privacyNotice: async () => null,
    carbonBadge: async () => null,
    admin: undefined as unknown as AdminReads,
    selfTracking: false,
    signInProvider: null,
    publicDashboardExists: async () => true,
    accountUsage: async () => ({ visits: 0, month: new Date().toISOString().slice(0, 7), subscribedTier: null, graceUntil: null }),
    yearReport: async () => Promise.reject(new HttpError(404, "No such domain.")),
  };
  const product = { beta: isBeta(config), demo: demoDomain(config), redirects: REDIRECTS, services };
  return new Elysia().use(errorHandler).use(webRoom(ctx, { outdir: TEST_OUTDIR, ...product, ...opts }));
}
