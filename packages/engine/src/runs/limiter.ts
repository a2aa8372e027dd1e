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

/** One caller waiting for a slot: served in the order of `at`, the time it counts as having come. */
interface Waiter {
  at: number;
  granted: () => void;
}

/**
 * A counting semaphore: at most `size` holders at once, the rest wait in order. One per model
 * name caps concurrent connections to a provider (--max-connections); another caps the samples in
 * flight, where a sample expected to take longer is given a head start (see sampleHeadStartMs).
 */
export class Limiter implements Slots {
  private active = 0;
  /** Sorted by `at`; equal times keep the order they came in. */
  private readonly waiting: Waiter[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error("a limiter needs a size of at least 1");
  }

  /**
   * Runs `job` once a slot is free. A caller with `headStartMs` queues as if it had come that many
   * milliseconds earlier: it passes callers that came less than that before it, and no others.
   */
  async run<T>(job: () => Promise<T>, signal?: AbortSignal, headStartMs = 0): Promise<T> {
    if (signal?.aborted) throw withdrawn(signal);
    // A slot freed while others wait passes straight to the first of them: counted as held all
    // along, so no caller arriving in between can take it and put one holder too many.
    if (this.active < this.size) this.active++;
    else await this.wait(signal, performance.now() - boundedHeadStart(headStartMs));
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next.granted();
      else this.active--;
    }
  }

  /** Waits for a slot handed over by a release; withdrawn (and rejected) if `signal` aborts first. */
  private wait(signal: AbortSignal | undefined, at: number): Promise<void> {
    return new Promise<void>((go, stop) => {
      const waiter: Waiter = {
        at,
        granted: () => {
          signal?.removeEventListener("abort", cancel);
          go();
        },
      };
      const cancel = () => {
        const index = this.waiting.indexOf(waiter);
        if (index < 0) return;
        this.waiting.splice(index, 1);
        stop(withdrawn(signal!));
      };
      this.enqueue(waiter);
      signal?.addEventListener("abort", cancel, { once: true });
    });
  }

  /** Inserts behind every waiter that counts as having come no later (a scan from the back: most come last). */
  private enqueue(waiter: Waiter): void {
    let index = this.waiting.length;
    while (index > 0 && this.waiting[index - 1]!.at > waiter.at) index--;
    this.waiting.splice(index, 0, waiter);
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

/** The longest head start any caller gets: an hour, whatever it asks (a head start must be finite to be bounded). */
export const MAX_HEAD_START_MS = 3_600_000;
const boundedHeadStart = (ms: number) => (ms > 0 ? Math.min(ms, MAX_HEAD_START_MS) : 0);

/**
 * The head start one expected turn gives a sample waiting to start: about one turn of a real
 * model. It bounds how far a long sample may pass: one expected to take 12 turns passes one of 6
 * queued up to a minute before it, never one queued earlier, so no sample waits forever.
 */
export const HEAD_START_PER_TURN_MS = 10_000;

/**
 * How far ahead a sample queues to start: samples expected to take the most turns (their case's
 * solution path, plus the report) go first, the longest-first rule for finishing a batch of jobs
 * soonest. Started in plain order, the longest came last and ran nearly alone at the end while
 * most connections stood idle (in bench:engine, 4 samples for the last 0.6 s of 9.5).
 */
export function sampleHeadStartMs(expectedTurns: number): number {
  return expectedTurns * HEAD_START_PER_TURN_MS;
}

/** Callers waiting for a turn of their own (see ownTurn), first come first served. */
const turnWaiters: (() => void)[] = [];
let turning = false;

/**
 * Resolves in a later turn of the event loop than any other caller's: one caller a turn, with the
 * loop's I/O served between each. A burst of sample starts (100 runs submitted at once) otherwise
 * ran as one chain of promise callbacks, each start's opening work after the last, and held the
 * server's thread for 100–760 ms while requests to it waited.
 */
export function ownTurn(): Promise<void> {
  return new Promise((resolve) => {
    turnWaiters.push(resolve);
    if (!turning) {
      turning = true;
      setImmediate(nextTurn);
    }
  });
}

// An immediate queued while immediates run waits for the loop's next turn, after its I/O.
function nextTurn(): void {
  turnWaiters.shift()?.();
  if (turnWaiters.length) setImmediate(nextTurn);
  else turning = false;
}
