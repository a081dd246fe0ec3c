// Which domain is the public demo (config DEMO_DOMAIN; empty turns the demo off). Kept apart from
// the demo's seeding so pages (the demo dashboard, the home page's demo section) can ask without
// importing the stats room.
import type { Config } from "../config";

/** The demo domain's name, or null when the demo is off. */
export const demoDomain = (config: Pick<Config, "DEMO_DOMAIN">): string | null => config.DEMO_DOMAIN || null;

/** The scope entry that marks the demo's row (it has no owner). */
export const DEMO_SCOPE = "demo";

/** A row is the demo when it is the configured name, unowned and marked: a user's own domain of the
 * same name (added before the demo was configured) stays private. */
export const isDemoRow = (
  config: Pick<Config, "DEMO_DOMAIN">,
  row: { name: string; owner: string | null; scope: string[] },
): boolean => row.name === demoDomain(config) && row.owner === null && row.scope.includes(DEMO_SCOPE);
