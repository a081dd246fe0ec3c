// Plans: Free and Pro. Every limit lives in src/shared/plans so the picker, retention, the pricing
// copy and the checks read one number. Beta mode makes everyone Pro; unset, it is on until billing
// is configured (self-hosters). Retention follows the plan (./retention.ts); the room keeps every
// domain's retention in line with its owner's plan, on the embedded database's maintenance timer,
// or at boot and hourly on a server.
import { Elysia } from "elysia";
import type { Config } from "../config";
import type { AppContext } from "../context";
import { log } from "../log";
import { hasProScope, type Scoped } from "../shared/plans";
import { reconcilePlanRetention } from "./retention";

export { FREE_DOMAIN_LIMIT, FREE_HISTORY_DAYS } from "../shared/plans";
export { applyNewDomainRetention, applyPlanRetention, retentionGraceEnd } from "./retention";

const HOUR_MS = 3600_000;

export const isBeta = (config: Pick<Config, "BETA">): boolean => config.BETA !== "0";

export const isPro = (config: Pick<Config, "BETA">, user: Scoped): boolean => hasProScope(user, isBeta(config));

export const plansRoom = ({ config, db, lifecycle }: AppContext) => {
  const reconcile = () => reconcilePlanRetention(db.sql, isBeta(config), new Date());
  if (db.maintenance) db.maintenance.add({ name: "plans.retention", run: reconcile });
  else {
    const run = () => void reconcile().catch((err) => log.warn("plan retention not reconciled", { error: err instanceof Error ? err.message : String(err) }));
    run();
    const timer = setInterval(run, HOUR_MS);
    timer.unref();
    lifecycle.onShutdown("plans-retention", async () => clearInterval(timer));
  }
  return new Elysia({ name: "plans" });
};
