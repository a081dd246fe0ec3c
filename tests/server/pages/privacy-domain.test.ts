// The per-domain privacy notice over HTTP: off until a verified domain's owner turns it on, then
// every collected field in words, none of it personal, the plan's retention, where it lives and no
// cookie; 404 with the spec's text for an unknown name, an unverified domain, a turned-off notice
// and input no host name can be.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { HIT_FIELDS } from "../../../src/hits";
import { FREE_HISTORY_DAYS } from "../../../src/shared/plans";
import { NOT_FOUND_MESSAGE } from "../../../src/web/errors";
import { call, verifiedSession } from "../../helpers/api";
import { IN_PROCESS_ORIGIN, req, startTestServer } from "../../helpers/server";

let server: Awaited<ReturnType<typeof startTestServer>>;
let owner: string;
const SAME = { origin: "http://bothy.test" };

beforeAll(async () => {
  // NOTE: out of beta, so the free plan's limits apply.
  server = await startTestServer({ env: { BETA: "0" } });
  owner = await verifiedSession(server, "owner@example.com", "a sturdy passphrase");
  expect((await call(server.app, "POST", "/api/domains", { cookie: owner, headers: SAME, body: { domain: "shop.example.com" } })).status).toBe(201);
});
afterAll(() => server?.stop());

const patch = (body: unknown) => call(server.app, "PATCH", "/api/domains/shop.example.com", { cookie: owner, headers: SAME, body });

/** The page's status and its text with React's entities and text separators undone. */
async function page(path: string) {
  const res = await server.app.handle(req(path));
  const html = await res.text();
  return { status: res.status, text: html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("<!-- -->", "") };
}

const expectNotFound = async (path: string) => {
  const got = await page(path);
  expect(got.status).toBe(404);
  expect(got.text).toContain(NOT_FOUND_MESSAGE);
};

describe("/privacy/{domain}", () => {
  test("is off by default, and an unverified domain may not turn it on", async () => {
    await expectNotFound("/privacy/shop.example.com");
    const refused = await patch({ privacyPage: true });
    expect(refused.status).toBe(403);
    expect(refused.json.error.fields).toEqual({ privacyPage: "Verify that shop.example.com is yours before you publish its privacy notice." });
    await expectNotFound("/privacy/shop.example.com");
  });

  test("once on, says in words every field collected, no cookie, and the free plan's history", async () => {
    await server.db.sql`UPDATE domains SET verified_at = now() WHERE name = 'shop.example.com'`;
    const on = await patch({ privacyPage: true });
    expect(on.status).toBe(200);
    expect(on.json.privacyPage).toBe(true);

    const got = await page("/privacy/Shop.Example.com");
    expect(got.status).toBe(200);
    expect(got.text).toContain("How shop.example.com counts its visitors");
    for (const field of HIT_FIELDS) expect(got.text).toContain(field.what);
    expect(got.text).toContain("No IP address, no user-agent string, no cookie");
    expect(got.text).toContain("None of the records above is personal data");
    expect(got.text).toContain("Bothy sets no cookie on shop.example.com and reads none.");
    // Where the data lives: the instance that stores it, by the host its pages are served from.
    expect(got.text).toContain(`The records are stored by the Bothy service at ${new URL(IN_PROCESS_ORIGIN).host}, which the owner of shop.example.com uses.`);
    // NOTE: a free account's new domain keeps the free window of raw hits (src/plans).
    expect(got.text).toContain(`Records are deleted after ${FREE_HISTORY_DAYS} days, and all of them when the owner of shop.example.com removes the website from Bothy`);
    expect(got.text).toContain(`The owner's plan shows them the last ${FREE_HISTORY_DAYS} days.`);
  });

  test("follows the domain's retention and the owner's plan", async () => {
    await server.db.sql`UPDATE domains SET retention_days = 90 WHERE name = 'shop.example.com'`;
    await server.db.sql`UPDATE users SET scope = '{pro}' WHERE email = 'owner@example.com'`;
    try {
      const got = await page("/privacy/shop.example.com");
      expect(got.text).toContain("Records are deleted after 90 days");
      expect(got.text).not.toContain("The owner's plan shows them");
    } finally {
      await server.db.sql`UPDATE domains SET retention_days = NULL WHERE name = 'shop.example.com'`;
      await server.db.sql`UPDATE users SET scope = '{}' WHERE email = 'owner@example.com'`;
    }
  });

  test("404 for an unknown name and for input no host name can be; a NUL is refused before any page", async () => {
    await expectNotFound("/privacy/unknown.example.com");
    await expectNotFound("/privacy/caf%C3%A9.example.com");
    expect((await page("/privacy/%00")).status).toBe(400);
    await expectNotFound(`/privacy/${"a".repeat(300)}`);
  });

  test("404 again once its owner turns it off", async () => {
    expect((await patch({ privacyPage: false })).status).toBe(200);
    await expectNotFound("/privacy/shop.example.com");
  });
});
