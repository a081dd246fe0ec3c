// The budgets room: a domain's carbon budgets, grams of CO2 and/or bytes a page view may cost, as a
// default and per page pattern (rules in src/shared/budgets.ts), kept by its editors through the
// routes in ./routes.ts. The alert check (src/reports) reads them to tell when a page goes over.
import type { AppContext } from "../context";
import { budgetRoutes } from "./routes";

export { budgetsOf } from "./queries";

export const budgetsRoom = (ctx: AppContext) => budgetRoutes(ctx);
