// Reading a request body with a size cap: a declared length over the cap is refused before a byte
// is read, and a chunked body stops being read the moment it passes the cap (413 either way).
import { HttpError } from "./errors";

export const tooLarge = (limit: number) => new HttpError(413, `The request body is larger than ${limit} bytes`);

export async function readCappedText(request: Request, limit: number): Promise<string> {
  if (Number(request.headers.get("content-length") ?? NaN) > limit) throw tooLarge(limit);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of (request.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
