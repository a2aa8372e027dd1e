import { createHash } from "node:crypto";
import { withdrawn } from "@analystbench/engine";
import type { PgListener } from "./pg-listener";

/**
 * Connections to a model across every worker process: slot k of model m is the Postgres advisory
 * lock (hash(m), k), held by the process's listener connection while one model call is in flight.
 * A process that dies loses its connection and with it every slot it held, so a killed worker
 * never leaks a connection. A release notifies SLOTS_CHANNEL, waking waiters on every machine;
 * a timer retries too, in case a notification is missed.
 *
 * Advisory locks are re-entrant within a session, so each process remembers the slots it holds
 * and never asks for those again. Waiters in one process queue in order; only the first asks the
 * database, so a release does not wake a herd.
 */
export const SLOTS_CHANNEL = "analystbench_model_slots";
const RETRY_MS = 250;

/** Postgres's two-key advisory lock takes int4s: the model's name hashed to one. */
export const modelLockKey = (model: string) => createHash("sha256").update(model).digest().readInt32BE(0);

export class SharedModelSlots {
  private readonly held = new Map<string, Set<number>>();
  private readonly waiters = new Map<string, (() => void)[]>();

  constructor(
    private readonly conn: PgListener,
    /** Connections per model (--max-connections): the same on every process. */
    readonly size: number,
  ) {}

  /** A limiter for one model, shaped like the engine's (run a job while holding a slot). */
  for(model: string): { size: number; run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> } {
    return { size: this.size, run: (job, signal) => this.run(model, job, signal) };
  }

  /** Wakes this process's first waiter for a model (a release somewhere, or the retry timer). */
  wake(model?: string): void {
    for (const [m, queue] of this.waiters) if (!model || m === model) queue[0]?.();
  }

  /** Runs `job` holding a slot; a caller still waiting when `signal` aborts is withdrawn (AbortError). */
  async run<T>(model: string, job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const slot = await this.acquire(model, signal);
    try {
      return await job();
    } finally {
      await this.release(model, slot);
    }
  }

  private heldBy(model: string): Set<number> {
    let h = this.held.get(model);
    if (!h) this.held.set(model, (h = new Set()));
    return h;
  }

  private async acquire(model: string, signal: AbortSignal | undefined): Promise<number> {
    if (signal?.aborted) throw withdrawn(signal);
    const queue = this.waiters.get(model) ?? [];
    this.waiters.set(model, queue);
    let wake!: () => void;
    let woken = new Promise<void>((resolve) => (wake = resolve));
    const me = () => wake();
    queue.push(me);
    signal?.addEventListener("abort", me, { once: true });
    try {
      // Only the first in this process's queue asks the database; the rest wait their turn.
      for (;;) {
        if (signal?.aborted) throw withdrawn(signal);
        if (queue[0] === me) {
          const slot = await this.tryAny(model);
          if (slot !== null) return slot;
        }
        const timer = setTimeout(me, RETRY_MS);
        await woken;
        clearTimeout(timer);
        woken = new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      signal?.removeEventListener("abort", me);
      queue.splice(queue.indexOf(me), 1);
      // The next in line may find a slot free now.
      queue[0]?.();
    }
  }

  /** One free slot, tried from a random start so processes do not all contend for slot 0. */
  private async tryAny(model: string): Promise<number | null> {
    const held = this.heldBy(model);
    const key = modelLockKey(model);
    const first = Math.floor(Math.random() * this.size);
    for (let i = 0; i < this.size; i++) {
      const slot = (first + i) % this.size;
      if (held.has(slot)) continue;
      const r = await this.conn.query("SELECT pg_try_advisory_lock($1, $2) AS ok", [key, slot]);
      if (r.rows[0]?.ok) {
        held.add(slot);
        return slot;
      }
    }
    return null;
  }

  private async release(model: string, slot: number): Promise<void> {
    this.held.get(model)?.delete(slot);
    await this.conn
      .query("SELECT pg_advisory_unlock($1, $2), pg_notify($3, $4)", [modelLockKey(model), slot, SLOTS_CHANNEL, model])
      .catch(() => {});
    this.wake(model);
  }
}
