// The stats service: what /api/stats answers and the rooms that hand the same numbers on
// (exports, reports, alerts) ask for. A request's range, slice, entries and funnel are checked
// here, the read runs behind the database's read gate (admission.ts) and its error values become
// one HTTP error; who may read a domain is access.ts's. The dashboard pages' first-paint lookups
// (dashboardToday, publicDashboardExists) share its access rules.
import type { AppContext } from "../context";
import { siteByPublicId, type Site } from "../domains";
import { HttpError } from "../http/errors";
import type { Database } from "../db";
import { localTime } from "../shared/days";
import { statsAccess } from "./access";
import type { DataType, EntriesWanted, Stats } from "./contract";
import { parseRange } from "./range";
import { readStats } from "./read";
import { goalsNamed } from "./filter";
import { REDACTED, redactDemo } from "./redact";
import { readGate, type ReadGate } from "./admission";
import { filtersKey, parseFilters, type Filter } from "../shared/filters";
import type { Goal } from "../shared/goals";
import type { Funnel } from "../shared/funnels";
import { metricsOf } from "../metrics";

type AskedRange = {
  startKey?: string; endKey?: string; start?: number; end?: number; dataType: DataType;
  entries?: "all" | "none"; referrer?: string; page?: string; campaign?: string; filters?: string; funnel?: number;
};

/** The asked slice (src/shared/filters.ts): none when absent, a 400 naming the bad part when malformed. */
function filtersOf(q: { filters?: string }): Filter[] {
  const parsed = parseFilters(q.filters);
  if (!parsed.ok) throw new HttpError(400, parsed.message, { filters: parsed.message });
  return parsed.filters;
}

/** The goals the slice's goal filters name, read only when it has one; 400 for a goal that is not the domain's. */
async function filterGoalsOf(filters: Filter[], goalsOf: () => Promise<Goal[]>): Promise<Goal[]> {
  if (!filters.some(([, dim]) => dim === "goal")) return [];
  const named = goalsNamed(filters, await goalsOf());
  if (!named.ok) throw new HttpError(400, named.message, { filters: named.message });
  return named.goals;
}

/** Which entry pages REF holds: every listed referrer's and campaign's, unless the caller asks for fewer. */
function entriesWanted(q: AskedRange): EntriesWanted {
  const asked = (["referrer", "page", "campaign"] as const).filter((k) => q[k] !== undefined);
  if (asked.length > 1) {
    const message = "Ask for the entry pages of one referrer, one page or one campaign, not several.";
    throw new HttpError(400, message, { [asked[1]!]: `${asked.join(" and ")} cannot go together.` });
  }
  if (q.referrer !== undefined) return { of: "referrer", label: q.referrer };
  if (q.page !== undefined) return { of: "page", path: q.page };
  if (q.campaign !== undefined) return { of: "campaign", name: q.campaign };
  return { of: q.entries ?? "all" };
}

/** The asked days: the keys, or the local days of `start`/`end` in the domain's zone. */
function rangeOf(q: AskedRange, tz: string): { startKey: string; endKey: string; dataType: DataType; entries: EntriesWanted; filters: Filter[]; funnel?: number } {
  const day = (key: "startKey" | "endKey", time: "start" | "end") => {
    const at = q[time];
    const found = q[key] ?? (at === undefined ? undefined : localTime(tz, at).day);
    if (found !== undefined) return found;
    const message = `${key} (or ${time}, a time in milliseconds) is required.`;
    throw new HttpError(400, message, { [key]: message });
  };
  if (q.dataType === "FUNNEL" && q.funnel === undefined) {
    const message = "funnel (a funnel's id) is required with dataType=FUNNEL.";
    throw new HttpError(400, message, { funnel: message });
  }
  return {
    startKey: day("startKey", "start"), endKey: day("endKey", "end"), dataType: q.dataType, entries: entriesWanted(q), filters: filtersOf(q),
    ...(q.dataType === "FUNNEL" && { funnel: q.funnel }),
  };
}


