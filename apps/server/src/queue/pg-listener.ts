import pg from "pg";

/**
 * One dedicated Postgres connection that LISTENs on channels and calls back with each
 * notification's payload. Notifications are a wake-up, never the data: whoever listens reads
 * what changed from the tables, so one missed while the connection was down costs only a delay.
 * The connection comes back on its own (after a second) and `onReconnect` lets the caller catch up.
 */
export interface PgListener {
  /** Runs a query on the listener's own connection (advisory locks are held by it). */
  query(sql: string, values?: unknown[]): Promise<pg.QueryResult>;
  close(): Promise<void>;
}

export async function openPgListener(
  url: string,
  channels: Record<string, (payload: string) => void>,
  onReconnect: () => void = () => {},
): Promise<PgListener> {
  let closed = false;
  let client = await connect();

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (n) => channels[n.channel]?.(n.payload ?? ""));
    // A dropped connection (the database restarted) is replaced; the error itself must not crash the process.
    c.on("error", () => {});
    c.on("end", () => {
      if (!closed) setTimeout(() => void reconnect(), 1_000).unref();
    });
    await c.connect();
    for (const channel of Object.keys(channels)) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return c;
  }

  async function reconnect(): Promise<void> {
    if (closed) return;
    try {
      client = await connect();
      onReconnect();
    } catch {
      setTimeout(() => void reconnect(), 1_000).unref();
    }
  }

  // One query at a time on the connection: pg queues overlapping ones itself, but that is
  // deprecated (pg 9 drops it), and slots are taken and released from many samples at once.
  let last: Promise<unknown> = Promise.resolve();
  return {
    query(sql, values) {
      const next = last.then(() => client.query(sql, values));
      last = next.catch(() => {});
      return next;
    },
    async close() {
      closed = true;
      await client.end().catch(() => {});
    },
  };
}
