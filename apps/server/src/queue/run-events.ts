import type { RunEvent } from "@analystbench/engine";
import type { Database } from "../db/database";

/**
 * A run's stream in the shared store: every worker appends the events of the samples it runs, and
 * every server reads them back in order (by id) to feed the console. A notification on
 * EVENTS_CHANNEL (payload: the run id) says there is more to read.
 */
export const EVENTS_CHANNEL = "analystbench_run_events";

/**
 * Appends events in the order they were emitted in this process. Events emitted while a write is
 * in flight go together in the next one (a turn's progress lines are many and small). Never
 * throws: a lost event costs the live view a line, never the run (its results are recorded
 * separately).
 */
export function createEventPublisher(db: Database, now: () => Date = () => new Date()) {
  const queues = new Map<string, { pending: RunEvent[]; draining: Promise<void> }>();
  // Readers take a run's events by id, after the last they read: an id must never become visible
  // after a greater one of the same run, or it would be skipped. Ids are drawn in insert order but
  // committed in any order, so a run's writes take turns (a lock on the run until commit).
  const append = (runId: string, events: RunEvent[]) =>
    db
      .transaction(async (tx) => {
        await tx.execute({ sql: "SELECT pg_advisory_xact_lock(72617, hashtext(?))", args: [runId] });
        const at = now().toISOString();
        await tx.execute({
          sql: `INSERT INTO run_events (run_id, event, created_at) VALUES ${events.map(() => "(?, ?, ?)").join(", ")}`,
          args: events.flatMap((e) => [runId, JSON.stringify(e), at]),
        });
        await tx.execute({ sql: "SELECT pg_notify(?, ?)", args: [EVENTS_CHANNEL, runId] });
      })
      .catch((err: Error) => console.error(`Events of run ${runId} were not recorded: ${err.message}`));
  const drain = async (runId: string, q: { pending: RunEvent[] }) => {
    while (q.pending.length) await append(runId, q.pending.splice(0, 500));
    queues.delete(runId);
  };
  return {
    publish(runId: string, e: RunEvent): Promise<void> {
      const q = queues.get(runId);
      if (q) {
        q.pending.push(e);
        return q.draining;
      }
      const fresh = { pending: [e], draining: Promise.resolve() };
      queues.set(runId, fresh);
      fresh.draining = drain(runId, fresh);
      return fresh.draining;
    },
    /** Resolves once every event published so far for the run is in the store. */
    flush: (runId: string): Promise<void> => queues.get(runId)?.draining ?? Promise.resolve(),
  };
}
export type EventPublisher = ReturnType<typeof createEventPublisher>;

/** A run's events after `afterId`, oldest first, with the id of the last. */
export async function readEvents(
  db: Database,
  runId: string,
  afterId: number,
): Promise<{ events: RunEvent[]; lastId: number }> {
  const r = await db.execute({
    sql: "SELECT id, event FROM run_events WHERE run_id = ? AND id > ? ORDER BY id",
    args: [runId, afterId],
  });
  const events = r.rows.map((row) => JSON.parse(String(row.event)) as RunEvent);
  return { events, lastId: r.rows.length ? Number(r.rows[r.rows.length - 1]!.id) : afterId };
}
