// Receiving an uploaded file: the request body streamed to a file under DATA_DIR/imports while it
// is hashed (never held whole in memory), refused with a 413 the moment it passes MAX_IMPORT_BYTES.
// NOTE: a cut-off upload's .part file is removed here, or at the next boot (./files.ts).
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream, rmSync } from "node:fs";
import { once } from "node:events";
import { join } from "node:path";
import { HttpError } from "../http/errors";
import { MAX_IMPORT_BYTES } from "../shared/import-jobs";

const TOO_LARGE = "The file is larger than 1 GB. Export a shorter period and import each file.";

/** The received file: where it is, its SHA-256 (hex) and its size. */
type Received = { path: string; sha256: string; bytes: number };

export async function receiveFile(request: Request, dir: string): Promise<Received> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_IMPORT_BYTES) throw new HttpError(413, TOO_LARGE);
  if (!request.body) throw new HttpError(400, "Send the file as the request body.");
  const path = join(dir, `${randomUUID()}.part`);
  const hash = createHash("sha256");
  const out = createWriteStream(path);
  let bytes = 0;
  try {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      if (bytes > MAX_IMPORT_BYTES) throw new HttpError(413, TOO_LARGE);
      hash.update(chunk);
      if (!out.write(chunk)) await once(out, "drain");
    }
    out.end();
    await once(out, "close");
  } catch (err) {
    out.destroy();
    rmSync(path, { force: true });
    throw err;
  }
  if (bytes === 0) {
    rmSync(path, { force: true });
    throw new HttpError(400, "The file is empty.");
  }
  return { path, sha256: hash.digest("hex"), bytes };
}
