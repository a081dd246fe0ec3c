// The messages we send, each as plain text and simple HTML with the same words.
import type { Mail } from ".";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose(to: string, subject: string, paragraphs: string[], action: { label: string; link: string }): Mail {
  const text = [...paragraphs, `${action.label}: ${action.link}`, "— Bothy"].join("\n\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111827">
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join("\n")}
<p><a href="${escape(action.link)}" style="color:#1d4ed8">${escape(action.label)}</a></p>
<p style="color:#6b7280">— Bothy</p>
</body></html>`;
  return { to, subject, text, html, link: action.link };
}

export const verifyMail = (to: string, name: string, link: string, hours: number) =>
  compose(
    to,
    "Verify your email for Bothy",
    [`Hi ${name},`, `Please confirm your email address to activate your Bothy account. The link works once and expires in ${hours} hours.`],
    { label: "Verify email", link },
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
