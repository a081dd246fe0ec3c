// A webhook receiver on loopback: answers each POST with the next status (or whole response) of its
// list (200 once the list runs out) and keeps what it received, raw body and headers, for the test to check. With
// `accepts`, a body it refuses is a 400 "invalid_payload", as Slack answers one.
export type Received = { path: string; headers: Record<string, string>; body: string };

export function startReceiver(statuses: (number | Response)[] = [], accepts: (body: string) => boolean = () => true) {
  const received: Received[] = [];
  const answers = [...statuses];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: async (req) => {
      const body = await req.text();
      received.push({ path: new URL(req.url).pathname, headers: Object.fromEntries(req.headers), body });
      if (!accepts(body)) return new Response("invalid_payload", { status: 400 });
      const next = answers.shift() ?? 200;
      return typeof next === "number" ? new Response("ok", { status: next }) : next;
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, received, stop: () => server.stop(true) };
}
