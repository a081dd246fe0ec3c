// The server's side of SCRAM-SHA-256, against a client written from RFC 5802's formulas.
import { describe, expect, test } from "bun:test";
import { createHash, createHmac, pbkdf2Sync } from "node:crypto";
import { scramExchange, scramKeys } from "../../../src/db/scram";

const hmac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest();

/** The client's final message for `serverFirst`, proving `password`. */
function clientFinal(password: string, clientFirstBare: string, serverFirst: string, opts: { nonce?: string; binding?: string } = {}) {
  const fields = Object.fromEntries(serverFirst.split(",").map((f) => [f[0], f.slice(2)]));
  const salted = pbkdf2Sync(password, Buffer.from(fields.s!, "base64"), Number(fields.i), 32, "sha256");
  const clientKey = hmac(salted, "Client Key");
  const withoutProof = `c=${opts.binding ?? "biws"},r=${opts.nonce ?? fields.r}`;
  const signature = hmac(createHash("sha256").update(clientKey).digest(), `${clientFirstBare},${serverFirst},${withoutProof}`);
  const proof = Buffer.from(clientKey.map((b, i) => b ^ signature[i]!)).toString("base64");
  return { message: `${withoutProof},p=${proof}`, serverSignature: hmac(hmac(salted, "Server Key"), `${clientFirstBare},${serverFirst},${withoutProof}`) };
}

describe("SCRAM-SHA-256", () => {
  const keys = scramKeys("the password");
  const bare = "n=,r=clientnonce0123";

  test("accepts the right password and signs the exchange so the client can check the server", () => {
    const scram = scramExchange(keys);
    const serverFirst = scram.first(`n,,${bare}`)!;
    expect(serverFirst).toMatch(/^r=clientnonce0123[^,]+,s=[^,]+,i=4096$/);
    const { message, serverSignature } = clientFinal("the password", bare, serverFirst);
    expect(scram.final(message)).toBe(`v=${serverSignature.toString("base64")}`);
  });

  test("refuses a wrong password, a changed nonce or channel binding, and a proof from another exchange", () => {
    const wrong = scramExchange(keys);
    expect(wrong.final(clientFinal("not it", bare, wrong.first(`n,,${bare}`)!).message)).toBeNull();

    const nonce = scramExchange(keys);
    expect(nonce.final(clientFinal("the password", bare, nonce.first(`n,,${bare}`)!, { nonce: "clientnonce0123x" }).message)).toBeNull();

    const binding = scramExchange(keys);
    expect(binding.final(clientFinal("the password", bare, binding.first(`n,,${bare}`)!, { binding: "eSws" }).message)).toBeNull();

    // A proof recorded from one exchange is worthless in the next: the server's nonce differs.
    const first = scramExchange(keys);
    const recorded = clientFinal("the password", bare, first.first(`n,,${bare}`)!).message;
    const replay = scramExchange(keys);
    replay.first(`n,,${bare}`);
    expect(replay.final(recorded)).toBeNull();
  });

  test("refuses malformed messages and a final message before the first", () => {
    expect(scramExchange(keys).first("garbage")).toBeNull();
    expect(scramExchange(keys).first("p=tls-server-end-point,,n=,r=abc")).toBeNull();
    expect(scramExchange(keys).final("c=biws,r=abc,p=AAAA")).toBeNull();
  });
});
