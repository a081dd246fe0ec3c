// A test server for the mailing jobs: SMTP on loopback, outside beta, its context kept so a test runs
// a job on a clock it sets, and a verified Pro owner signed in.
import { Elysia } from "elysia";
import type { AppContext } from "../../src/context";
import { verifiedSession } from "./api";
import { startTestServer } from "./server";
import { startSmtp } from "./smtp";

export async function startMailingServer(ownerEmail: string, password: string) {
  const smtp = await startSmtp();
  let ctx: AppContext | undefined;
  const server = await startTestServer({
    env: { BETA: "0", SMTP_URL: smtp.url },
    rooms: [
      (c) => {
        ctx = c;
        return new Elysia();
      },
    ],
  });
  const owner = await verifiedSession(server, ownerEmail, password);
  await server.db.sql`UPDATE users SET scope = '{pro}' WHERE email = ${ownerEmail}`;
  const stop = async () => {
    await server.stop();
    await smtp.stop();
  };
  return { smtp, server, ctx: ctx!, owner, stop };
}
