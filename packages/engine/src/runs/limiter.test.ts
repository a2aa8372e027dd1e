import { describe, expect, it, onTestFinished, vi } from "vitest";
import { connectionGate, Limiter, MAX_HEAD_START_MS, ownTurn } from "./limiter";
import { loopTurns } from "../test-support/loop-turns";

/** Resolves after the microtasks and timers queued so far have run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("Limiter", () => {
  it("never lets a caller arriving between a release and the waiter's turn take the freed slot", async () => {
    const limiter = new Limiter(1);
    let holders = 0;
    let most = 0;
    const hold = (until: Promise<void>) =>
      limiter.run(async () => {
        most = Math.max(most, ++holders);
        await until;
        holders--;
      });
    let endFirst!: () => void;
    const first = hold(new Promise<void>((r) => (endFirst = r)));
    await settle();
    const waiter = hold(settle().then(() => undefined));
    await settle();
    endFirst();
    // Released in the same turn as a newcomer asks: the newcomer must queue behind the waiter.
    await Promise.resolve();
    await Promise.resolve();
    const newcomer = hold(settle().then(() => undefined));
    await Promise.all([first, waiter, newcomer]);
    expect(most).toBe(1);
  });

  it("serves waiters in the order they came", async () => {
    const limiter = new Limiter(1);
    const order: number[] = [];
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const jobs = [limiter.run(() => gate), ...[1, 2, 3].map((n) => limiter.run(async () => void order.push(n)))];
    open();
    await Promise.all(jobs);
    expect(order).toEqual([1, 2, 3]);
  });
});

/**
 * Queues `queue`'s callers behind a holder of a limiter of one and returns the order they ran in.
 * Each comes `after` ms of real time, or at the instant `at` says (performance.now is held there).
 */
async function order(queue: { name: string; headStartMs: number; after?: number; at?: number }[]) {
  const clock = vi.spyOn(performance, "now");
  onTestFinished(() => clock.mockRestore());
  const limiter = new Limiter(1);
  const ran: string[] = [];
  let open!: () => void;
  const jobs = [limiter.run(() => new Promise<void>((r) => (open = r)))];
  for (const q of queue) {
    if (q.after) await new Promise((r) => setTimeout(r, q.after));
    if (q.at !== undefined) clock.mockReturnValue(q.at);
    jobs.push(limiter.run(async () => void ran.push(q.name), undefined, q.headStartMs));
  }
  open();
  await Promise.all(jobs);
  return ran;
}

describe("Limiter, a caller with a head start", () => {
  it("passes the callers that came less than its head start before it", async () => {
    const ran = await order([
      { name: "a", headStartMs: 0 },
      { name: "b", headStartMs: 0 },
      { name: "long", headStartMs: 60_000 },
      { name: "c", headStartMs: 0 },
    ]);
    expect(ran).toEqual(["long", "a", "b", "c"]);
  });

  it("never passes a caller that came earlier than its head start reaches", async () => {
    const ran = await order([
      { name: "early", headStartMs: 0 },
      { name: "late", headStartMs: 5, after: 40 },
    ]);
    expect(ran).toEqual(["early", "late"]);
  });

  it("keeps the order callers came in when they count as coming at the same time, and a withdrawn one leaves no gap", async () => {
    // Every caller counts as having come at the same instant: only their order of arrival is left.
    const clock = vi.spyOn(performance, "now").mockReturnValue(1_000);
    onTestFinished(() => clock.mockRestore());
    const limiter = new Limiter(1);
    const ran: string[] = [];
    let open!: () => void;
    const holder = limiter.run(() => new Promise<void>((r) => (open = r)));
    const cancel = new AbortController();
    const jobs = ["x", "y", "z"].map((name) =>
      limiter.run(async () => void ran.push(name), name === "y" ? cancel.signal : undefined, 1_000),
    );
    cancel.abort();
    open();
    await Promise.allSettled([holder, ...jobs]);
    expect(ran).toEqual(["x", "z"]);
  });
});

