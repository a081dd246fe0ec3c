// The messages we send, each as plain text and simple HTML with the same words.
import { formatNumber } from "../shared/numbers";
import { tierVisitorsLine, type Tier } from "../shared/pricing";

/** `headers`: extra header lines, e.g. List-Unsubscribe on the weekly reports. */
export type Mail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

export const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Longest visitor-sent string a mail shows, in characters. */
const VISITOR_TEXT_MAX = 80;
// NOTE: control and format characters (line breaks, bidi overrides, zero-width ones) and the
// separators of lines and paragraphs: each would let a visitor start a line of their own, or make
// text read other than it is stored.
const LINE_BREAKERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu;
const ZWJ = "\u200d";

/**
 * A string a visitor sent (a path, a referrer, an event name), made fit for a mail we send: one line,
 * at most VISITOR_TEXT_MAX characters (then "…"), and never a link. Escape it for HTML as any text.
 * TRICKY: mail clients link more than `https://…`: a bare `evil.example/reset`, `www.…` and
 * `someone@…` too, so dropping the scheme is not enough. An invisible zero-width joiner after every
 * ".", ":" and "@" breaks each of those patterns while the words still read as sent; a visible
 * defang (`evil[.]example`) would mangle every ordinary `/page.html`.
 */
export function visitorText(s: string): string {
  const line = s.replace(LINE_BREAKERS, " ").trim();
  const chars = Array.from(line);
  const short = chars.length > VISITOR_TEXT_MAX ? `${chars.slice(0, VISITOR_TEXT_MAX - 1).join("").trimEnd()}…` : line;
  return short.replace(/[.:@]/g, (c) => c + ZWJ);
}

export function compose(to: string, subject: string, paragraphs: string[], action: { label: string; link: string }): Mail {
  const text = [...paragraphs, `${action.label}: ${action.link}`, "— Bothy"].join("\n\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111827">
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join("\n")}
<p><a href="${escape(action.link)}" style="color:#1d4ed8">${escape(action.label)}</a></p>
<p style="color:#6b7280">— Bothy</p>
</body></html>`;
  return { to, subject, text, html };
}

// NOTE: no mail to an address that is not yet verified carries text the sign-up form chose (the
// name): anyone may type anyone's address there, and the mail must not become their message.
export const verifyMail = (to: string, link: string, hours: number) =>
  compose(
    to,
    "Verify your email for Bothy",
    [
      "Someone created a Bothy account with this address.",
      `If it was you, confirm your email address to activate the account. The link works once and expires in ${hours} hours. If it was not you, ignore this mail.`,
    ],
    { label: "Verify email", link },
  );

/** An invite to the team of one domain or several. NOTE: only what Bothy vouches for: the inviter's address, the
 * domains' names and the role; nothing the inviter typed. */
export const inviteMail = (to: string, inviter: string, domains: string[], role: string, link: string, days: number) =>
  compose(
    to,
    `${domains.length === 1 ? domains[0] : `${domains.length} websites`} on Bothy: you are invited`,
    [
      `${inviter} invited you to see the analytics of ${domains.length === 1 ? domains[0] : `${domains.slice(0, -1).join(", ")} and ${domains.at(-1)}`} on Bothy, as ${role}.`,
      `Open the link to accept: sign in, or create an account with this address first. The link works for ${days} days. If you did not expect this, ignore this mail.`,
    ],
    { label: "Accept the invite", link },
  );

/** To the owner of an address someone tried to sign up with again. */
export const signupAgainMail = (to: string, signinLink: string, resetLink: string) =>
  compose(
    to,
    "Your Bothy account",
    [
      "Someone tried to create a Bothy account with this address, which already has one.",
      `If it was you, sign in instead. Forgot your password? Choose a new one at ${resetLink}. If it was not you, ignore this mail: nothing has changed.`,
    ],
    { label: "Sign in", link: signinLink },
  );

export const resetMail = (to: string, link: string, minutes: number) =>
  compose(
    to,
    "Reset your Bothy password",
    [
      "Someone asked to reset the password of the Bothy account for this address.",
      `If it was you, choose a new password. The link works once and expires in ${minutes} minutes. If it was not you, ignore this mail: your password stays as it is.`,
    ],
    { label: "Choose a new password", link },
  );

/** An admin's answer to a message someone sent with the feedback box. */
const replyMail = (subject: string) => (to: string, reply: string, original: string, link: string) =>
  compose(
    to,
    subject,
    [...reply.split(/\n{2,}/), ...(original ? [`You wrote: “${original.length > 500 ? `${original.slice(0, 500)}…` : original}”`] : [])],
    { label: "Open Bothy", link },
  );

export const feedbackReplyMail = replyMail("Re: your feedback to Bothy");
export const accessReplyMail = replyMail("Re: your request for access to Bothy");

/** To an owner whose websites had more unique visits this month than their tier holds. */
export const usageOverMail = (to: string, visits: number, tier: Tier, suggested: Tier, link: string) =>
  compose(
    to,
    "Your websites outgrew your Bothy plan",
    [
      `Your websites had ${formatNumber(visits)} unique visits this month, more than your plan holds (${tierVisitorsLine(tier)}).`,
      `We keep counting every visit. To stay within your plan, move to the next tier (${tierVisitorsLine(suggested)}), at $${suggested.monthly} a month.`,
    ],
    { label: "Change your plan", link },
  );
