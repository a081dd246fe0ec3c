// A real SMTP server on loopback (the smtp-server package) that keeps what arrives, parsed just
// enough for tests: envelope, headers, subject and the text and HTML parts, decoded. Tests point
// SMTP_URL at `url`, can make the next sends fail with a 4xx (a server that is busy), and wait for
// a count of mails without sleeping, or start it slow to greet (a server under load). Tests that do
// not set SMTP_URL read the outbox (helpers/api.ts).
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export type ReceivedMail = {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** Header names lower-cased; folded lines joined. */
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
};

type Part = { headers: Map<string, string>; body: string };

function splitPart(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

function decoded(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  return part.body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header, as nodemailer writes them. */
const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );

/** The leaf parts of a (possibly multipart) message. */
function leaves(part: Part): Part[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers.get("content-type") ?? "")?.[1];
  if (!boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith("--"))
    .flatMap((chunk) => leaves(splitPart(chunk.replace(/^\r?\n/, ""))));
}

export function parseMail(raw: string, to: string[]): ReceivedMail {
  const top = splitPart(raw);
  const parts = leaves(top);
  const of = (type: string) => parts.filter((p) => (p.headers.get("content-type") ?? "text/plain").startsWith(type)).map(decoded).join("");
  return { to, headers: top.headers, subject: decodeWords(top.headers.get("subject") ?? ""), text: of("text/plain"), html: of("text/html") };
}

export type TestSmtp = {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** The next `n` messages are refused with 451, as a busy server does. */
  failNext(n: number): void;
  /** Resolves once at least `count` mails arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
};

/** `greetingDelayMs`: each connection waits this long for the server's greeting, as a busy server's does. */
export async function startSmtp(opts: { greetingDelayMs?: number } = {}): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  let failing = 0;
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // NOTE: the greeting is written once onConnect calls back.
    onConnect(_session, callback) {
      if (!opts.greetingDelayMs) return callback();
      setTimeout(() => callback(), opts.greetingDelayMs);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (failing > 0) {
          failing--;
          return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        }
        mails.push(parseMail(Buffer.concat(chunks).toString("utf8"), session.envelope.rcptTo.map((r) => r.address)));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    failNext: (n) => void (failing = n),
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (mails.length < count) return;
          cleanUp();
          resolve(mails);
        };
        const timer = setTimeout(() => {
          cleanUp();
          reject(new Error(`expected ${count} mails, got ${mails.length}`));
        }, timeoutMs);
        const cleanUp = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
