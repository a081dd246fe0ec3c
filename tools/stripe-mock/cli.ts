// `npm run stripe:mock -- --port 12111 --webhook http://127.0.0.1:3000/api/stripe/webhook`:
// the local Stripe (./server.ts) as a process. Point STRIPE_API_BASE at it and give the app the
// same STRIPE_WEBHOOK_SECRET (--webhook-secret, default whsec_bothymock).
import { parseArgs } from "node:util";
import { startStripeMock } from "./server";

const { values } = parseArgs({
  options: { port: { type: "string", default: "12111" }, webhook: { type: "string" }, "webhook-secret": { type: "string" } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be an integer from 0 to 65535, not ${values.port}`);
  process.exit(2);
}
const secret = values["webhook-secret"] ?? process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_bothymock";
const mock = startStripeMock({ port, webhookUrl: values.webhook, webhookSecret: secret, log: (line) => console.log(line) });
console.log(`Local Stripe running at ${mock.url} (STRIPE_API_BASE=${mock.url} STRIPE_WEBHOOK_SECRET=${secret})`);
console.log(values.webhook ? `Webhook events go to ${values.webhook}` : "No --webhook URL: events are not sent");
const stop = () => void mock.stop().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