describe("Limiter, a head start out of bounds", () => {
  it("never reaches back further than MAX_HEAD_START_MS, even asked for forever", async () => {
    const ran = await order([
      { name: "early", at: 0, headStartMs: 0 },
      { name: "endless", at: MAX_HEAD_START_MS + 1, headStartMs: Infinity },
      { name: "later", at: MAX_HEAD_START_MS + 2, headStartMs: 0 },
    ]);
    expect(ran).toEqual(["early", "endless", "later"]);
  });

  it("counts a head start that is not a positive number as none, keeping the order sorted", async () => {
    const ran = await order([
      { name: "a", at: 10, headStartMs: 0 },
      { name: "nan", at: 20, headStartMs: NaN },
      { name: "negative", at: 30, headStartMs: -1_000 },
      { name: "b", at: 40, headStartMs: 0 },
      { name: "ahead", at: 50, headStartMs: 35 },
    ]);
    expect(ran).toEqual(["a", "ahead", "nan", "negative", "b"]);
  });
});

describe("Limiter, a caller whose signal aborts while it waits", () => {
  it("is withdrawn: its job never runs, and the slot freed next goes to the one behind it", async () => {
    const limiter = new Limiter(1);
    let release!: () => void;
    const holder = limiter.run(() => new Promise<void>((r) => (release = r)));
    const ran: string[] = [];
    const cancel = new AbortController();
    const cancelled = limiter.run(async () => void ran.push("cancelled"), cancel.signal);
    const next = limiter.run(async () => void ran.push("next"));
    await settle();
    cancel.abort();
    await expect(cancelled).rejects.toMatchObject({ name: "AbortError" });
    release();
    await Promise.all([holder, next]);
    expect(ran).toEqual(["next"]);
    // Every slot is free again: two holders at once on a limiter of one would show here.
    let holders = 0;
    let most = 0;
    const hold = () =>
      limiter.run(async () => {
        most = Math.max(most, ++holders);
        await settle();
        holders--;
      });
    await Promise.all([hold(), hold()]);
    expect(most).toBe(1);
  });

  it("is refused at once when its signal has already aborted, even with a slot free", async () => {
    const limiter = new Limiter(1);
    let ran = false;
    await expect(limiter.run(async () => void (ran = true), AbortSignal.abort())).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(ran).toBe(false);
    await limiter.run(async () => void (ran = true));
    expect(ran).toBe(true);
  });

  it("is not disturbed by an abort after it got its slot", async () => {
    const limiter = new Limiter(1);
    const cancel = new AbortController();
    const done = limiter.run(async () => {
      cancel.abort();
      await settle();
      return "finished";
    }, cancel.signal);
    await expect(done).resolves.toBe("finished");
  });
});

describe("connectionGate", () => {
  it("stops waiting for a connection when the call's signal aborts", async () => {
    const limiter = new Limiter(1);
    const gate = connectionGate(limiter);
    const giveBack = await gate();
    const cancel = new AbortController();
    const waiting = gate(cancel.signal);
    cancel.abort();
    await expect(waiting).rejects.toMatchObject({ name: "AbortError" });
    giveBack();
    // The connection is free at once, not held by the withdrawn waiter first.
    const again = gate();
    let got = false;
    void again.then(() => (got = true));
    await settle();
    expect(got).toBe(true);
    (await again)();
  });

  it("holds a slot from the grant until it is given back, by hand", async () => {
    const gate = connectionGate(new Limiter(2));
    const a = await gate();
    await gate();
    let third = false;
    const pending = gate().then((giveBack) => {
      third = true;
      return giveBack;
    });
    await settle();
    expect(third).toBe(false);
    a();
    (await pending)();
    expect(third).toBe(true);
  });
});

describe("ownTurn", () => {
  it("resolves each caller in a turn of the event loop of its own, in the order they came", async () => {
    const loop = loopTurns();
    const seen: [string, number][] = [];
    await Promise.all(["a", "b", "c"].map((name) => ownTurn().then(() => void seen.push([name, loop.turn]))));
    loop.stop();
    expect(seen.map(([name]) => name)).toEqual(["a", "b", "c"]);
    const turns = seen.map(([, t]) => t);
    expect(turns[1]).toBeGreaterThan(turns[0]!);
    expect(turns[2]).toBeGreaterThan(turns[1]!);
  });
});
