"use client";
// The #upgrade section of /settings/profile: its heading, the card form for a free account, the
// plan for a Pro one. Reads GET /api/stripe/subscription for Stripe's publishable key and the plan.
// Once Stripe has taken a payment, it says so and re-reads the account until the server has made it
// Pro (the webhook may land a little later), then shows the plan and tells the page (PRO_EVENT):
// no reload.
import { useEffect, useState } from "react";
import type { Billing } from "../../src/shared/pricing";
import { api } from "../forms/api";
import { waitForPro } from "./payment";
import { PRO_EVENT } from "./PlanName";
import { ProPlan, type BillingState } from "./ProPlan";
import { UpgradeForm } from "./UpgradeForm";

type Billed = BillingState & { publishableKey: string };
/** After a payment: none yet, waiting for the server to say Pro, Pro, or still waiting after the poll gave up. */
type Paid = "no" | "confirming" | "done" | "late";

const note = "mt-4 max-w-lg rounded-lg border p-4 text-sm";

export function Upgrade({ pro: proAtLoad, tier, billing }: { pro: boolean; tier: string; billing: Billing }) {
  const [pro, setPro] = useState(proAtLoad);
  const [paid, setPaid] = useState<Paid>("no");
  const [billed, setBilled] = useState<Billed | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    void api<Billed>("GET", "/api/stripe/subscription").then((r) => (r.ok ? setBilled(r.data) : setUnavailable(true)));
  }, [pro]);
  useEffect(() => {
    if (paid !== "confirming") return;
    let live = true;
    void waitForPro().then((ok) => {
      if (!live) return;
      if (!ok) return setPaid("late");
      setBilled(null);
      setPro(true);
      setPaid("done");
      dispatchEvent(new Event(PRO_EVENT));
    });
    return () => void (live = false);
  }, [paid]);

  return (
    <>
      <h2 id="upgrade-heading" className="text-lg font-semibold">{pro ? "Your plan" : "Upgrade to Pro"}</h2>
      {paid === "done" && (
        <p role="status" className={`${note} border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100`}>
          <strong>Payment received: welcome to Pro.</strong> Your plan is active; Energy &amp; Carbon, Events and all of your history are unlocked.
        </p>
      )}
      {body()}
    </>
  );

  function body() {
    if (paid === "confirming" || paid === "late") return <Confirming late={paid === "late"} />;
    if (unavailable) return <p className="mt-4 text-sm">Payments are unavailable right now. Please try again later.</p>;
    if (!billed) return <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">Loading…</p>;
    if (pro) return <ProPlan initial={billed} />;
    return <UpgradeForm publishableKey={billed.publishableKey} tier={tier} billing={billing} onPaid={() => setPaid("confirming")} />;
  }
}

function Confirming({ late }: { late: boolean }) {
  return (
    <div role="status" className={`${note} border-blue-200 bg-blue-50 text-blue-950 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100`}>
      <p className="font-semibold">{late ? "Payment received." : "Payment received. Confirming your Pro plan…"}</p>
      {late ? (
        <p className="mt-1">Stripe has taken your payment but has not confirmed it to Bothy yet. Pro switches on as soon as it does: reload this page in a minute.</p>
      ) : (
        <>
          <progress aria-label="Confirming your Pro plan" className="mt-2 h-1.5 w-full" />
          <p className="mt-1">Stripe is telling Bothy about your payment; this takes a few seconds. There is no need to reload.</p>
        </>
      )}
    </div>
  );
}
