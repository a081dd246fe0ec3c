// Dashboard fixtures for e2e tests and the dashboard bench: a verified owner and their domains
// written straight into a data directory before the server process opens it (one process owns
// an embedded database), synthetic traffic through the real collect path, signing in; and the
// browser-side helpers the dashboard e2e files share (waiting for a load, the API's answer to
// compare with, list rows, requests seen, axe, console errors).
import axe from "axe-core";
import type { BrowserContext, Page, Request } from "playwright-core";
import { hashPassword } from "../../src/auth/passwords";
import { createUser } from "../../src/auth/users";
import { refreshAggregates } from "../../src/hits";
import type { Database } from "../../src/db";
import { setLogLevel } from "../../src/log";
import { hydrated } from "./browser";
import { openTestDatabase } from "./db";
import { ingest, traffic } from "./stats";

export type SiteSpec = {
  name: string;
  tz?: string;
  /** Days since the domain was added. */
  ageDays?: number;
  /** Synthetic page views spread over the last `days` days. */
  views?: number;
  days?: number;
  /** Synthetic page views spread over given UTC spans (ms), beside or instead of `views`. */
  spans?: { from: number; to: number; views: number }[];
  public?: boolean;
  password?: string;
  /** Its owner has proven it theirs (verified_at), as sharing settings need. */
  verified?: boolean;
};
export type Owner = { email: string; name: string; password: string; scope?: string[] };

const DAY_MS = 86_400_000;

async function withDatabase<T>(env: Record<string, string>, work: (db: Database) => Promise<T>): Promise<T> {
  setLogLevel("warn");
  const db = await openTestDatabase(env);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

async function addOwner(db: Database, owner: Owner) {
  const user = await createUser(db.sql, { email: owner.email, name: owner.name, passwordHash: await hashPassword(owner.password), scope: owner.scope ?? [], verified: true });
  if (!user) throw new Error(`${owner.email} exists already`);
  return user;
}

/** Gives existing domains (e.g. filled by `npm run seed`) to a new verified owner. */
export const adoptDomains = (env: Record<string, string>, owner: Owner, names: string[]) =>
  withDatabase(env, async (db) => {
    const user = await addOwner(db, owner);
    await db.sql`UPDATE domains SET owner = ${user.uid} WHERE name = ANY(${names})`;
  });

/** Writes the owner, their domains and traffic into the database `env` names (a freshDatabase's), materializes the aggregates, closes. */
export const prepareSites = (env: Record<string, string>, owner: Owner, sites: SiteSpec[]): Promise<Record<string, string>> =>
  withDatabase(env, async (db) => {
    const publicIds: Record<string, string> = {};
    const user = await addOwner(db, owner);
    const now = Date.now();
    for (const s of sites) {
      const hash = s.password ? await hashPassword(s.password) : null;
      const [row] = await db.sql<{ publicId: string }[]>`
        INSERT INTO domains (owner, name, tz, created, public, public_password_hash, verified_at)
        VALUES (${user.uid}, ${s.name}, ${s.tz ?? "Europe/London"}, ${new Date(now - (s.ageDays ?? 60) * DAY_MS)}, ${s.public ?? false}, ${hash}, ${s.verified ? new Date(now) : null})
        RETURNING public_id AS "publicId"`;
      publicIds[s.name] = row!.publicId;
      // NOTE: the last hour stays empty so every view's leave beacon lands before "now".
      if (s.views) await ingest(db.sql, traffic(s.name, now - (s.days ?? 30) * DAY_MS, now - 3_600_000, s.views, 7));
      for (const [i, span] of (s.spans ?? []).entries()) await ingest(db.sql, traffic(s.name, span.from, span.to, span.views, 11 + i));
    }
    await refreshAggregates(db.sql);
    return publicIds;
  });

/** Signs in through the real form, landing on `then`. */
export async function signIn(page: Page, base: string, owner: Owner, then: string) {
  await page.goto(`${base}/signin?redirect=${encodeURIComponent(then)}`);
  await hydrated(page, "form");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`${base}${then}`);
}

// ── In the browser ──────────────────────────────────────────────────────────────────────────────

/** A fake oEmbed provider on loopback for the social-post wall (the server's OEMBED_API_BASE). */
export function fakeOembed() {
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: () => Response.json({ html: `<blockquote class="twitter-tweet"><p>A post linking here: a calm, fast site that tells its carbon cost.</p>&mdash; Ada (@ada)</blockquote>` }),
  });
  return { base: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}

/** Pages whose console errors and page errors are collected; 4xx answers can be announced as expected. */
export function consoleWatch() {
  const problems: string[] = [];
  let expect4xx = false;
  const watch = async (context: BrowserContext) => {
    const p = await context.newPage();
    p.on("console", (m) => {
      const expected = expect4xx && /status of 4\d\d/.test(m.text());
      if (m.type() === "error" && !expected) problems.push(`console: ${m.text()} at ${m.location().url}`);
    });
    p.on("pageerror", (e) => problems.push(`pageerror: ${e.message} at ${p.url()}`));
    return p;
  };
  return { problems, watch, expecting4xx: (on: boolean) => void (expect4xx = on) };
}

/** Waits until the dashboard has every section filled. */
export const dashboardLoaded = (p: Page) => p.waitForSelector('[data-testid="dashboard"][data-loaded]', { timeout: 30_000 });

/** Runs an action that starts a new load, and waits for that load (not the previous one) to land. */
export async function settle(p: Page, action: () => Promise<unknown>) {
  const done = p.waitForResponse((r) => r.url().includes("/api/stats") && r.url().includes("dataType=REF"), { timeout: 30_000 });
  await action();
  await done;
  await dashboardLoaded(p);
}

/** The API's answer for a range, fetched with the page's own session. */
export async function statsFor<T>(p: Page, dataType: string, range: { startKey: string; endKey: string }, domain: string): Promise<T> {
  const q = new URLSearchParams({ domain, ...range, dataType }).toString();
  return p.evaluate(async (q) => (await fetch(`/api/stats?${q}`)).json(), q) as Promise<T>;
}

/** The value column and the labels of a list's visible rows. */
export const listValues = (p: Page, id: string) => p.locator(`[data-testid="${id}-rows"] > li span.min-w-14`).allTextContents();
export const listLabels = (p: Page, id: string) => p.locator(`[data-testid="${id}-rows"] > li span.truncate > span.truncate`).allTextContents();

/** Collects the stats requests the page makes from now on. */
export function statsRequests(p: Page) {
  const seen: URLSearchParams[] = [];
  const on = (r: Request) => {
    if (r.url().includes("/api/stats")) seen.push(new URL(r.url()).searchParams);
  };
  p.on("request", on);
  return { seen, stop: () => p.off("request", on) };
}

/** axe-core's critical and serious violations on the page as it is. */
export async function axeViolations(p: Page) {
  await p.evaluate(axe.source);
  const found = await p.evaluate(async () => {
    const r = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 3) }));
  });
  return found.filter((v) => v.impact === "critical" || v.impact === "serious");
}
