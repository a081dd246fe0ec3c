// Webhooks against receivers on loopback: the real server and database, the settings routes, and the
// delivery job run on a clock the test moves past each retry's pause. A JSON POST's signature checks
// out with the secret shown at creation; a 500 is tried again and the log shows both attempts; a 400
// is final, and so is a redirect, never followed; no answer is tried again; a Slack webhook's body
// has the shape Slack takes.
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { deliveryJob } from "../../../src/webhooks";
import { call, verifiedSession } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";
import { startReceiver } from "../../helpers/webhooks";

const SAME = { origin: "http://bothy.test" };
const D = "hooks.example.com";
const BASE = `/api/domains/${D}/webhooks`;

let server: Awaited<ReturnType<typeof startTestServer>>;
let owner: string;
const receivers: ReturnType<typeof startReceiver>[] = [];

const api = (method: string, path: string, body?: unknown) => call(server.app, method, path, { cookie: owner, headers: SAME, body });
const receiver = (...args: Parameters<typeof startReceiver>) => {
  const r = startReceiver(...args);
  receivers.push(r);
  return r;
};
/** Runs the delivery job `minutes` from now: past every pause shorter than that. */
const deliverIn = (minutes: number) => deliveryJob(server.config, () => new Date(Date.now() + minutes * 60_000)).run(server.db.sql);
const add = async (kind: "json" | "slack", url: string) => {
  const res = await api("POST", BASE, { kind, url });
  expect(res.status).toBe(201);
  return res.json as { webhook: { id: number; kind: string; url: string }; secret: string };
};
const logOf = async (id: number) =>
  ((await api("GET", BASE)).json.webhooks as { id: number; log: { at: string; attempt: number; status: number | null; error: string | null }[] }[]).find((w) => w.id === id)!.log;

beforeAll(async () => {
  server = await startTestServer({ env: { BETA: "0" } });
  owner = await verifiedSession(server, "owner@example.com", "a sturdy passphrase");
  expect((await api("POST", "/api/domains", { domain: D })).status).toBe(201);
});
// NOTE: a website has at most five webhooks; each test starts with none.
afterEach(async () => {
  for (const w of (await api("GET", BASE)).json.webhooks as { id: number }[]) expect((await api("DELETE", `${BASE}/${w.id}`)).status).toBe(200);
});
afterAll(async () => {
  for (const r of receivers) await r.stop();
  await server.stop();
});

test("a JSON webhook: its secret once, a signed POST whose HMAC the receiver verifies", async () => {
  const r = receiver();
  const { webhook, secret } = await add("json", `${r.url}/bothy`);
  expect(secret).toMatch(/^whsec_[\w-]{32}$/);
  expect(JSON.stringify((await api("GET", BASE)).json)).not.toContain(secret);

  const sent = await api("POST", `${BASE}/${webhook.id}/test`);
  expect(sent.status).toBe(200);
  expect(sent.json).toMatchObject({ delivered: true, attempt: 1, status: 200, error: null });
  expect(r.received).toHaveLength(1);
  const { headers, body, path } = r.received[0]!;
  expect(path).toBe("/bothy");
  const timestamp = Number(headers["x-bothy-timestamp"]);
  expect(Math.abs(Date.now() / 1000 - timestamp)).toBeLessThan(300);
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
  expect(headers["x-bothy-signature"]).toBe(expected);
  // The same body under another secret, or another timestamp, does not verify.
  expect(`sha256=${createHmac("sha256", "whsec_other").update(`${timestamp}.${body}`).digest("hex")}`).not.toBe(expected);
  expect(`sha256=${createHmac("sha256", secret).update(`${timestamp - 1}.${body}`).digest("hex")}`).not.toBe(expected);
  expect(JSON.parse(body)).toMatchObject({ event: "test", domain: D, link: `http://bothy.test/dashboard/${D}` });
});

test("a 500 is tried again after its pause; the log shows both attempts, newest first", async () => {
  const r = receiver([500]);
  const { webhook } = await add("json", r.url);
  expect((await api("POST", `${BASE}/${webhook.id}/test`)).json).toMatchObject({ delivered: false, attempt: 1, status: 500, error: "HTTP 500" });
  // Not before its pause: a pass now sends nothing.
  await deliverIn(0);
  expect(r.received).toHaveLength(1);
  await deliverIn(2);
  expect(r.received).toHaveLength(2);
  // The same event, sent (and signed) anew.
  expect({ ...JSON.parse(r.received[1]!.body), sentAt: 0 }).toEqual({ ...JSON.parse(r.received[0]!.body), sentAt: 0 });
  expect(await logOf(webhook.id)).toEqual([
    { at: expect.any(String), attempt: 2, status: 200, error: null },
    { at: expect.any(String), attempt: 1, status: 500, error: "HTTP 500" },
  ]);
  // Delivered: no third attempt however late the next pass.
  await deliverIn(600);
  expect(r.received).toHaveLength(2);
});

