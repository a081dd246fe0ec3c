// The pages behind the report mails' links, outside /api because mail clients POST the RFC 8058
// one-click unsubscribe as a form. A GET only shows a button that POSTs: link scanners and
// prefetchers open links, and must neither confirm an address nor unsubscribe one.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { escape } from "../mail";
import { TOKEN_PATTERN, type LinkPurpose, type ReportLinks } from "./links";
import { confirmRecipient, recipientById, unsubscribeRecipient, type Recipient } from "./queries";

const BAD_LINK = "This link is not valid (any more). Links from an older mail stop working when the address is removed.";

type Page = { status: number; title: string; text: string; form?: { action: string; label: string; field?: [string, string] } };

function page({ status, title, text, form }: Page): Response {
  const button = form
    ? `<form method="post" action="${escape(form.action)}">${form.field ? `<input type="hidden" name="${escape(form.field[0])}" value="${escape(form.field[1])}">` : ""}<button type="submit" style="background:#1d4ed8;color:#fff;border:0;border-radius:6px;padding:10px 16px;font-size:15px;cursor:pointer">${escape(form.label)}</button></form>`
    : "";
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)} · Bothy</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111827;max-width:32rem;margin:4rem auto;padding:0 1rem">
<h1 style="font-size:1.4rem">${escape(title)}</h1><p>${escape(text)}</p>${button}</body></html>`;
  return new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

const query = t.Object({ token: t.String({ pattern: TOKEN_PATTERN, error: "This link is not valid." }) });

export function reportLinkRoutes(ctx: AppContext, links: ReportLinks) {
  const sql = ctx.db.sql;
  const recipientOf = async (token: string, purpose: LinkPurpose): Promise<Recipient | null> => {
    const recipient = await recipientById(sql, links.idOf(token));
    return recipient && links.matches(token, purpose, recipient) ? recipient : null;
  };
  const action = (path: string, token: string) => `${ctx.origin.value}${path}?token=${token}`;

  return new Elysia({ name: "reports-links" })
    .get(
      "/reports/confirm",
      async ({ query: { token } }) => {
        const r = await recipientOf(token, "confirm");
        if (!r) return page({ status: 404, title: "Link not valid", text: BAD_LINK });
        return page({
          status: 200,
          title: `Weekly reports for ${r.domain}`,
          text: `Confirm that ${r.email} should get a weekly report of ${r.domain}'s visits and carbon, every Monday.`,
          form: { action: action("/reports/confirm", token), label: "Confirm" },
        });
      },
      { query },
    )
    .post(
      "/reports/confirm",
      async ({ query: { token } }) => {
        const r = await recipientOf(token, "confirm");
        if (!r) return page({ status: 404, title: "Link not valid", text: BAD_LINK });
        await confirmRecipient(sql, r.id, new Date());
        return page({ status: 200, title: "Confirmed", text: `${r.email} will get the weekly report of ${r.domain} every Monday.` });
      },
      { query },
    )
    .get(
      "/reports/unsubscribe",
      async ({ query: { token } }) => {
        const r = await recipientOf(token, "unsubscribe");
        if (!r) return page({ status: 404, title: "Link not valid", text: BAD_LINK });
        return page({
          status: 200,
          title: `Unsubscribe from ${r.domain}'s reports`,
          text: `${r.email} will get no more weekly reports of ${r.domain}.`,
          form: { action: action("/reports/unsubscribe", token), label: "Unsubscribe", field: ["List-Unsubscribe", "One-Click"] },
        });
      },
      { query },
    )
    .post(
      "/reports/unsubscribe",
      async ({ query: { token } }) => {
        const r = await recipientOf(token, "unsubscribe");
        if (!r) return page({ status: 404, title: "Link not valid", text: BAD_LINK });
        await unsubscribeRecipient(sql, r.id, new Date());
        return page({ status: 200, title: "Unsubscribed", text: `${r.email} will get no more weekly reports of ${r.domain}.` });
      },
      // NOTE: RFC 8058: the body a mail client sends is exactly this one field.
      { query, body: t.Object({ "List-Unsubscribe": t.Literal("One-Click", { error: "Send List-Unsubscribe=One-Click." }) }) },
    );
}
