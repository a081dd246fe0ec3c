// Plans: Free and Pro. Every limit lives here so the picker, retention, the
// pricing copy and the checks read one number. Beta mode makes everyone Pro; unset, it is on
// until billing is configured (self-hosters), which the billing feature decides.
import type { Config } from "../config";

/** Days of history a free account sees in the date picker and keeps. */
export const FREE_HISTORY_DAYS = 30;
/** Websites a free account may add. */
export const FREE_DOMAIN_LIMIT = 2;

export const isBeta = (config: Pick<Config, "BETA">): boolean => config.BETA !== "0";

export const isPro = (config: Pick<Config, "BETA">, user: { scope: string[] }): boolean =>
  isBeta(config) || user.scope.includes("pro");
