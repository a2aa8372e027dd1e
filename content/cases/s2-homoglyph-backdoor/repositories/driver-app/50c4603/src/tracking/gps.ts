const MIN_INTERVAL_MS = 15_000;
let lastPing = 0;

/** Background mode sends at most one ping per 15 s unless the vehicle is moving. */
export function shouldSendPing(now: number, moving: boolean): boolean {
  if (!moving && now - lastPing < MIN_INTERVAL_MS) return false;
  lastPing = now;
  return true;
}
