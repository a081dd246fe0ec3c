// The Funnels section's reads: the owner's list of the domain's funnels (GET
// /api/domains/:domain/funnels, read again after a change), and the chosen funnel's FUNNEL answer
// through the dashboard's own stats read (fetchStats), so the range and the filters apply as to
// every section. An answer that lands after a newer read started is dropped.
import { useCallback, useEffect, useState } from "react";
import type { Filter } from "../../src/shared/filters";
import type { Funnel } from "../../src/shared/funnels";
import type { FunnelStats } from "../../src/shared/stats";
import { api } from "../forms/api";
import type { Range } from "./date-rules";
import { fetchStats, type StatsFailure, type StatsSource } from "./load";

/** What a FUNNEL read is for: the dashboard's source, range and filters. */
export type FunnelSource = { target: StatsSource; range: Range; filters: Filter[] };

export type FunnelsListed = { funnels: Funnel[] } | { error: string };
export type FunnelLoaded = { funnel: FunnelStats["funnel"] } | { error: StatsFailure };

/** The domain's funnels (undefined while they load, or without a domain) and `reload()`. */
export function useFunnelList(domain: string | undefined) {
  const [listed, setListed] = useState<FunnelsListed>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!domain) return;
    let current = true;
    void api<{ funnels: Funnel[] }>("GET", `/api/domains/${encodeURIComponent(domain)}/funnels`).then(
      (r) => current && setListed(r.ok ? { funnels: r.data.funnels } : { error: r.message }),
    );
    return () => {
      current = false;
    };
  }, [domain, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { listed, reload };
}

/**
 * The FUNNEL answer of funnel `id` for `source` (undefined while it loads or with no funnel), read
 * again whenever `tick` changes: the dashboard passes its GOALS answer, new with every load (a new
 * range, new filters, a refresh, a goal changed).
 */
export function useFunnelStats(source: FunnelSource, id: number | null, tick: unknown): FunnelLoaded | undefined {
  const [found, setFound] = useState<{ id: number; loaded: FunnelLoaded }>();
  useEffect(() => {
    if (id === null) return;
    let current = true;
    void fetchStats<FunnelStats>(source.target, source.range, source.filters, "FUNNEL", { funnel: String(id) }).then(
      (a) => current && setFound({ id, loaded: a.ok ? { funnel: a.data.funnel } : { error: { status: a.status, message: a.message } } }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the tick changes with every load of the source's slice
  }, [id, tick]);
  // NOTE: another funnel's answer is not this one's: the picker shows "Loading" until its own lands.
  return found && found.id === id ? found.loaded : undefined;
}
