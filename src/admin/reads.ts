// What the admin pages show, read from the rooms that own each table (this room runs no SQL of
// its own but the audit log's). The same reads answer the admin API's GETs and the pages'
// services, so a page and its JSON never disagree.
import type { AppContext } from "../context";
import { adminUser, listApiKeys, recentSignins, searchUsers } from "../auth";
import { billingAdmin } from "../billing";
import { collectorOf } from "../collect";
import { databaseSize, maintenanceRuns } from "../db";
import { allDomains, type AdminDomain } from "../domains";
import { listFeedback } from "../feedback";
import { listProcesses, STALE_AFTER_MS } from "../health";
import { aggregateLag, hitsStorage, jobFailures, viewsBySite, viewsPerDay } from "../hits";
import { queueHealth, recentScreenshots } from "../inspect";
import { errorsSince } from "../log";
import { metricsOf } from "../metrics";
import { isPro } from "../plans";
import { listAccessRequests } from "../requests";
import { auditOf } from "./audit";
import { samplerOf } from "./samples";

const USERS_PER_PAGE = 50;
const DAYS = 30;

type Views = Map<number, number>;
const viewsMap = async (ctx: AppContext): Promise<Views> =>
  new Map((await viewsBySite(ctx.db.read, DAYS)).map((r) => [r.siteId, r.views]));

