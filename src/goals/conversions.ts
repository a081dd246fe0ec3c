// Goals and funnels a room sets a domain up with (the demo's shop, src/demo/site.ts CONVERSIONS):
// those the domain lacks by name, whatever its case, are added; those it has stay as they are. A
// name another node added meanwhile is the same answer as one found, so nodes may run it together.
import type { AppContext } from "../context";
import type { AddConversions } from "../demo";
import { funnelsOf, goalsOf, insertFunnel, insertGoal } from "./queries";

export const conversionsAdder = (ctx: Pick<AppContext, "db">): AddConversions => async (domainId, wanted) => {
  const { sql } = ctx.db;
  const added = { goals: 0, funnels: 0 };
  const has = new Set((await goalsOf(sql, domainId)).map((g) => g.name.toLowerCase()));
  for (const goal of wanted.goals.filter((g) => !has.has(g.name.toLowerCase()))) {
    // NOTE: a duplicate (another node's) or a full domain is a refusal, not a failure.
    if ((await insertGoal(sql, { domainId, ...goal })).ok) added.goals++;
  }
  const ids = new Map((await goalsOf(sql, domainId)).map((g) => [g.name.toLowerCase(), g.id]));
  const hasFunnel = new Set((await funnelsOf(sql, domainId)).map((f) => f.name.toLowerCase()));
  for (const funnel of wanted.funnels.filter((f) => !hasFunnel.has(f.name.toLowerCase()))) {
    const steps = funnel.steps.flatMap((name) => ids.get(name.toLowerCase()) ?? []);
    // NOTE: a step whose goal the domain could not take (full) leaves the funnel out.
    if (steps.length === funnel.steps.length && (await insertFunnel(sql, { domainId, name: funnel.name, steps })).ok) added.funnels++;
  }
  return added;
};
