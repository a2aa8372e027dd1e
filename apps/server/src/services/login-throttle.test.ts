import { describe, expect, it } from "vitest";
import { createLoginThrottle } from "./login-throttle";

/** A throttle on a clock the test moves. */
function throttleAt(limits = {}) {
  let ms = 1_000_000;
  const throttle = createLoginThrottle(limits, () => ms);
  return { throttle, advance: (by: number) => (ms += by) };
}

const fail = (r: ReturnType<ReturnType<typeof createLoginThrottle>["reserve"]>) => {
  if (!r.ok) throw new Error(`refused for ${r.retryAfterSeconds} s`);
  r.attempt.failed();
};

describe("login throttle", () => {
  it("slows a username down instead of locking its owner out", () => {
    const { throttle, advance } = throttleAt();
    // Strangers from a hundred addresses keep guessing the admin's password for ten minutes.
    let strangerGuesses = 0;
    for (let s = 0; s < 600; s++) {
      const r = throttle.reserve("admin", `10.0.${s % 100}.1`);
      if (r.ok) {
        strangerGuesses++;
        r.attempt.failed();
      }
      advance(1000);
    }
    // Five free failures a minute, then pauses of 1, 2, 4, 8 and 15 s: under ten guesses a minute
    // however many addresses the strangers use…
    expect(strangerGuesses).toBeLessThanOrEqual(100);
    // …and the owner, from their own address, gets in within 15 s however busy the strangers are.
    let waited = 0;
    for (;;) {
      const r = throttle.reserve("admin", "192.0.2.7");
      if (r.ok) {
        r.attempt.succeeded();
        break;
      }
      expect(r.retryAfterSeconds).toBeLessThanOrEqual(15);
      advance(r.retryAfterSeconds * 1000);
      waited += r.retryAfterSeconds;
    }
    expect(waited).toBeLessThanOrEqual(15);
    // A success clears the username's failures: the next attempt is not slowed.
    expect(throttle.reserve("admin", "192.0.2.7").ok).toBe(true);
  });

  it("allows one attempt at a time on a slowed-down username", () => {
    const { throttle, advance } = throttleAt({ maxFailuresPerUser: 2 });
    fail(throttle.reserve("bob", "a"));
    fail(throttle.reserve("bob", "a"));
    advance(5000);
    const first = throttle.reserve("bob", "b");
    expect(first.ok).toBe(true);
    expect(throttle.reserve("bob", "c").ok).toBe(false);
  });

  it("doubles the pause with each further failure, up to the ceiling", () => {
    const { throttle, advance } = throttleAt({ maxFailuresPerUser: 1, maxFailuresPerAddress: 1000, windowMs: 600_000 });
    fail(throttle.reserve("eve", "a"));
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = throttle.reserve("eve", "a");
      expect(r.ok).toBe(false);
      if (r.ok) return;
      waits.push(r.retryAfterSeconds);
      advance(r.retryAfterSeconds * 1000);
      fail(throttle.reserve("eve", "a"));
    }
    expect(waits).toEqual([1, 2, 4, 8, 15, 15]);
  });

  it("refuses an address past its ceiling, counting attempts still in flight", () => {
    const { throttle } = throttleAt({ maxFailuresPerAddress: 3 });
    const held = [throttle.reserve("u1", "x"), throttle.reserve("u2", "x"), throttle.reserve("u3", "x")];
    expect(held.every((r) => r.ok)).toBe(true);
    const fourth = throttle.reserve("u4", "x");
    expect(fourth.ok).toBe(false);
  });

  it("reports an attempt only once", () => {
    const { throttle } = throttleAt({ maxFailuresPerUser: 1 });
    const r = throttle.reserve("dan", "a");
    if (!r.ok) throw new Error("refused");
    r.attempt.succeeded();
    r.attempt.failed();
    expect(throttle.reserve("dan", "a").ok).toBe(true);
  });
});
