/**
 * Sign-in throttling: a few failures per username and per address within a window, then 429
 * until the window slides past the oldest failure. In memory on purpose: it guards the running
 * process, and a restart (which an attacker cannot trigger) clears it.
 */
export interface ThrottleLimits {
  windowMs: number;
  maxFailuresPerUser: number;
  maxFailuresPerAddress: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  windowMs: 60_000,
  maxFailuresPerUser: 5,
  maxFailuresPerAddress: 20,
};

export interface LoginThrottle {
  /** Seconds to wait before trying again, or 0 when a sign-in attempt may proceed. */
  retryAfterSeconds(username: string, address: string): number;
  recordFailure(username: string, address: string): void;
  recordSuccess(username: string): void;
}

export function createLoginThrottle(
  limits: ThrottleLimits = DEFAULT_THROTTLE,
  now: () => number = Date.now,
): LoginThrottle {
  const failures = new Map<string, number[]>();

  const recent = (key: string): number[] => {
    const cutoff = now() - limits.windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return list;
  };

  const wait = (key: string, max: number): number => {
    const list = recent(key);
    if (list.length < max) return 0;
    const oldest = list[list.length - max]!;
    return Math.max(1, Math.ceil((oldest + limits.windowMs - now()) / 1000));
  };

  return {
    retryAfterSeconds(username, address) {
      return Math.max(
        wait(`u:${username.toLowerCase()}`, limits.maxFailuresPerUser),
        wait(`a:${address}`, limits.maxFailuresPerAddress),
      );
    },
    recordFailure(username, address) {
      for (const key of [`u:${username.toLowerCase()}`, `a:${address}`]) {
        failures.set(key, [...recent(key), now()]);
      }
    },
    recordSuccess(username) {
      failures.delete(`u:${username.toLowerCase()}`);
    },
  };
}
