import type { ConnectionGate } from "../models/model-client";

/**
 * Anything that runs a job once a slot is free: a Limiter, or the queue's slots shared across
 * workers. A caller still waiting when `signal` aborts is withdrawn from the queue and rejected
 * with an AbortError; its job never runs, and no slot is taken for it.
 */
export interface Slots {
  run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/** The error a caller withdrawn by `signal` gets. */
export function withdrawn(signal: AbortSignal): Error {
  return Object.assign(new Error("the wait for a connection was cancelled", { cause: signal.reason }), {
    name: "AbortError",
  });
}

/**
 * A counting semaphore: at most `size` holders at once, the rest wait in order. One per model
 * name caps concurrent connections to a provider (--max-connections).
 */
export class Limiter implements Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error("a limiter needs a size of at least 1");
  }

  async run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw withdrawn(signal);
    // A slot freed while others wait passes straight to the first of them: counted as held all
    // along, so no caller arriving in between can take it and put one holder too many.
    if (this.active < this.size) this.active++;
    else await this.wait(signal);
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  /** Waits for a slot handed over by a release; withdrawn (and rejected) if `signal` aborts first. */
  private wait(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((go, stop) => {
      const granted = () => {
        signal?.removeEventListener("abort", cancel);
        go();
      };
      const cancel = () => {
        const at = this.waiting.indexOf(granted);
        if (at < 0) return;
        this.waiting.splice(at, 1);
        stop(withdrawn(signal!));
      };
      this.waiting.push(granted);
      signal?.addEventListener("abort", cancel, { once: true });
    });
  }
}

/** A slot taken and given back by hand (see ModelRequest.connection) rather than around a job. */
export function connectionGate(slots: Slots): ConnectionGate {
  return (signal) =>
    new Promise((granted, refused) => {
      slots.run(() => new Promise<void>((giveBack) => granted(() => giveBack())), signal).catch(refused);
    });
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
