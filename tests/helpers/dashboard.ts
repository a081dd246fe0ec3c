// Dashboard fixtures for e2e tests and the dashboard bench: a verified owner and their domains
// written straight into a data directory before the server process opens it (one process owns
// an embedded database), synthetic traffic through the real collect path, and signing in.
import type { Page } from "playwright-core";
import { hashPassword } from "../../src/auth/passwords";
import { createUser } from "../../src/auth/users";
import { refreshAggregates } from "../../src/collect/jobs";
import { openDatabase, type Database } from "../../src/db";
import { setLogLevel } from "../../src/log";
import { hydrated } from "./browser";
import { ingest, traffic } from "./stats";

export type SiteSpec = {
  name: string;
  tz?: string;
  /** Days since the domain was added. */
  ageDays?: number;
  /** Synthetic page views spread over the last `days` days. */
  views?: number;
  days?: number;
  public?: boolean;
  password?: string;
};
export type Owner = { email: string; name: string; password: string; scope?: string[] };

const DAY_MS = 86_400_000;

async function withDatabase<T>(dataDir: string, work: (db: Database) => Promise<T>): Promise<T> {
  setLogLevel("warn");
  const db = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined, DATABASE_READ_URL: undefined, DATABASE_POOL: 1, MAINTENANCE_INTERVAL_S: 86_400 });
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
export const adoptDomains = (dataDir: string, owner: Owner, names: string[]) =>
  withDatabase(dataDir, async (db) => {
    const user = await addOwner(db, owner);
    await db.sql`UPDATE domains SET owner = ${user.uid} WHERE name = ANY(${names})`;
  });

/** Writes the owner, their domains and traffic into `dataDir`, materializes the aggregates, closes. */
export const prepareSites = (dataDir: string, owner: Owner, sites: SiteSpec[]): Promise<Record<string, string>> =>
  withDatabase(dataDir, async (db) => {
    const publicIds: Record<string, string> = {};
    const user = await addOwner(db, owner);
    const now = Date.now();
    for (const s of sites) {
      const hash = s.password ? await hashPassword(s.password) : null;
      const [row] = await db.sql<{ publicId: string }[]>`
        INSERT INTO domains (owner, name, tz, created, public, public_password_hash)
        VALUES (${user.uid}, ${s.name}, ${s.tz ?? "Europe/London"}, ${new Date(now - (s.ageDays ?? 60) * DAY_MS)}, ${s.public ?? false}, ${hash})
        RETURNING public_id AS "publicId"`;
      publicIds[s.name] = row!.publicId;
      // NOTE: the last hour stays empty so every view's leave beacon lands before "now".
      if (s.views) await ingest(db.sql, traffic(s.name, now - (s.days ?? 30) * DAY_MS, now - 3_600_000, s.views, 7));
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
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${base}${then}`);
}
