// The demo room: the public demo domain (config DEMO_DOMAIN), which anyone may read through the
// stats API. Which domain it is (./domain.ts), and its row, seeding and live traffic, written
// through the collector like any site's (./live.ts), drawn from the model of a made-up site
// (./model.ts, ./visits.ts, ./site.ts; ./README.md), with its owner's goals and funnel (added by
// the goals room's AddConversions). It has no routes of its own.
import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { startDemo, type AddConversions } from "./live";

export { demoDomain, isDemoRow } from "./domain";
export { demoOf, type AddConversions } from "./live";

/** The room; `addConversions` is the goals room's, which gives the demo its goals and funnel. */
export const demoRoom = (ctx: AppContext, addConversions: AddConversions) => {
  startDemo(ctx, addConversions);
  return new Elysia({ name: "demo" });
};
