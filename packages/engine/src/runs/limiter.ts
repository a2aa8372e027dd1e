/**
 * A counting semaphore: at most `size` holders at once, the rest wait in order. One per model
 * name caps concurrent connections to a provider (--max-connections).
 */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error("a limiter needs a size of at least 1");
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await job();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** One limiter per model name, shared by every run in the process. */
export class ModelLimiters {
  private readonly limiters = new Map<string, Limiter>();
  constructor(private readonly size: number) {}

  for(model: string): Limiter {
    let l = this.limiters.get(model);
    if (!l) this.limiters.set(model, (l = new Limiter(this.size)));
    return l;
  }
}

/**
 * How many samples may be in flight for a number of model connections. A sample spends part of
 * each turn running its tool call, so twice the connections (plus a few that are building their
 * environment) keep every connection busy; each sample in flight holds one simulated environment
 * in a shared worker, a few MB.
 */
export function samplesInFlight(maxConnections: number): number {
  return maxConnections * 2 + 4;
}
