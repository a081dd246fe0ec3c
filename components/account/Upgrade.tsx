"use client";
// The #upgrade section of /settings/profile: the card form for a free account, the plan for a Pro
// one. Reads GET /api/stripe/subscription for Stripe's publishable key and the plan; switches to
// the plan view once the payment made the account Pro, without a reload.
import { useEffect, useState } from "react";
import type { Billing } from "../../src/shared/pricing";
import { api } from "../forms/api";
import { ProPlan, type BillingState } from "./ProPlan";
import { UpgradeForm } from "./UpgradeForm";

type Billed = BillingState & { publishableKey: string };

export function Upgrade({ pro: proAtLoad, tier, billing }: { pro: boolean; tier: string; billing: Billing }) {
  const [pro, setPro] = useState(proAtLoad);
  const [billed, setBilled] = useState<Billed | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    void api<Billed>("GET", "/api/stripe/subscription").then((r) => (r.ok ? setBilled(r.data) : setUnavailable(true)));
  }, [pro]);

  if (unavailable) return <p className="mt-4 text-sm">Payments are unavailable right now. Please try again later.</p>;
  if (!billed) return <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">Loading…</p>;
  if (pro) return <ProPlan initial={billed} />;
  const nowPro = () => {
    setBilled(null);
    setPro(true);
  };
  return <UpgradeForm publishableKey={billed.publishableKey} tier={tier} billing={billing} onPro={nowPro} />;
}
