// How a client component calls a "use server" action: POST /__action with the action id in a
// header and the arguments encoded by React; the answer is a flight stream of { returnValue }.
import { createFromFetch, encodeReply } from "react-server-dom-webpack/client.browser";

export async function callServer(id: string, args: unknown[]): Promise<unknown> {
  const res = fetch("/__action", { method: "POST", headers: { "rsc-action": id }, body: await encodeReply(args) });
  const { returnValue } = (await createFromFetch(res, { callServer })) as { returnValue: unknown };
  return returnValue;
}
