// Plans: Free and Pro. Every limit lives in src/shared/plans so the picker, retention, the pricing
// copy and the checks read one number. Beta mode makes everyone Pro; unset, it is on until billing
// is configured (self-hosters). Retention follows the plan (./retention.ts); a job of the job timer
// keeps every domain's retention in line with its owner's plan.
import type { Config } from "../config";
import type { AppContext } from "../context";
import type { MaintenanceJob } from "../db";
import { hasAdminScope, hasProScope, type Scoped } from "../shared/plans";
import { reconcilePlanRetention } from "./retention";

export { FREE_DOMAIN_LIMIT, FREE_HISTORY_DAYS } from "../shared/plans";
export { applyNewDomainRetention, applyPlanRetention, retentionGraceEnd } from "./retention";

type BillingKeys = Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_PUBLISHABLE_KEY" | "STRIPE_WEBHOOK_SECRET">;

/** Billing is configured when Stripe's secret key, publishable key and webhook secret are all set. */
export const billingConfigured = (config: BillingKeys): boolean =>
  !!(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET);

/** What the plan checks read from the config. */
export type PlanConfig = Pick<Config, "BETA"> & BillingKeys;

/** BETA=1 or BETA=0 decides; unset, the instance is in beta until billing is configured. */
export const isBeta = (config: PlanConfig): boolean =>
  config.BETA === undefined ? !billingConfigured(config) : config.BETA === "1";

export const isPro = (config: PlanConfig, user: Scoped): boolean => hasProScope(user, isBeta(config));

/** Exports are Pro's (everyone's in beta) and admins'. */
export const mayExport = (config: PlanConfig, user: Scoped): boolean => isPro(config, user) || hasAdminScope(user);

/** The job that keeps every domain's retention in line with its owner's plan. */
export const planJobs = ({ config }: Pick<AppContext, "config">): MaintenanceJob[] => [
  { name: "plans.retention", run: (sql) => reconcilePlanRetention(sql, isBeta(config), new Date()) },
];

