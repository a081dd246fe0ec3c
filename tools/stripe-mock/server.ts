// A local Stripe on loopback: the part of Stripe's REST API Bothy uses (/v1/customers,
// payment_methods, subscriptions, invoices, payment_intents, prices, products), form-encoded bodies,
// `expand[]`, list objects and Stripe's error JSON, the `Idempotency-Key` of a POST (its first answer
// replayed, its reuse with other parameters refused), plus signed webhook events POSTed to a URL in
// the order they happen. `POST /_mock/subscriptions/{id}/end_period` (or `endPeriod`) plays the end
// of a billing period: renewal, or cancellation when cancel_at_period_end is set.
import { createHmac } from "node:crypto";
import { list, obj, parseForm, str, type Params } from "./form";
import { IdempotencyKeys } from "./idempotency";
import { missing, newId, StripeError, StripeState, type Obj } from "./state";

export type StripeMock = {
  url: string;
  port: number;
  state: StripeState;
  /** Plays the end of the subscription's billing period. */
  endPeriod(subscriptionId: string): void;
  /** Where events go from now on (the app's port is known only after the mock's). */
  setWebhookUrl(url: string): void;
  /** Resolves once every event so far has been delivered (or failed to be). */
  delivered(): Promise<void>;
  stop(): Promise<void>;
};

type Options = { port?: number; webhookUrl?: string; webhookSecret?: string; log?: (line: string) => void };

/** The Stripe-Signature header Stripe sends: t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload">. */
export const signatureHeader = (payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) =>
  `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex")}`;

const API_VERSION = "2026-10-28.endive";
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization, content-type, stripe-version",
  "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body, null, 2), { status, headers: { "content-type": "application/json", "request-id": newId("req"), ...CORS, ...headers } });

/** Stripe's error body: { error: { type, code?, message, param?, … } }. */
const errorBody = (e: StripeError) => ({ error: { type: e.type, message: e.message, ...e.extra } });
const errorResponse = (e: StripeError) => json(e.status, errorBody(e));

const listOf = (url: string, data: Obj[]) => ({ object: "list", url, has_more: false, data });

/** A list endpoint's page as Stripe cuts it: `limit` (default 10, at most 100) items after `starting_after`. */
function pageOf(url: string, data: Obj[], p: Params) {
  const limit = Math.min(100, Math.max(1, Number(str(p, "limit") ?? 10)));
  const after = str(p, "starting_after");
  const start = after ? data.findIndex((o) => o.id === after) + 1 : 0;
  return { object: "list", url, has_more: start + limit < data.length, data: data.slice(start, start + limit) };
}

/** An object as the API shows it: internal fields dropped, `expand[]` paths (and the includable `payments`) filled in. */
function render(state: StripeState, value: unknown, expand: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => render(state, v, expand));
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  const here = (key: string) => expand.filter((p) => p === key || p.startsWith(`${key}.`)).map((p) => p.slice(key.length + 1)).filter(Boolean);
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (key.startsWith("_")) continue;
    const wanted = expand.some((p) => p === key || p.startsWith(`${key}.`));
    const inner = here(key);
    if (wanted && typeof v === "string" && state.objects.has(v)) out[key] = render(state, state.objects.get(v), inner);
    else if (key === "data" && Array.isArray(v)) out[key] = v.map((x) => render(state, x, expand.filter((p) => p.startsWith("data.")).map((p) => p.slice(5))));
    else out[key] = render(state, v, inner);
  }
  const invoice = value as Obj;
  if (invoice.object === "invoice" && expand.some((p) => p === "payments" || p.startsWith("payments."))) {
    out.payments = render(state, listOf(`/v1/invoice_payments?invoice=${invoice.id}`, [invoice._payments as Obj]), here("payments"));
  }
  return out;
}

type Auth = "secret" | "publishable";
type Route = { method: string; path: RegExp; auth: Auth; run: (m: string[], p: Params, auth: Auth) => unknown };