// NOTE: one per database, like the collector: the room and the pages' dashboardToday share it.
const accesses = new WeakMap<Database, ReturnType<typeof statsAccess>>();
export const accessFor = (ctx: Pick<AppContext, "config" | "db">) => {
  let access = accesses.get(ctx.db);
  if (!access) accesses.set(ctx.db, (access = statsAccess(ctx)));
  return access;
};

// NOTE: one per database too: the gate bounds what waits in front of that database.
const gates = new WeakMap<Database, ReadGate>();
export const gateFor = (ctx: Pick<AppContext, "config" | "db">) => {
  let gate = gates.get(ctx.db);
  if (!gate) gates.set(ctx.db, (gate = readGate({ atOnce: ctx.config.STATS_READS_AT_ONCE, waiting: ctx.config.STATS_READS_WAITING })));
  return gate;
};

/** How long a page waits for the domain's today before it starts from its own UTC day (the first answer corrects it). */
const TODAY_WAIT_MS = 250;

/** For a dashboard page's first range: the domain's today in its own time zone, when this viewer
 * may read its stats (owner, admin, anyone for the demo); null otherwise, as the API's 401/404. */
export const dashboardToday = (ctx: Pick<AppContext, "config" | "db">) => {
  const lookUp = async (name: string, viewer: { uid: string; scope: string[] } | null): Promise<string> => {
    const { domain } = await accessFor(ctx).byName(name, { kind: "session", user: viewer });
    return localTime(domain.tz, Date.now()).day;
  };
  // NOTE: a refusal (401/404) and a failure alike leave the first day to the page (the server's UTC
  // day), and the browser's stats call then answers with the real error. The page's HTML must not
  // wait on a busy database either (a long write or refresh holds the embedded one): past
  // TODAY_WAIT_MS the dashboard starts from that UTC day and the first answer corrects it.
  return (name: string, viewer: { uid: string; scope: string[] } | null): Promise<string | null> =>
    Promise.race([lookUp(name, viewer).catch(() => null), Bun.sleep(TODAY_WAIT_MS).then(() => null)]);
};

/**
 * For the public dashboard page: false when no public dashboard has this id (the page is a 404, as
 * the API's answer). A failure or a busy database leaves it to the browser's stats call, as above.
 */
export const publicDashboardExists = (ctx: Pick<AppContext, "db">) => (id: string): Promise<boolean> =>
  Promise.race([
    siteByPublicId(ctx.db.sql, id).then((site) => !!site?.public, () => true),
    Bun.sleep(TODAY_WAIT_MS).then(() => true),
  ]);

type Range = { startKey: string; endKey: string };

/** A domain's goals, by its id: the goals room's table, handed in by whoever composes the rooms
 * (the goals room reads its access from this one, so this room cannot import it). */
export type GoalsOf = (domainId: number) => Promise<Goal[]>;
/** A domain's funnels, by name: the goals room's too. */
export type FunnelsOf = (domainId: number) => Promise<Funnel[]>;

// NOTE: a service built without the goals (segments' and goals' access, annotations) never reads GOALS or FUNNEL.
const noGoals: GoalsOf = () => Promise.reject(new Error("GOALS read by a stats service built without the goals"));
const noFunnels: FunnelsOf = () => Promise.reject(new Error("FUNNEL read by a stats service built without the funnels"));

/** A funnel with its steps' goals, for FUNNEL's read; 404 for a funnel that is not the domain's. */
function funnelWanted(funnels: Funnel[], goals: Goal[], id: number) {
  const funnel = funnels.find((f) => f.id === id);
  if (!funnel) throw new HttpError(404, "No such funnel.");
  const steps = funnel.steps.map((step) => goals.find((g) => g.id === step));
  // NOTE: the goals room refuses to delete a goal a funnel uses, so this is a race with a delete.
  if (steps.some((g) => !g)) throw new HttpError(409, "One of the funnel's goals was just deleted. Edit the funnel.");
  return { id: funnel.id, name: funnel.name, steps: steps as Goal[] };
}

/**
 * What /api/stats answers with, for this room and for the rooms that hand the same numbers on
 * (exports, weekly and yearly reports): who may read a domain (byName, byPublicId), whether its
 * plan unlocks Energy & Carbon (unlocked) and its stats as the API shapes them. `limit` is the
 * lists' cap (Infinity for exports); `check` validates a range before anything is read. `goalsOf`
 * reads the goals a GOALS answer is about.
 */
