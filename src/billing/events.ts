// The shape of a Stripe webhook event, checked after its signature and before anything is read or
// stored: every event needs an id, a type, a sane `created` time and a `data.object`; the events the
// webhook acts on need the fields it reads, of the types Stripe sends. A signed event is Stripe's,
// but a malformed one (an API change, a test sent from the dashboard) is refused with 400 and what
// is wrong, rather than failing half-way.
import { t, type Static, type TSchema } from "elysia";
import { TypeCompiler } from "elysia/type-system";

/** NOTE: Stripe's clock against ours: an event stamped further ahead than this is not believed. */
const FUTURE_SLACK_S = 3600;

const id = (prefix: string) => t.String({ pattern: `^${prefix}_[A-Za-z0-9_]{1,200}$` });
/** A reference Stripe may send as an id or, expanded, as the object. */
const ref = (prefix: string) => t.Union([id(prefix), t.Object({ id: id(prefix) })]);

const Subscription = t.Object({ object: t.Literal("subscription"), id: id("sub"), customer: ref("cus") });
const Invoice = t.Object({
  object: t.Literal("invoice"),
  id: id("in"),
  customer: ref("cus"),
  parent: t.Optional(t.Union([t.Null(), t.Object({ subscription_details: t.Union([t.Null(), t.Object({ subscription: ref("sub") })]) })])),
});
const Intent = t.Object({
  object: t.Literal("payment_intent"),
  id: id("pi"),
  customer: t.Union([ref("cus"), t.Null()]),
  last_payment_error: t.Union([t.Null(), t.Object({ type: t.String(), payment_method: t.Optional(t.Union([t.Null(), t.Object({ id: id("pm") })])) })]),
});
const AnyObject = t.Object({ object: t.String({ minLength: 1 }) });

const event = <O extends TSchema>(object: O) =>
  t.Object({ id: id("evt"), type: t.String({ minLength: 1, maxLength: 200 }), created: t.Integer({ minimum: 1 }), data: t.Object({ object }) });

const subscriptionEvent = TypeCompiler.Compile(event(Subscription));
const invoiceEvent = TypeCompiler.Compile(event(Invoice));
const intentEvent = TypeCompiler.Compile(event(Intent));
const anyEvent = TypeCompiler.Compile(event(AnyObject));

const CHECKS = {
  "customer.subscription.updated": subscriptionEvent,
  "customer.subscription.deleted": subscriptionEvent,
  "invoice.paid": invoiceEvent,
  "invoice.payment_failed": invoiceEvent,
  "payment_intent.payment_failed": intentEvent,
} as const;

/** What an event asks of us: re-read a subscription, count a declined card, or nothing. */
type Action =
  | { kind: "subscription"; customer: string; subscription: string }
  | { kind: "decline"; customer: string; intent: string; paymentMethod: string }
  | null;
type CheckedEvent = { id: string; type: string; created: Date; action: Action };

const idOf = (r: string | { id: string }) => (typeof r === "string" ? r : r.id);

function actionOf(type: string, object: unknown): Action {
  if (type.startsWith("customer.subscription.")) {
    const sub = object as Static<typeof Subscription>;
    return { kind: "subscription", customer: idOf(sub.customer), subscription: sub.id };
  }
  if (type.startsWith("invoice.")) {
    const invoice = object as Static<typeof Invoice>;
    const sub = invoice.parent?.subscription_details?.subscription;
    return sub ? { kind: "subscription", customer: idOf(invoice.customer), subscription: idOf(sub) } : null;
  }
  const intent = object as Static<typeof Intent>;
  const card = intent.last_payment_error?.type === "card_error" ? intent.last_payment_error.payment_method : null;
  return intent.customer && card ? { kind: "decline", customer: idOf(intent.customer), intent: intent.id, paymentMethod: card.id } : null;
}

/** The event checked, or what is wrong with it. `nowS`: this server's time in epoch seconds. */
export function checkEvent(value: unknown, nowS: number): { ok: true; event: CheckedEvent } | { ok: false; message: string } {
  const type = (value as { type?: unknown } | null)?.type;
  const handled = typeof type === "string" && Object.hasOwn(CHECKS, type);
  const check = (handled ? CHECKS[type as keyof typeof CHECKS] : anyEvent) as typeof anyEvent;
  if (!check.Check(value)) {
    const first = check.Errors(value).First();
    return { ok: false, message: `The event is malformed: ${first ? `${first.path.slice(1).replaceAll("/", ".") || "(root)"}: ${first.message}` : "unexpected shape"}.` };
  }
  if (value.created > nowS + FUTURE_SLACK_S) return { ok: false, message: "The event is malformed: created lies in the future." };
  return { ok: true, event: { id: value.id, type: value.type, created: new Date(value.created * 1000), action: handled ? actionOf(value.type, value.data.object) : null } };
}