function routes(state: StripeState): Route[] {
  const need = (p: Params, key: string): string => {
    const v = str(p, key);
    if (!v) throw new StripeError(400, "invalid_request_error", `Missing required param: ${key}.`, { code: "parameter_missing", param: key });
    return v;
  };
  const typed = (id: string, object: string, what: string) => {
    const o = state.get(id, what);
    if (o.object !== object) throw missing(what, id);
    return o;
  };
  const checkSecret = (intent: Obj, p: Params, auth: Auth) => {
    if (auth === "publishable" && str(p, "client_secret") !== intent.client_secret) {
      throw new StripeError(400, "invalid_request_error", "The client_secret provided does not match the client_secret associated with the PaymentIntent.", { param: "client_secret" });
    }
  };
  const r = (method: string, path: string, run: Route["run"], auth: Auth = "secret"): Route => ({
    method, auth, run, path: new RegExp(`^${path.replace(/:id/g, "([A-Za-z0-9_]+)")}$`),
  });
  const byCustomer = (object: string, p: Params) =>
    state.all(object).filter((o) => !str(p, "customer") || o.customer === str(p, "customer")).sort((a, b) => (b.created as number) - (a.created as number));

  return [
    r("POST", "/v1/customers", (_, p) => state.createCustomer({ email: str(p, "email"), name: str(p, "name"), metadata: obj(p, "metadata") })),
    r("GET", "/v1/customers/:id", ([id]) => typed(id!, "customer", "customer")),
    r("POST", "/v1/customers/:id", ([id], p) => {
      const c = typed(id!, "customer", "customer");
      const pm = str(obj(p, "invoice_settings"), "default_payment_method");
      if (pm !== undefined) {
        if (pm && typed(pm, "payment_method", "PaymentMethod").customer !== c.id) {
          throw new StripeError(400, "invalid_request_error", `The customer does not have a payment method with the ID ${pm}.`, { param: "invoice_settings[default_payment_method]" });
        }
        (c.invoice_settings as Record<string, unknown>).default_payment_method = pm || null;
      }
      for (const k of ["email", "name"]) if (str(p, k) !== undefined) c[k] = str(p, k);
      return c;
    }),
    r("POST", "/v1/payment_methods", (_, p) => {
      if (str(p, "type") !== "card") throw new StripeError(400, "invalid_request_error", "Only card payment methods are supported here.", { param: "type" });
      return state.createCard(need(obj(p, "card") as Params, "number"));
    }, "publishable"),
    r("GET", "/v1/payment_methods/:id", ([id]) => typed(id!, "payment_method", "PaymentMethod")),
    r("POST", "/v1/payment_methods/:id/attach", ([id], p) => state.attach(id!, need(p, "customer"))),
    r("POST", "/v1/subscriptions", (_, p) => {
      const items = p.items;
      const price = Array.isArray(items) && items[0] && typeof items[0] === "object" ? str(items[0] as Params, "price") : undefined;
      if (!price) throw new StripeError(400, "invalid_request_error", "Missing required param: items[0][price].", { code: "parameter_missing", param: "items" });
      return state.createSubscription(need(p, "customer"), price, str(p, "payment_behavior") ?? "allow_incomplete", obj(p, "metadata"));
    }),
    r("GET", "/v1/subscriptions", (_, p) => pageOf("/v1/subscriptions", byCustomer("subscription", p).filter((s) => s.status !== "canceled" || str(p, "status") === "all"), p)),
    r("GET", "/v1/subscriptions/:id", ([id]) => typed(id!, "subscription", "subscription")),
    r("POST", "/v1/subscriptions/:id", ([id], p) => {
      const sub = typed(id!, "subscription", "subscription");
      if (sub.status === "canceled") throw new StripeError(400, "invalid_request_error", "A canceled subscription can only update its cancellation_details and metadata.");
      const item = Array.isArray(p.items) ? (p.items[0] as Params | undefined) : undefined;
      const cancel = str(p, "cancel_at_period_end");
      return state.updateSubscription(sub, {
        cancelAtPeriodEnd: cancel === undefined ? undefined : cancel === "true",
        itemId: item && str(item, "id"),
        priceId: item && str(item, "price"),
        metadata: obj(p, "metadata"),
      });
    }),
    r("DELETE", "/v1/subscriptions/:id", ([id]) => state.cancelNow(typed(id!, "subscription", "subscription"))),
    r("GET", "/v1/invoices", (_, p) => pageOf("/v1/invoices", byCustomer("invoice", p), p)),
    r("GET", "/v1/invoices/:id", ([id]) => typed(id!, "invoice", "invoice")),
    r("POST", "/v1/invoices/:id/pay", ([id], p) => {
      const invoice = typed(id!, "invoice", "invoice");
      if (invoice.status === "paid") throw new StripeError(400, "invalid_request_error", "Invoice is already paid.", { code: "invoice_unexpected_state" });
      const intent = state.get(state.intentOf(invoice), "payment_intent");
      const customer = state.get(invoice.customer as string, "customer");
      const pmId = str(p, "payment_method") ?? (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
      if (!pmId) throw new StripeError(400, "invalid_request_error", "The invoice has no payment method to charge.", { code: "invoice_no_payment_method_types" });
      state.attempt(intent, typed(pmId, "payment_method", "PaymentMethod"), false);
      if (intent.status === "requires_payment_method") throw new StripeError(402, "card_error", "Your card was declined.", { code: "card_declined", decline_code: "generic_decline" });
      if (intent.status === "requires_action") throw new StripeError(402, "card_error", "This payment requires additional user action before it can be completed successfully.", { code: "invoice_payment_intent_requires_action" });
      return invoice;
    }),
    r("GET", "/v1/payment_intents/:id", ([id], p, auth) => {
      const intent = typed(id!, "payment_intent", "payment_intent");
      checkSecret(intent, p, auth);
      return intent;
    }, "publishable"),
    r("POST", "/v1/payment_intents/:id/confirm", ([id], p, auth) => {
      const intent = typed(id!, "payment_intent", "payment_intent");
      checkSecret(intent, p, auth);
      const pm = typed(str(p, "payment_method") ?? (intent.payment_method as string | null) ?? "", "payment_method", "PaymentMethod");
      state.attempt(intent, pm, true);
      if (intent.status === "requires_payment_method") {
        throw new StripeError(402, "card_error", "Your card was declined.", { code: "card_declined", decline_code: "generic_decline", payment_intent: intent });
      }
      return intent;
    }, "publishable"),
    r("POST", "/v1/products", (_, p) => put(state, {
      id: str(p, "id") ?? newId("prod"), object: "product", name: need(p, "name"), active: true, metadata: obj(p, "metadata"),
      created: Math.floor(Date.now() / 1000), livemode: false, description: str(p, "description") ?? null,
    })),
    r("GET", "/v1/products", () => listOf("/v1/products", state.all("product"))),
    r("GET", "/v1/products/search", (_, p) => {
      const m = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(need(p, "query"));
      if (!m) throw new StripeError(400, "invalid_request_error", "This local Stripe searches products by one metadata field only.", { param: "query" });
      const data = state.all("product").filter((o) => (o.metadata as Record<string, string>)[m[1]!] === m[2]);
      return { object: "search_result", url: "/v1/products/search", has_more: false, next_page: null, data };
    }),
    r("GET", "/v1/products/:id", ([id]) => typed(id!, "product", "product")),
    r("POST", "/v1/prices", (_, p) => {
      const key = str(p, "lookup_key");
      if (key && state.all("price").some((x) => x.lookup_key === key && !str(p, "transfer_lookup_key"))) {
        throw new StripeError(400, "invalid_request_error", `A price (\`${key}\`) already uses that lookup key.`, { param: "lookup_key" });
      }
      typed(need(p, "product"), "product", "product");
      if (key) for (const old of state.all("price").filter((x) => x.lookup_key === key)) old.lookup_key = null;
      const interval = str(obj(p, "recurring"), "interval");
      return put(state, {
        id: newId("price"), object: "price", product: need(p, "product"), currency: need(p, "currency"), active: true,
        unit_amount: Number(need(p, "unit_amount")), lookup_key: key ?? null, nickname: str(p, "nickname") ?? null, metadata: obj(p, "metadata"),
        type: interval ? "recurring" : "one_time", recurring: interval ? { interval, interval_count: 1, usage_type: "licensed" } : null,
        billing_scheme: "per_unit", created: Math.floor(Date.now() / 1000), livemode: false,
      });
    }),
    r("GET", "/v1/prices", (_, p) => {
      const keys = list(p, "lookup_keys");
      const active = str(p, "active");
      const data = state.all("price").filter((x) => (!keys.length || keys.includes(x.lookup_key as string)) && (active === undefined || String(x.active) === active));
      return listOf("/v1/prices", data);
    }),
    r("GET", "/v1/prices/:id", ([id]) => typed(id!, "price", "price")),
    r("POST", "/v1/prices/:id", ([id], p) => {
      const price = typed(id!, "price", "price");
      const active = str(p, "active");
      if (active !== undefined) price.active = active === "true";
      return price;
    }),
  ];
}

const put = (state: StripeState, o: Obj): Obj => {
  state.objects.set(o.id, o);
  return o;
};

/** Starts the local Stripe; `port` 0 (the default) picks a free one. */
export function startStripeMock(opts: Options = {}): StripeMock {
  const say = opts.log ?? (() => {});
  let webhookUrl = opts.webhookUrl;
  let queue: Promise<void> = Promise.resolve();
  const deliver = (event: Obj) => {
    const url = webhookUrl;
    const secret = opts.webhookSecret;
    if (!url || !secret) return;
    const payload = JSON.stringify(event, null, 2);
    queue = queue.then(async () => {
      try {
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signatureHeader(payload, secret), "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
          body: payload,
        });
        say(`webhook ${event.type} ${event.id} -> ${res.status}`);
      } catch (err) {
        say(`webhook ${event.type} ${event.id} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    });
  };
  const state: StripeState = new StripeState((type, object, previous) => {
    const event: Obj = {
      id: newId("evt"), object: "event", api_version: API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false,
      pending_webhooks: 1, request: { id: null, idempotency_key: null }, type,
      data: { object: render(state, object, []), ...(previous ? { previous_attributes: previous } : {}) },
    };
    deliver(event);
  });
  const table = routes(state);
  const idempotent = new IdempotencyKeys();

  const handle = async (request: Request): Promise<Response> => {
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
    const url = new URL(request.url);
    const end = /^\/_mock\/subscriptions\/([A-Za-z0-9_]+)\/end_period$/.exec(url.pathname);
    try {
      if (end && request.method === "POST") return json(200, render(state, state.endPeriod(state.get(end[1]!, "subscription")), []));
      const key = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
      const auth: Auth | null = /^(sk|rk)_test_/.test(key) ? "secret" : /^pk_test_/.test(key) ? "publishable" : null;
      if (!auth) throw new StripeError(401, "invalid_request_error", "You did not provide a valid test API key. This local Stripe takes sk_test_… or pk_test_… keys.");
      const encoded = request.method === "GET" || request.method === "DELETE" ? url.search.slice(1) : await request.text();
      const once = request.method === "POST" ? request.headers.get("idempotency-key") : null;
      const answer = idempotent.answer(once, `${request.method} ${url.pathname} ${encoded}`, () => run(request.method, url.pathname, parseForm(encoded), auth));
      return json(answer.status, answer.body, once === null ? {} : { "idempotency-key": once, ...(answer.replayed ? { "idempotent-replayed": "true" } : {}) });
    } catch (err) {
      if (err instanceof StripeError) return errorResponse(err);
      say(`error: ${err instanceof Error ? err.stack : String(err)}`);
      return json(500, { error: { type: "api_error", message: "An unexpected error occurred in the local Stripe." } });
    }
  };

  /** One API call's status and body, a Stripe error's included. */
  const run = (method: string, path: string, params: Params, auth: Auth): [number, unknown] => {
    try {
      for (const route of table) {
        const m = route.method === method ? route.path.exec(path) : null;
        if (!m) continue;
        if (route.auth === "secret" && auth !== "secret") throw new StripeError(401, "invalid_request_error", "This API call cannot be made with a publishable API key.");
        return [200, render(state, route.run(m.slice(1), params, auth), list(params, "expand"))];
      }
      throw new StripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
    } catch (err) {
      if (err instanceof StripeError) return [err.status, errorBody(err)];
      throw err;
    }
  };

  const server = Bun.serve({ hostname: "127.0.0.1", port: opts.port ?? 0, fetch: handle });
  return {
    url: `http://127.0.0.1:${server.port}`,
    port: server.port!,
    state,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    endPeriod: (id) => void state.endPeriod(state.get(id, "subscription")),
    delivered: async () => {
      for (let seen: Promise<void> | null = null; seen !== queue; ) await (seen = queue);
    },
    stop: async () => {
      await queue;
      await server.stop(true);
    },
  };
}
