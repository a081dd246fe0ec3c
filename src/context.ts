// What every room receives and what it is: the shared context (config, database, lifecycle, the
// public origin) and the Room type. Its own module, so that rooms import it without importing the
// app that composes them.
import type { AnyElysia } from "elysia";
import type { Config } from "./config";
import type { Database } from "./db";
import type { PublicOrigin } from "./origin";
import type { Lifecycle } from "./lifecycle";

/** `origin` is this instance's public origin (origin.ts): links and CSRF checks read it, never the request. */
export type AppContext = { config: Config; db: Database; lifecycle: Lifecycle; origin: PublicOrigin };

/** A room: builds its plugin from the shared context. */
export type Room = (ctx: AppContext) => AnyElysia;
