// The demo room: the public demo domain (config DEMO_DOMAIN), which anyone may read through the
// stats API. Which domain it is (./domain.ts), and its row, seeding and live traffic, written
// through the collector like any site's (./live.ts), drawn from the model of a made-up site
// (./model.ts, ./visits.ts, ./site.ts; ./README.md). It has no routes of its own.
import { Elysia } from "elysia";
import type { Room } from "../context";
import { startDemo } from "./live";

export { demoDomain, isDemoRow } from "./domain";
export { demoOf } from "./live";

export const demoRoom: Room = (ctx) => {
  startDemo(ctx);
  return new Elysia({ name: "demo" });
};
