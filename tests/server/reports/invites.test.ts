import { afterAll, beforeAll, expect, test } from "bun:test";
import { call } from "../../helpers/api";
import { startMailingServer } from "../../helpers/reports";

// Report confirmation mails: one address gets three an hour at most, however often an owner adds it,
// and the answer is the same whether its mail went or was held back.

const OWNER = "inviter@example.com";
const DOMAIN = "invites.example.com";
const SAME = { origin: "http://bothy.test" };

let mailing: Awaited<ReturnType<typeof startMailingServer>>;
const api = (method: string, path: string, body?: unknown) =>
  call(mailing.server.app, method, path, { cookie: mailing.owner, headers: SAME, body });

beforeAll(async () => {
  mailing = await startMailingServer(OWNER, "a sturdy passphrase");
  expect((await api("POST", "/api/domains", { domain: DOMAIN })).status).toBe(201);
  await mailing.server.db.sql`UPDATE domains SET verified_at = now() WHERE name = ${DOMAIN}`;
});
afterAll(() => mailing.stop());

test("adding the same address again and again mails it three times an hour at most", async () => {
  const answers: string[] = [];
  for (let i = 0; i < 5; i++) {
    const added = await api("POST", `/api/domains/${DOMAIN}/reports/recipients`, { email: "victim@example.net" });
    answers.push(`${added.status} ${added.text}`);
    expect((await api("DELETE", `/api/domains/${DOMAIN}/reports/recipients`, { email: "victim@example.net" })).status).toBe(200);
  }
  expect(new Set(answers).size).toBe(1);
  expect(answers[0]).toStartWith("201 ");
  // NOTE: the confirmation is sent before the answer, so every mail that will come is in.
  expect(mailing.smtp.mails.filter((m) => m.to.includes("victim@example.net"))).toHaveLength(3);
});
