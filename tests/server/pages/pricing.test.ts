// Plans outside beta (BETA=0), through the real server: the pricing cards for every tier, monthly
// and yearly; /request sends home; terms, privacy, pricing and the date picker state one free
// window; the profile shows this month's visits against the tier and an owner over their tier is
// mailed once a month.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { dayState } from "../../../components/dashboard/date-rules";
import type { Mail, Mailer } from "../../../src/mail";
import { FREE_HISTORY_DAYS } from "../../../src/shared/plans";
import { annualMonthly, periodPrice, priceLookupKey, tierVisitorsLine, TIERS } from "../../../src/shared/pricing";
import { mailOverLimit } from "../../../src/usage";
import { call, dayKey, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
const SAME = { origin: "http://bothy.test" };
const PASSWORD = "a sturdy passphrase";
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0" } });
  cookie = await verifiedSession(server, "free@example.com", PASSWORD, "Free User");
});
afterAll(() => server.stop());

const page = async (path: string, session?: string) => {
  const res = await call(server.app, "GET", path, { cookie: session });
  return { status: res.status, location: res.headers.get("location"), html: res.text };
};
/** Text as a browser shows it: React puts comment markers between adjacent text parts. */
const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&");

describe("the pricing page", () => {
  for (const tier of TIERS) {
    for (const billing of ["month", "year"] as const) {
      test(`${tier.key}, billed by the ${billing}`, async () => {
        const { status, html } = await page(`/pricing?tier=${tier.key}&billing=${billing}`);
        expect(status).toBe(200);
        const shown = text(html);
        const perMonth = billing === "month" ? tier.monthly : annualMonthly(tier);
        expect(shown).toContain(`data-testid="price" class="text-4xl font-bold">$${perMonth}</span>`);
        expect(shown.includes('data-testid="saving"')).toBe(billing === "year");
        expect(shown).toContain(tierVisitorsLine(tier));
        if (billing === "year") {
          expect(shown).toContain(`Save $${tier.monthly * 12 - periodPrice(tier, "year")} yearly`);
          expect(shown).toContain(`$${periodPrice(tier, "year")} a year`);
        }
        expect(shown).toMatch(new RegExp(`href="/settings/profile\\?tier=${tier.key}&billing=${billing}#upgrade"[^>]*>Upgrade Now</a>`));
        // Each button emits the plan choice through the site's tracker.
        expect(shown).toMatch(new RegExp(`data-bothy-event="plan-choice" data-bothy-value="pro ${tier.key} ${billing}"[^>]*>Upgrade Now</a>`));
        expect(shown).toMatch(/href="\/signup" data-bothy-event="plan-choice" data-bothy-value="free"[^>]*>Get Started Free<\/a>/);
        expect(shown).toContain("Get Started Free");
        expect(shown).toContain("1% of every purchase goes to removing CO2 from the atmosphere.");
      });
    }
  }

  test("an unknown tier or period falls back to the first tier, monthly", async () => {
    const shown = text((await page("/pricing?tier=huge&billing=decade")).html);
    expect(shown).toContain(`href="/settings/profile?tier=${TIERS[0]!.key}&billing=month#upgrade"`);
  });
});

describe("outside beta", () => {
  test("/request sends home and its API is not there", async () => {
    expect(await page("/request")).toMatchObject({ status: 302, location: "/" });
    const posted = await call(server.app, "POST", "/api/request", { headers: SAME, body: { email: "a@example.com", name: "A" } });
    expect(posted.status).toBe(404);
  });

  test("the plan-change pages are for signed-in customers and carry the choice to the upgrade screen", async () => {
    expect((await page("/pricing-update")).status).toBe(302);
    const change = text((await page("/pricing-update?tier=1m&billing=year", cookie)).html);
    expect(change).toContain('href="/settings/profile?tier=1m&billing=year#upgrade"');
    expect(change).toContain('data-testid="tier-select"');
    const period = text((await page("/pricing-update2?tier=1m", cookie)).html);
    expect(period).toContain('href="/settings/profile?tier=1m&billing=month#upgrade"');
    expect(period).not.toContain('data-testid="tier-select"');
  });
});

