import { describe, expect, it } from "vitest";
import { connectionGate, Limiter } from "./limiter";

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

describe("connectionGate", () => {
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
