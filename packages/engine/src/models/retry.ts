/**
 * Retry policy for model calls: exponential backoff with full jitter, honouring the server's
 * `retry-after-ms` and `Retry-After` (seconds or an HTTP date) and, when those are absent, the
 * rate-limit reset headers of OpenAI (`x-ratelimit-reset-*`, durations such as "6m0s") and
 * Anthropic (`anthropic-ratelimit-*-reset`, RFC 3339 times), capped so no wait is unbounded.
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
  const reset = rateLimitResetMs(headers, now);
  if (reset !== null) return Math.min(policy.maxDelayMs, reset);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.floor(ceiling / 2 + random() * (ceiling / 2));
}

/** Header pairs: a rate limit's remaining count and when it resets. */
const RATE_LIMITS = [
  ["x-ratelimit-remaining-requests", "x-ratelimit-reset-requests"],
  ["x-ratelimit-remaining-tokens", "x-ratelimit-reset-tokens"],
  ["anthropic-ratelimit-requests-remaining", "anthropic-ratelimit-requests-reset"],
  ["anthropic-ratelimit-tokens-remaining", "anthropic-ratelimit-tokens-reset"],
  ["anthropic-ratelimit-input-tokens-remaining", "anthropic-ratelimit-input-tokens-reset"],
  ["anthropic-ratelimit-output-tokens-remaining", "anthropic-ratelimit-output-tokens-reset"],
] as const;

/** The longest wait until an exhausted rate limit resets, or null when none is reported exhausted. */
function rateLimitResetMs(headers: { get(name: string): string | null } | null | undefined, now: () => number) {
  let longest: number | null = null;
  for (const [remaining, reset] of RATE_LIMITS) {
    if (headers?.get(remaining)?.trim() !== "0") continue;
    const ms = resetMs(headers.get(reset), now);
    if (ms !== null) longest = Math.max(longest ?? 0, ms);
  }
  return longest;
}

/** "6m0s", "1.5s", "20ms" (OpenAI) or an RFC 3339 time (Anthropic), as milliseconds from now. */
function resetMs(value: string | null, now: () => number): number | null {
  if (!value) return null;
  const duration = /^(?:(\d+)h)?(?:(\d+)m(?!s))?(?:(\d+(?:\.\d+)?)s)?(?:(\d+)ms)?$/.exec(value.trim());
  if (duration && value.trim() !== "") {
    const [, h = "0", m = "0", s = "0", ms = "0"] = duration;
    return Math.ceil(Number(h) * 3_600_000 + Number(m) * 60_000 + Number(s) * 1000 + Number(ms));
  }
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now());
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
