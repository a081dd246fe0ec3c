// One shared reader per domain, whatever the number of open streams: the first subscriber opens
// the domain's reader (`open`, which may keep state between reads, such as ./window.ts's sealed
// parts) and starts a timer that calls it every tick and hands each answer to every subscriber;
// the last one to leave stops it and drops the reader. So 100 open views of a domain cost one read
// per tick, and a read still running when the next tick comes is not doubled (that tick is skipped).
type Send<S> = (snapshot: S) => void;
type Reader<S> = { read: () => Promise<S>; subscribers: Set<Send<S>>; timer: ReturnType<typeof setInterval>; running: boolean; last: S | null };

export function sharedReaders<S>(open: (siteId: number) => () => Promise<S>, tickMs: number, onError: (err: unknown) => void) {
  const readers = new Map<number, Reader<S>>();
  let reads = 0;

  const tick = async (r: Reader<S>) => {
    if (r.running) return;
    r.running = true;
    reads++;
    try {
      const snapshot = await r.read();
      r.last = snapshot;
      for (const send of r.subscribers) send(snapshot);
    } catch (err) {
      onError(err);
    } finally {
      r.running = false;
    }
  };

  return {
    /** Adds a subscriber of the domain's snapshots; answers how it leaves. */
    subscribe(siteId: number, send: Send<S>): () => void {
      let r = readers.get(siteId);
      if (!r) {
        const started: Reader<S> = { read: open(siteId), subscribers: new Set(), timer: setInterval(() => void tick(started), tickMs), running: false, last: null };
        readers.set(siteId, (r = started));
        void tick(started);
      } else if (r.last) send(r.last);
      const reader = r;
      reader.subscribers.add(send);
      return () => {
        reader.subscribers.delete(send);
        if (reader.subscribers.size > 0 || readers.get(siteId) !== reader) return;
        clearInterval(reader.timer);
        readers.delete(siteId);
      };
    },
    /** The reads made so far, the domains read and the subscribers: for /metrics. */
    counts: () => ({ reads, domains: readers.size, streams: [...readers.values()].reduce((n, r) => n + r.subscribers.size, 0) }),
  };
}