test("a 400 is final: not tried again", async () => {
  const r = receiver([400]);
  const { webhook } = await add("json", r.url);
  expect((await api("POST", `${BASE}/${webhook.id}/test`)).json).toMatchObject({ delivered: false, status: 400 });
  await deliverIn(600);
  expect(r.received).toHaveLength(1);
  expect(await logOf(webhook.id)).toEqual([{ at: expect.any(String), attempt: 1, status: 400, error: "HTTP 400" }]);
});

test("no answer is tried again; a redirect is final and not followed, to its host or any other", async () => {
  const gone = receiver();
  const { webhook: silent } = await add("json", gone.url);
  await gone.stop();
  expect((await api("POST", `${BASE}/${silent.id}/test`)).json).toMatchObject({ delivered: false, status: null, error: "the site refused the connection" });
  await deliverIn(2);
  expect((await logOf(silent.id)).map((a) => [a.attempt, a.error])).toEqual([[2, "the site refused the connection"], [1, "the site refused the connection"]]);

  const elsewhere = receiver();
  const r = receiver([new Response(null, { status: 302, headers: { location: `${elsewhere.url}/inside` } })]);
  const { webhook } = await add("json", r.url);
  expect((await api("POST", `${BASE}/${webhook.id}/test`)).json).toMatchObject({ delivered: false, status: 302, error: "HTTP 302 (redirects are not followed)" });
  await deliverIn(600);
  expect(r.received).toHaveLength(1);
  expect(elsewhere.received).toEqual([]);
});

test("a Slack webhook sends text and mrkdwn sections, which a receiver checking Slack's shape takes", async () => {
  const slackShaped = (raw: string) => {
    const body = JSON.parse(raw) as { text?: unknown; blocks?: { type?: unknown; text?: { type?: unknown; text?: unknown } }[] };
    return Object.keys(body).sort().join() === "blocks,text" && typeof body.text === "string" && Array.isArray(body.blocks) && body.blocks.length > 0 &&
      body.blocks.every((b) => b.type === "section" && b.text?.type === "mrkdwn" && typeof b.text.text === "string" && b.text.text.length <= 3000);
  };
  const r = receiver([], slackShaped);
  const { webhook } = await add("slack", `${r.url}/services/T0/B0/x`);
  expect((await api("POST", `${BASE}/${webhook.id}/test`)).json).toMatchObject({ delivered: true, status: 200 });
  const body = JSON.parse(r.received[0]!.body);
  expect(body.text).toBe(`Test from Bothy for ${D}: This is a test: alerts of this website will arrive here.`);
  expect(body.blocks[1].text.text).toBe(`<http://bothy.test/dashboard/${D}|Open the dashboard>`);
  expect(r.received[0]!.headers["x-bothy-signature"]).toBeUndefined();
});

test("bad input is a 400 naming the field; a deleted webhook is gone, and a second delete is 404; a sixth is 409", async () => {
  expect(server.config.NODE_ENV).toBe("production");
  for (const [url, message] of [
    ["not a url", "Enter the webhook's full URL, starting with https://."],
    ["ftp://hooks.example.net/x", "A webhook's URL must start with https://."],
    // NOTE: the test server runs as production, where plain http goes only to a listed host.
    ["http://hooks.example.net/x", "A webhook's URL must start with https://."],
    ["https://192.168.1.10/hook", "192.168.1.10 is an internal address: webhooks go to the public internet."],
  ] as const) {
    const res = await api("POST", BASE, { kind: "json", url });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({ url: message });
  }
  expect((await api("POST", BASE, { kind: "teams", url: "https://hooks.example.net/x" })).status).toBe(400);
  const r = receiver();
  const { webhook } = await add("json", r.url);
  expect((await api("DELETE", `${BASE}/${webhook.id}`)).json).toEqual({ deleted: true });
  expect(((await api("GET", BASE)).json.webhooks as { id: number }[]).map((w) => w.id)).not.toContain(webhook.id);
  expect((await api("DELETE", `${BASE}/${webhook.id}`)).status).toBe(404);
  expect((await api("POST", `${BASE}/${webhook.id}/test`)).status).toBe(404);
  for (let i = 0; i < 5; i++) await add("json", `${r.url}/${i}`);
  const sixth = await api("POST", BASE, { kind: "json", url: `${r.url}/5` });
  expect(sixth.status).toBe(409);
  expect(sixth.json.error.message).toBe("A website has at most 5 webhooks.");
});
