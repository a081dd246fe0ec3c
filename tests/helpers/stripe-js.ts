// A local stand-in for Stripe.js, served in e2e tests for https://js.stripe.com/* through
// Playwright's request routing, with https://api.stripe.com/* routed to the local Stripe: just
// enough of Stripe(pk) for the upgrade form — elements().create("card") mounting a plain card-number
// input, createPaymentMethod, and confirmCardPayment (where an intent that requires action passes
// its "3D Secure" at once, as a payer who approves would).
import type { BrowserContext, Page } from "playwright-core";
import type { StripeMock } from "../../tools/stripe-mock/server";

const STAND_IN = String.raw`(() => {
  const call = async (pk, path, params) => {
    const res = await fetch("https://api.stripe.com" + path, {
      method: "POST",
      headers: { authorization: "Bearer " + pk, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(params),
    });
    return res.json();
  };
  function Stripe(pk) {
    const made = {};
    const elements = {
      create(type, options) {
        const input = document.createElement("input");
        input.setAttribute("aria-label", "Card number");
        input.autocomplete = "cc-number";
        input.disabled = !!(options && options.disabled);
        const handlers = {};
        const element = {
          _input: input,
          mount(node) {
            (typeof node === "string" ? document.querySelector(node) : node).appendChild(input);
            setTimeout(() => (handlers.ready || []).forEach((h) => h(element)));
          },
          on(event, h) { (handlers[event] = handlers[event] || []).push(h); return element; },
          off(event, h) { handlers[event] = (handlers[event] || []).filter((x) => x !== h); return element; },
          update(o) { if (o && "disabled" in o) input.disabled = !!o.disabled; },
          destroy() { input.remove(); delete made[type]; },
          unmount() { input.remove(); },
          focus() { input.focus(); }, blur() { input.blur(); }, clear() { input.value = ""; },
        };
        made[type] = element;
        return element;
      },
      getElement(kind) { return made[(kind && kind.__elementType) || kind] || null; },
      update() {},
    };
    return {
      elements: () => elements,
      createToken: async () => ({ error: { type: "invalid_request_error", message: "Tokens are not used here." } }),
      async createPaymentMethod({ card }) {
        const number = card._input.value.replace(/\s/g, "");
        if (!number) return { error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." } };
        const pm = await call(pk, "/v1/payment_methods", { type: "card", "card[number]": number });
        return pm.error ? { error: pm.error } : { paymentMethod: pm };
      },
      async confirmCardPayment(secret, data) {
        const id = secret.split("_secret_")[0];
        const params = { client_secret: secret };
        if (data && data.payment_method) params.payment_method = data.payment_method;
        let intent = await call(pk, "/v1/payment_intents/" + id + "/confirm", params);
        if (!intent.error && intent.status === "requires_action") {
          intent = await call(pk, "/v1/payment_intents/" + id + "/confirm", { client_secret: secret });
        }
        return intent.error ? { error: intent.error } : { paymentIntent: intent };
      },
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();`;

/** Serves the stand-in for Stripe.js and sends Stripe API calls to `mock`, for every page of `target`. */
export async function routeStripe(target: Page | BrowserContext, mock: StripeMock): Promise<void> {
  await target.route(/^https:\/\/js\.stripe\.com\//, (route) => route.fulfill({ contentType: "text/javascript", body: STAND_IN }));
  await target.route(/^https:\/\/api\.stripe\.com\//, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${mock.url}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}
