// The feedback room: POST /api/feedback stores a signed-in user's message
// with the page and domain it was written on, for the admin area to read. Only verified accounts
// may write (an admin's reply goes to the address), within the `feedback` limit.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { signedIn, withSession } from "../auth";
import { namedQuery } from "../db";
import { HttpError } from "../http/errors";
import { limitsOf } from "../http/limits";

export { feedbackById, listFeedback, markHandled } from "./queries";

const saveFeedback = namedQuery(
  "feedback.save",
  async (sql, f: { uid: string; message: string; page?: string; domain?: string }) => {
    await sql`INSERT INTO feedback (uid, message, page, domain)
              VALUES (${f.uid}, ${f.message}, ${f.page ?? null}, ${f.domain ?? null})`;
  },
);

export const feedbackRoom = (ctx: AppContext) =>
  new Elysia({ name: "feedback" }).use(withSession(ctx)).post(
    "/api/feedback",
    async ({ body, user, set, request, server }) => {
      const me = signedIn(user);
      if (!me.verified) throw new HttpError(403, "Verify your email address before you send feedback: we answer by mail.");
      limitsOf(ctx).take("feedback", { request, server, account: me.uid });
      await saveFeedback(ctx.db.sql, { uid: me.uid, ...body, message: body.message.trim() });
      set.status = 201;
      return { ok: true };
    },
    {
      body: t.Object({
        message: t.String({ minLength: 1, maxLength: 5000, pattern: "\\S", error: "Write a message first." }),
        page: t.Optional(t.String({ maxLength: 200 })),
        domain: t.Optional(t.String({ maxLength: 253 })),
      }),
    },
  );
