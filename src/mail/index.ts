// The mail room: sends through SMTP when SMTP_URL is set; otherwise writes each message as an
// .eml file to DATA_DIR/outbox and logs the file's name, so a self-hoster can still sign up.
// `sendOffPath` sends a mail the request must not wait for (nor learn the fate of).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";
import { log } from "../log";
import type { Mail } from "./templates";

export {
  accessReplyMail, compose, escape, feedbackReplyMail, inviteMail, resetMail, signupAgainMail, usageOverMail, verifyMail, visitorText, type Mail,
} from "./templates";
export type Mailer = { send(mail: Mail): Promise<void> };

export const outboxDir = (dataDir: string) => join(dataDir, "outbox");

export function createMailer(config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">): Mailer {
  const smtp = config.SMTP_URL;
  const transport = smtp
    ? nodemailer.createTransport(smtp)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
      if (smtp) return;
      const dir = outboxDir(config.DATA_DIR);
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      // NOTE: without SMTP the log tells a self-hoster where the mail is; it holds no recipient and
      // no link, since a live link in a log would sign in whoever reads the log.
      log.info("mail written to outbox", { file });
    },
  };
}

/**
 * Runs `job` (which sends a mail) without the caller awaiting it: a failure is logged with `what`
 * and the SMTP code only, never surfaced. The promise is for whoever wants to know it settled.
 * NOTE: for answers that must not tell who has an account: neither a slow SMTP server nor an
 * outage may show in the answer's time or status.
 */
export function sendOffPath(what: string, job: () => Promise<void>): Promise<void> {
  return job().catch((err: unknown) => {
    const { code, responseCode } = (err ?? {}) as { code?: unknown; responseCode?: unknown };
    log.warn("mail not sent", { what, code: typeof code === "string" ? code : null, responseCode: typeof responseCode === "number" ? responseCode : null });
  });
}