export const statsService = (ctx: Pick<AppContext, "config" | "db">, goalsOf: GoalsOf = noGoals, funnelsOf: FunnelsOf = noFunnels) => {
  const access = accessFor(ctx);
  const { statsReadSeconds: readSeconds } = metricsOf(ctx.db.sql);
  const gate = gateFor(ctx);
  /** `staleMs`: the caller takes a snapshot that old when an identical read is under way (admission.ts). */
  const answer = async (domain: Site, asked: AskedRange, admin: boolean, limit?: number, staleMs?: number): Promise<Stats> => {
    const ranged = rangeOf(asked, domain.tz);
    // NOTE: a goal filter reads its goals as they are now; they go into the read's key below.
    const asks = { ...ranged, filterGoals: await filterGoalsOf(ranged.filters, () => goalsOf(domain.id)) };
    const target = await access.target(domain, asks.dataType);
    // NOTE: the demo's unknown referrers are one "redacted" row (redact.ts): its entry pages are
    // theirs merged, which only the whole map gives.
    const hidden = target.demo && asks.entries.of === "referrer" && asks.entries.label === REDACTED;
    // NOTE: the goals and funnels are part of the read's key below: a goal or funnel added or
    // changed is a new read. GOALS lists the funnels too, so every viewer can pick one.
    const conversions = (asks.dataType === "GOALS" || asks.dataType === "FUNNEL") && target.pro;
    const [goals, funnels] = conversions ? await Promise.all([goalsOf(domain.id), funnelsOf(domain.id)]) : [undefined, undefined];
    const funnel = funnels && asks.funnel !== undefined ? funnelWanted(funnels, goals!, asks.funnel) : undefined;
    const q = {
      ...asks, ...(asks.dataType === "GOALS" && { goals, funnels }), funnel, ...(hidden && { entries: { of: "all" as const } }),
    };
    // NOTE: a caller that joins a read already running gets numbers at most that read's time older
    // than its own request, as if it had asked a moment sooner.
    // NOTE: the same slice asked with its filters in another order is the same read.
    const result = await gate.run(JSON.stringify([target, { ...q, filters: filtersKey(q.filters) }, admin, limit]), () => {
      const timer = readSeconds.startTimer({ dataType: q.dataType });
      return readStats(ctx.db.read, target, q, { admin, limit }).finally(() => timer());
    }, { staleMs });
    if (!result.ok) throw new HttpError(result.status, result.message);
    return target.demo ? redactDemo(result.stats) : result.stats;
  };
  /**
   * Checks a range and a slice before anything is read: a caller that streams must fail before its
   * first byte. Answers the goals the slice's goal filters name, for the caller to say them by name.
   */
  const check = async (domain: Site, q: Range & { filters?: string }): Promise<Goal[]> => {
    const goals = await filterGoalsOf(filtersOf(q), () => goalsOf(domain.id));
    const parsed = parseRange(q, await access.target(domain, "SUMMARY"), new Date());
    if (!parsed.ok) throw new HttpError(parsed.status, parsed.message);
    return goals;
  };
  /** Whether the domain's plan unlocks Energy & Carbon and all of its history (its or its owner's Pro, or beta). */
  const unlocked = async (domain: Site): Promise<boolean> => (await access.target(domain, "SUMMARY")).pro;
  return { byName: access.byName, byPublicId: access.byPublicId, answer, check, unlocked };
};
export type StatsService = ReturnType<typeof statsService>;

/** For rooms that read a domain's stats without a request (weekly reports, alerts): the very answer
 * its owner gets from /api/stats for the same range, through the same code path, GOALS included. */
export const ownerStats = (ctx: Pick<AppContext, "config" | "db">, goalsOf: GoalsOf, funnelsOf: FunnelsOf) => {
  const { answer } = statsService(ctx, goalsOf, funnelsOf);
  return (domain: Site, q: Range & { dataType: DataType }) => answer(domain, q, false);
};
