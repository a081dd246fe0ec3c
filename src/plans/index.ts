// Plans: Free and Pro. Every limit lives in src/shared/plans so the picker, retention, the pricing
// copy and the checks read one number. Beta mode makes everyone Pro; unset, it is on until billing
// is configured (self-hosters). Retention follows the plan (./retention.ts).
import type { Config } from "../config";
import { hasProScope, type Scoped } from "../shared/plans";

export { FREE_DOMAIN_LIMIT, FREE_HISTORY_DAYS } from "../shared/plans";
export { applyNewDomainRetention, applyPlanRetention, reconcilePlanRetention, retentionGraceEnd } from "./retention";

export const isBeta = (config: Pick<Config, "BETA">): boolean => config.BETA !== "0";

export const isPro = (config: Pick<Config, "BETA">, user: Scoped): boolean => hasProScope(user, isBeta(config));
