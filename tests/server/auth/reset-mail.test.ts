import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { hashPassword } from "../../../src/auth/passwords";
import { createUser } from "../../../src/auth/users";
import { call } from "../../helpers/api";
import { startTestServer } from "../../helpers/server";
import { startSmtp, type TestSmtp } from "../../helpers/smtp";
import { scaledMs } from "../../helpers/time";

// Password-reset requests against a real SMTP server: the answer must not tell a known address from
// an unknown one, whatever SMTP does, and one address gets a few mails an hour at most.

type Server = Awaited<ReturnType<typeof startTestServer>>;
const KNOWN = "known@example.com";
const UNKNOWN = "nobody@example.com";

async function withServer(smtpUrl: string, work: (server: Server) => Promise<void>) {
  const server = await startTestServer({ env: { SMTP_URL: smtpUrl } });
  try {
    await createUser(server.db.sql, { email: KNOWN, name: "K", passwordHash: await hashPassword("a sturdy passphrase") });
    await work(server);
  } finally {
    await server.stop();
  }
}

const requestReset = (server: Server, email: string) => call(server.app, "POST", "/api/reset/request", { body: { email } });

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.stop());

describe("a reset request answers the same for known and unknown addresses", () => {
  test("when SMTP refuses the mail", async () => {
    smtp.failNext(5);
    try {
      await withServer(smtp.url, async (server) => {
        const known = await requestReset(server, KNOWN);
        const unknown = await requestReset(server, UNKNOWN);
        expect([known.status, unknown.status]).toEqual([202, 202]);
        expect(known.text).toBe(unknown.text);
      });
    } finally {
      smtp.failNext(0);
    }
  });

  test("when no SMTP server listens", async () => {
    const down = await startSmtp();
    await down.stop();
    await withServer(down.url, async (server) => {
      const known = await requestReset(server, KNOWN);
      const unknown = await requestReset(server, UNKNOWN);
      expect([known.status, unknown.status]).toEqual([202, 202]);
      expect(known.text).toBe(unknown.text);
    });
  });

  test("and the known address's mail arrives when SMTP works", async () => {
    const before = smtp.mails.length;
    await withServer(smtp.url, async (server) => {
      expect((await requestReset(server, UNKNOWN)).status).toBe(202);
      expect((await requestReset(server, KNOWN)).status).toBe(202);
      const mails = (await smtp.waitFor(before + 1)).slice(before);
      expect(mails.map((m) => m.to)).toEqual([[KNOWN]]);
      expect(mails[0]!.text).toContain("/reset?token=");
    });
  });

  test("the answer does not wait for the mail: it comes before a slow server accepts it", async () => {
    const slow = await startSmtp({ greetingDelayMs: scaledMs(2) });
    try {
      await withServer(slow.url, async (server) => {
        const known = await requestReset(server, KNOWN);
        expect(known.status).toBe(202);
        // NOTE: awaiting the mail would have meant waiting out the greeting: the mail would be in.
        expect(slow.mails).toHaveLength(0);
        expect((await slow.waitFor(1, scaledMs(30))).map((m) => m.to)).toEqual([[KNOWN]]);
      });
    } finally {
      await slow.stop();
    }
  });
});

test("ten reset requests for one address send it three mails at most, and all answer the same", async () => {
  const before = smtp.mails.length;
  await withServer(smtp.url, async (server) => {
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await requestReset(server, KNOWN);
      answers.push(`${res.status} ${res.text}`);
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toStartWith("202 ");
    // NOTE: the links are made off the request path, but their inserts are queued before the
    // answers: this count, asked after them, sees every link that will be mailed.
    const [links] = await server.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM email_tokens t JOIN users u ON u.uid = t.uid WHERE u.email = ${KNOWN} AND t.purpose = 'reset'`;
    expect(links!.n).toBe(3);
    const mails = (await smtp.waitFor(before + 3)).slice(before);
    expect(mails.filter((m) => m.to.includes(KNOWN))).toHaveLength(3);
  });
}, 60_000);
