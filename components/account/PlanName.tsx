"use client";
// The profile's "Plan" value: the plan the page was rendered with, until the upgrade section says
// the account is now Pro (PRO_EVENT), so a payment shows without a reload.
import { useEffect, useState } from "react";

export const PRO_EVENT = "bothy:pro";

export function PlanName({ initial }: { initial: string }) {
  const [name, setName] = useState(initial);
  useEffect(() => {
    const nowPro = () => setName("Pro");
    addEventListener(PRO_EVENT, nowPro);
    return () => removeEventListener(PRO_EVENT, nowPro);
  }, []);
  return <>{name}</>;
}
