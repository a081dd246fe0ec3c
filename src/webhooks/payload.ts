// What a webhook receives: one event (an alert, or the settings page's test) as Slack's incoming
// webhooks take it ({ text, blocks } with mrkdwn sections) or as Bothy's own JSON, signed with the
// webhook's secret: X-Bothy-Signature is `sha256=` and the hex HMAC-SHA256 of `<timestamp>.<raw body>`,
// X-Bothy-Timestamp that timestamp (Unix seconds), so a receiver can refuse an old body replayed.
import { createHmac, randomBytes } from "node:crypto";
import type { WebhookKind } from "./queries";

/** The event as queued: what both formats are written from. */
export type WebhookEvent = {
  event: "alert" | "test";
  domain: string;
  text: string;
  /** The alert's local day and kind (src/shared/annotations.ts); absent on a test. */
  alert?: { day: string; kind: string };
  link: string;
};

/** A new webhook's secret: shown once, then only used to sign. */
export const newSecret = () => `whsec_${randomBytes(24).toString("base64url")}`;

const signature = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;

/** Slack's mrkdwn takes &, < and > as its own markup. */
const escapeSlack = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function slackBody(e: WebhookEvent) {
  const title = e.event === "test" ? `Test from Bothy for ${e.domain}` : `Bothy alert on ${e.domain}`;
  const when = e.alert ? `${e.alert.day}: ` : "";
  return {
    text: `${title}: ${when}${e.text}`,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `*${escapeSlack(title)}*\n${escapeSlack(when + e.text)}` } },
      { type: "section", text: { type: "mrkdwn", text: `<${escapeSlack(e.link)}|Open the dashboard>` } },
    ],
  };
}

/** The request a delivery sends at `now`: its body and headers. */
export function request(kind: WebhookKind, secret: string, e: WebhookEvent, now: Date) {
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "Bothy-Webhook/1" };
  if (kind === "slack") return { body: JSON.stringify(slackBody(e)), headers };
  const body = JSON.stringify({ ...e, sentAt: now.toISOString() });
  const timestamp = Math.floor(now.getTime() / 1000);
  return { body, headers: { ...headers, "x-bothy-timestamp": String(timestamp), "x-bothy-signature": signature(secret, timestamp, body) } };
}
