// The local Stripe (tools/stripe-mock) for tests, the SDK pointed at it, and a tap between the app
// and it that lists the app's calls and can hold an answer back (to play a slow Stripe).
import Stripe from "stripe";
import { stripeClient } from "../../src/billing/stripe";
import { syncStripe } from "../../src/billing/sync";
import { startStripeMock, type StripeMock } from "../../tools/stripe-mock/server";
import { startTestServer } from "./server";

export const WEBHOOK_SECRET = "whsec_testsecret";
export const PUBLISHABLE_KEY = "pk_test_bothy";
export const SECRET_KEY = "sk_test_bothy";

export { startStripeMock, type StripeMock };

/** The Stripe settings of an app that bills through `mock`, outside beta. */
export const stripeEnv = (mock: StripeMock): Record<string, string> => ({
  BETA: "0",
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: mock.url,
});

export const stripeFor = (mock: StripeMock): Stripe => stripeClient(SECRET_KEY, mock.url);

/** A loopback stand-in for Stripe in front of `mock`: it lists the app's calls and can hold one answer back. */
export type StripeTap = {
  url: string;
  /** Every call so far, as "METHOD /path". */
  calls: string[];
  /** Holds the answer to the next call `call` matches: the mock has answered, the app waits until release(). */
  hold(call: RegExp): { arrived: Promise<void>; release(): void };
  stop(): Promise<void>;
};

export function stripeTap(mock: StripeMock): StripeTap {
  const calls: string[] = [];
  const holds: { call: RegExp; arrived(): void; released: Promise<void> }[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: async (req) => {
      const url = new URL(req.url);
      const call = `${req.method} ${url.pathname}`;
      calls.push(call);
      const body = req.method === "GET" || req.method === "DELETE" ? undefined : await req.arrayBuffer();
      const res = await fetch(`${mock.url}${url.pathname}${url.search}`, { method: req.method, headers: req.headers, body });
      const answer = await res.arrayBuffer();
      const held = holds.findIndex((h) => h.call.test(call));
      if (held >= 0) {
        const [h] = holds.splice(held, 1);
        h!.arrived();
        await h!.released;
      }
      return new Response(answer, { status: res.status, headers: { "content-type": "application/json", "request-id": res.headers.get("request-id") ?? "" } });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    calls,
    hold(call) {
      let arrived!: () => void;
      let release!: () => void;
      const seen = new Promise<void>((resolve) => (arrived = resolve));
      holds.push({ call, arrived, released: new Promise<void>((resolve) => (release = resolve)) });
      return { arrived: seen, release };
    },
    stop: () => server.stop(true),
  };
}

/**
 * The local Stripe (synced with the product's prices), a tap in front of it, and an app that calls
 * Stripe through the tap; stop() ends the three.
 */
export async function appBehindTap(mockOptions?: Parameters<typeof startStripeMock>[0]) {
  const mock = startStripeMock(mockOptions);
  const stripe = stripeFor(mock);
  await syncStripe(stripe);
  const tap = stripeTap(mock);
  const server = await startTestServer({ env: { ...stripeEnv(mock), STRIPE_API_BASE: tap.url } });
  const stop = async () => {
    await server.stop();
    await mock.stop();
    await tap.stop();
  };
  return { mock, stripe, tap, server, stop };
}
