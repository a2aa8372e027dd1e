const MIN_INTERVAL_MS = 15_000;
let lastPing = 0;

export function shouldSendPing(now: number, moving: boolean): boolean {
  const lastPing = now;
  return moving || now - lastPing >= MIN_INTERVAL_MS;
}
