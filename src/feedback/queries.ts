// Named queries over `feedback` for the admin area: the messages newest first with their author,
// and marking one handled.
import { namedQuery } from "../db";

type FeedbackMessage = {
  id: string;
  uid: string | null;
  email: string | null;
  message: string;
  page: string | null;
  domain: string | null;
  created: Date;
  handled: Date | null;
};

const COLUMNS = `f.id::text, f.uid, u.email, f.message, f.page, f.domain, f.created, f.handled_at AS handled`;

/** The newest messages; `uid` narrows them to one author's. */
export const listFeedback = namedQuery("feedback.list", (sql, limit: number, uid?: string) =>
  sql<FeedbackMessage[]>`
    SELECT ${sql.unsafe(COLUMNS)} FROM feedback f LEFT JOIN users u ON u.uid = f.uid
    WHERE ${uid ?? null}::uuid IS NULL OR f.uid = ${uid ?? null}
    ORDER BY f.created DESC, f.id DESC LIMIT ${limit}`,
);

export const feedbackById = namedQuery("feedback.byId", async (sql, id: string) => {
  const [row] = await sql<FeedbackMessage[]>`
    SELECT ${sql.unsafe(COLUMNS)} FROM feedback f LEFT JOIN users u ON u.uid = f.uid WHERE f.id = ${id}`;
  return row ?? null;
});

export const markHandled = namedQuery("feedback.markHandled", async (sql, id: string) => {
  const rows = await sql`UPDATE feedback SET handled_at = coalesce(handled_at, now()) WHERE id = ${id} RETURNING id`;
  return rows.length > 0;
});
