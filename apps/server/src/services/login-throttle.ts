/**
 * Sign-in throttling. Two guards, both counted *before* the slow password hash, so a burst of
 * parallel guesses cannot all slip past a check that only learns of failures afterwards:
 *
 * - per address, a hard ceiling: at most `maxFailuresPerAddress` failed or unfinished attempts
 *   in the window, then 429 until the window slides past the oldest;
 * - per username, a slowdown instead of a lock: after `maxFailuresPerUser` failures in the
 *   window, one attempt at a time and each only after a pause that doubles with every further
 *   failure up to `maxSlowdownMs`. Strangers can slow an account down but never lock its owner
 *   out: the right password still gets in after at most that pause.
 *
 * In memory on purpose: it guards the running process, and a restart (which an attacker cannot
 * trigger) clears it.
 */
export interface ThrottleLimits {
  windowMs: number;
  maxFailuresPerUser: number;
  maxFailuresPerAddress: number;
  /** Longest pause between two attempts on one slowed-down username. */
  maxSlowdownMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  windowMs: 60_000,
  maxFailuresPerUser: 5,
  maxFailuresPerAddress: 20,
  maxSlowdownMs: 15_000,
};

/** A reserved attempt: report how it went, exactly once. */
export interface LoginAttempt {
  succeeded(): void;
  failed(): void;
}

export type Reservation = { ok: true; attempt: LoginAttempt } | { ok: false; retryAfterSeconds: number };

export interface LoginThrottle {
  /** Reserves an attempt, counted at once; or says how many seconds to wait. */
  reserve(username: string, address: string): Reservation;
}

interface Tally {
  /** Times of failed attempts within the window. */
  failures: number[];
  /** Attempts reserved and not yet reported. */
  inFlight: number;
  /** Time of the latest attempt started. */
  lastStartMs: number;
}

export function createLoginThrottle(limits: Partial<ThrottleLimits> = {}, now: () => number = Date.now): LoginThrottle {
  const l = { ...DEFAULT_THROTTLE, ...limits };
  const tallies = new Map<string, Tally>();

  const tally = (key: string): Tally => {
    const cutoff = now() - l.windowMs;
    const t = tallies.get(key) ?? { failures: [], inFlight: 0, lastStartMs: 0 };
    t.failures = t.failures.filter((ms) => ms > cutoff);
    tallies.set(key, t);
    return t;
  };
  const forgetIfIdle = (key: string, t: Tally) => {
    if (t.failures.length === 0 && t.inFlight === 0) tallies.delete(key);
  };
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  /** Milliseconds until the address may try again (0: now). */
  const addressWait = (t: Tally): number => {
    const used = t.failures.length + t.inFlight;
    if (used < l.maxFailuresPerAddress) return 0;
    const oldest = t.failures[Math.max(0, t.failures.length - l.maxFailuresPerAddress)];
    return oldest === undefined ? 1000 : oldest + l.windowMs - now();
  };

  /** Milliseconds until the username may be tried again (0: now). */
  const userWait = (t: Tally): number => {
    const excess = t.failures.length + t.inFlight - l.maxFailuresPerUser;
    if (excess < 0) return 0;
    if (t.inFlight > 0) return 1000;
    const pause = Math.min(l.maxSlowdownMs, 1000 * 2 ** excess);
    return Math.max(0, t.lastStartMs + pause - now());
  };

  return {
    reserve(username, address) {
      const userKey = `u:${username.toLowerCase()}`;
      const addressKey = `a:${address}`;
      const user = tally(userKey);
      const addr = tally(addressKey);
      const wait = Math.max(addressWait(addr), userWait(user));
      if (wait > 0) return { ok: false, retryAfterSeconds: seconds(wait) };
      for (const t of [user, addr]) {
        t.inFlight++;
        t.lastStartMs = now();
      }
      let reported = false;
      const report = (failed: boolean) => {
        if (reported) return;
        reported = true;
        for (const [key, t] of [
          [userKey, user],
          [addressKey, addr],
        ] as const) {
          t.inFlight--;
          if (failed) t.failures.push(now());
          else if (key === userKey) t.failures = [];
          forgetIfIdle(key, t);
        }
      };
      return { ok: true, attempt: { succeeded: () => report(false), failed: () => report(true) } };
    },
  };
}