describe("one free window", () => {
  test("terms, privacy, pricing, the stats API and the date picker state FREE_HISTORY_DAYS", async () => {
    expect(text((await page("/terms")).html)).toContain(`keeps ${FREE_HISTORY_DAYS} days of data`);
    expect(text((await page("/privacy")).html)).toContain(`${FREE_HISTORY_DAYS} days on the free plan`);
    expect(text((await page("/pricing")).html)).toContain(`${FREE_HISTORY_DAYS} days of history`);
    for (const path of ["/terms", "/privacy", "/pricing"]) expect(text((await page(path)).html)).not.toMatch(/\b7 days\b/);

    expect((await call(server.app, "POST", "/api/domains", { cookie, headers: SAME, body: { domain: "window.example" } })).status).toBe(201);
    const stats = await call(server.app, "GET", `/api/stats?domain=window.example&startKey=${dayKey(3)}&endKey=${dayKey(0)}&dataType=SUMMARY`, { cookie });
    expect(stats.json.validated.historyDays).toBe(FREE_HISTORY_DAYS);
    const rules = { today: dayKey(0), created: dayKey(400), historyDays: stats.json.validated.historyDays };
    expect(dayState(dayKey(FREE_HISTORY_DAYS), rules)).toBe("ok");
    expect(dayState(dayKey(FREE_HISTORY_DAYS + 1), rules)).toBe("locked");
    const tooOld = await call(server.app, "GET", `/api/stats?domain=window.example&startKey=${dayKey(FREE_HISTORY_DAYS + 1)}&endKey=${dayKey(0)}&dataType=SUMMARY`, { cookie });
    expect(tooOld.status).toBe(403);

    // A domain with the pro scope keeps all of its history, as retention keeps all of its hits.
    await server.db.sql`UPDATE domains SET scope = '{pro}' WHERE name = 'window.example'`;
    try {
      const open = await call(server.app, "GET", `/api/stats?domain=window.example&startKey=${dayKey(FREE_HISTORY_DAYS + 1)}&endKey=${dayKey(0)}&dataType=SUMMARY`, { cookie });
      expect([open.status, open.json.validated?.historyDays]).toEqual([200, null]);
    } finally {
      await server.db.sql`UPDATE domains SET scope = '{}' WHERE name = 'window.example'`;
    }
  });
});

describe("usage against the tier", () => {
  let busy: string;
  test("an owner over their tier is mailed once a month, and no visit is dropped", async () => {
    busy = await verifiedSession(server, "busy@example.com", PASSWORD);
    const [owner] = await server.db.sql<{ uid: string }[]>`SELECT uid FROM users WHERE email = 'busy@example.com'`;
    const [site] = await server.db.sql<{ id: number }[]>`INSERT INTO domains (owner, name) VALUES (${owner!.uid}, 'busy.example') RETURNING id`;
    // 25,000 unique visits in the last hours, inside this UTC month whatever the day.
    await server.db.sql`INSERT INTO hits (time, site_id, kind, local_day, local_hour, path, is_unique)
      SELECT t, ${site!.id}, 1, t::date, extract(hour FROM t)::int, '/', true
      FROM (SELECT greatest(date_trunc('month', now()), now() - i * INTERVAL '100 milliseconds') AS t FROM generate_series(1, 25000) i) s`;

    const sent: Mail[] = [];
    const mailer: Mailer = { send: async (m) => void sent.push(m) };
    const now = new Date();
    // Without a subscribed tier the visits fall in a tier that holds them: nobody is over.
    expect(await mailOverLimit(server.db, server.origin, mailer, now)).toBe(0);
    const on20k = async () => "20k";
    expect(await mailOverLimit(server.db, server.origin, mailer, now, on20k)).toBe(1);
    expect(await mailOverLimit(server.db, server.origin, mailer, now, on20k)).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe("busy@example.com");
    expect(sent[0]!.text).toContain("25,000 unique visits");
    expect(sent[0]!.text).toContain("Up to 250K monthly visitors");
    expect(sent[0]!.text).toContain("http://bothy.test/pricing-update?tier=250k");
    // Nothing was dropped.
    const [kept] = await server.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM hits WHERE site_id = ${site!.id}`;
    expect(kept!.n).toBe(25_000);
  });

  test("the dashboard streams the over-tier banner once the subscribed tier is outgrown", async () => {
    const banner = async () => text((await page("/dashboard/busy.example", busy)).html).includes('data-testid="usage-banner"');
    expect(await banner()).toBe(false);
    const [owner] = await server.db.sql<{ uid: string }[]>`SELECT uid FROM users WHERE email = 'busy@example.com'`;
    await server.db.sql`INSERT INTO billing_subscriptions (subscription_id, uid, status, price_lookup_key, created)
      VALUES ('sub_busy', ${owner!.uid}, 'active', ${priceLookupKey(TIERS[0]!, "month")}, now())`;
    try {
      const html = text((await page("/dashboard/busy.example", busy)).html);
      expect(html).toContain('data-testid="usage-banner"');
      expect(html).toContain("25,000 unique visits this month");
      expect(html).toContain("/settings/profile?tier=250k&billing=month#upgrade");
    } finally {
      await server.db.sql`DELETE FROM billing_subscriptions WHERE subscription_id = 'sub_busy'`;
    }
  });

  test("the profile's usage bar", async () => {
    const html = text((await page("/settings/profile", cookie)).html);
    expect(html).toContain('data-testid="usage"');
    expect(html).toContain("unique visits this month");
    expect(html).toContain(tierVisitorsLine(TIERS[0]!));
    expect(html).toMatch(/<meter[^>]*max="20000"[^>]*value="0"/);
    expect(html).not.toMatch(/ style="/);
  });
});
