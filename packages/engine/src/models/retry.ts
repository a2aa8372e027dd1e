/**
 * Retry policy for model calls: exponential backoff with full jitter, honouring the server's
 * `retry-after-ms` and `Retry-After` (seconds or an HTTP date), capped so no wait is unbounded.
 */
export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 5, baseDelayMs: 500, maxDelayMs: 60_000 };

export function retryDelayMs(
  attempt: number,
  policy: RetryPolicy,
  random: () => number,
  headers?: { get(name: string): string | null } | null,
  now: () => number = Date.now,
): number {
  const ms = headers?.get("retry-after-ms");
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Math.min(policy.maxDelayMs, Number(ms));
  const after = headers?.get("retry-after");
  if (after) {
    if (/^\d+(\.\d+)?$/.test(after)) return Math.min(policy.maxDelayMs, Number(after) * 1000);
    const date = Date.parse(after);
    if (!Number.isNaN(date)) return Math.min(policy.maxDelayMs, Math.max(0, date - now()));
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.floor(ceiling / 2 + random() * (ceiling / 2));
}

/** setTimeout as a promise that an abort signal cancels. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error("aborted"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new Error("aborted"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