const domainRow = (ctx: AppContext, views: Views) => (d: AdminDomain) => ({
  name: d.name,
  owner: d.owner,
  ownerEmail: d.ownerEmail,
  verified: d.verified,
  plan: d.owner && isPro(ctx.config, { scope: d.ownerScope }) ? "Pro" : "Free",
  created: d.created.toISOString(),
  tz: d.tz,
  public: d.public,
  views30d: views.get(d.id) ?? 0,
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** How a TimescaleDB job's failed run shows when it is PostgreSQL 15's known one (src/hits/job-health.ts). */
const HARMLESS_FAILURE = "failed, harmless: PostgreSQL 15's “cannot drop portal” after the work committed";

export function adminReads(ctx: AppContext) {
  const sql = ctx.db.sql;
  const billing = billingAdmin(ctx);
  return {
    async users(q: string, page: number) {
      const { total, users } = await searchUsers(sql, q, USERS_PER_PAGE, (page - 1) * USERS_PER_PAGE);
      return {
        total,
        page,
        pages: Math.max(1, Math.ceil(total / USERS_PER_PAGE)),
        users: users.map((u) => ({ ...u, created: u.created.toISOString(), lastSignin: iso(u.lastSignin) })),
      };
    },

    async user(uid: string) {
      const u = /^[0-9a-f-]{36}$/i.test(uid) ? await adminUser(sql, uid) : null;
      if (!u) return null;
      const [domains, views, keys, signins, feedback, audit, stripe] = await Promise.all([
        allDomains(sql, uid), viewsMap(ctx), listApiKeys(sql, uid), recentSignins(sql, uid, 20), listFeedback(sql, 50, uid), auditOf(sql, uid, 100),
        // NOTE: Stripe unreachable leaves the billing part out, not the page.
        billing.account(uid).catch(() => "unavailable" as const),
      ]);
      return {
        user: { ...u, created: u.created.toISOString(), lastSignin: iso(u.lastSignin) },
        domains: domains.map(domainRow(ctx, views)),
        apiKeys: keys.map((k) => ({ name: k.name, created: k.created.toISOString(), lastUsed: iso(k.lastUsed) })),
        signins: signins.map((s) => ({ at: s.at.toISOString(), outcome: s.outcome })),
        feedback: feedback.map((f) => ({ id: f.id, message: f.message, page: f.page, domain: f.domain, created: f.created.toISOString(), handled: iso(f.handled) })),
        audit: audit.map((a) => ({ ...a, at: a.at.toISOString() })),
        billing: stripe,
      };
    },

    stripe: () => billing.subscriptions(),
    prices: () => billing.prices(),

    async domains() {
      const [domains, views] = await Promise.all([allDomains(sql), viewsMap(ctx)]);
      return { domains: domains.map(domainRow(ctx, views)) };
    },

    async usage() {
      const [perDay, bySite, domains, storage, lag] = await Promise.all([
        viewsPerDay(ctx.db.read, DAYS), viewsBySite(ctx.db.read, DAYS), allDomains(sql), hitsStorage(sql), aggregateLag(sql),
      ]);
      const names = new Map(domains.map((d) => [d.id, d.name]));
      const name = (id: number) => names.get(id) ?? `#${id} (deleted)`;
      const allRows = storage.rows.reduce((n, r) => n + r.rows, 0) || 1;
      return {
        perDay,
        top: bySite.slice(0, 20).map((r) => ({ domain: name(r.siteId), views: r.views })),
        storage: {
          totalBytes: storage.totalBytes,
          compressedBytes: storage.compressedBytes,
          uncompressedBytes: storage.uncompressedBytes,
          perDomain: storage.rows
            .sort((a, b) => b.rows - a.rows)
            .map((r) => ({
              domain: name(r.siteId),
              rows: r.rows,
              bytes: Math.round((storage.totalBytes * r.rows) / allRows),
              uncompressedBytes: Math.round((storage.uncompressedBytes * r.rows) / allRows),
            })),
        },
        aggregates: lag,
      };
    },

    async monitoring() {
      const collector = collectorOf(ctx.db);
      const prom = metricsOf(sql);
      const flush = (await prom.flushSeconds.get()).values;
      const flushSum = flush.find((v) => v.metricName?.endsWith("_sum"))?.value ?? 0;
      const flushCount = flush.find((v) => v.metricName?.endsWith("_count"))?.value ?? 0;
      const cache = (await prom.registry.getSingleMetric("bothy_stats_cache_lookups_total")?.get())?.values ?? [];
      const lookups = (result: string) => cache.find((v) => v.labels.result === result)?.value ?? 0;
      const [queue, size, runs, failed] = await Promise.all([queueHealth(sql), databaseSize(sql), maintenanceRuns(sql), jobFailures(sql)]);
      const harmless = new Set(failed.harmless.map((j) => j.id));
      return {
        samples: samplerOf(ctx).samples(),
        counts: collector?.metrics.snapshot() ?? null,
        buffered: collector?.writer.buffered ?? 0,
        flush: { count: flushCount, meanMs: flushCount ? (flushSum / flushCount) * 1000 : null },
        statsCache: { hits: lookups("hit"), misses: lookups("miss") },
        inspect: queue,
        database: size,
        maintenance: runs.map(({ jobId, ...r }) => ({
          ...r,
          started: iso(r.started),
          error: jobId !== null && harmless.has(jobId) ? HARMLESS_FAILURE : r.error,
        })),
        errorsLastHour: errorsSince(3600_000),
      };
    },

    async requests() {
      const [feedback, access] = await Promise.all([listFeedback(sql, 200), listAccessRequests(sql, 200)]);
      // NOTE: one list of kinds, newest first; an access request's author has no account yet.
      const items = [
        ...feedback.map((f) => ({
          kind: "feedback" as const, id: f.id, email: f.email, uid: f.uid, name: null, website: null, message: f.message, page: f.page,
          domain: f.domain, created: f.created.toISOString(), handled: iso(f.handled),
        })),
        ...access.map((r) => ({
          kind: "access" as const, id: String(r.id), email: r.email, uid: null, name: r.name, website: r.website, message: r.message ?? "",
          page: null, domain: null, created: r.created.toISOString(), handled: iso(r.handled),
        })),
      ];
      return { items: items.sort((a, b) => b.created.localeCompare(a.created)) };
    },

    async screenshots() {
      return { screenshots: (await recentScreenshots(sql, 100)).map((s) => ({ ...s, takenAt: s.takenAt.toISOString() })) };
    },

    async servers() {
      const now = Date.now();
      return {
        processes: (await listProcesses(sql)).map((p) => ({
          ...p, started: p.started.toISOString(), lastSeen: p.lastSeen.toISOString(), stale: now - p.lastSeen.getTime() > STALE_AFTER_MS,
        })),
      };
    },
  };
}

export type AdminReads = ReturnType<typeof adminReads>;
