import * as AnthropicSdk from "@anthropic-ai/sdk";
import * as OpenAISdk from "openai";
import { findCause, ModelServerStalledError, ReplyTooLargeError } from "./guarded-fetch";

/**
 * What the retry loop needs to know about a failed attempt, whichever SDK threw it. Both
 * official SDKs have the same error family (APIError with status and headers, a connection
 * error, a user abort); this reads either, so one retry policy serves every API shape.
 */

/** An attempt ran out of its own time (timeoutMs), as opposed to the sample's deadline. */
export class AttemptTimeoutError extends Error {
  override name = "AttemptTimeoutError";
  constructor(readonly ms: number) {
    super(`the model server did not finish its reply within ${ms / 1000} s`);
  }
}

/**
 * The provider reported a failure inside a stream that had started well (an `error` event, a
 * `response.failed`): retryable when the provider calls it transient (overloaded, server error,
 * rate limit), final otherwise.
 */
export class StreamFailedError extends Error {
  override name = "StreamFailedError";
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Provider error types and codes that a later attempt can succeed past. */
export const TRANSIENT_ERROR_TYPE = /overloaded|api_error|server_error|rate_limit|timeout|internal/i;

type HeaderBag = { get(name: string): string | null };

const isApiError = (e: unknown): e is OpenAISdk.APIError | AnthropicSdk.APIError =>
  e instanceof OpenAISdk.APIError || e instanceof AnthropicSdk.APIError;

export const isUserAbort = (e: unknown): boolean =>
  e instanceof OpenAISdk.APIUserAbortError || e instanceof AnthropicSdk.APIUserAbortError;

const isConnectionError = (e: unknown): boolean =>
  e instanceof OpenAISdk.APIConnectionError || e instanceof AnthropicSdk.APIConnectionError;

export function statusOf(e: unknown): number | null {
  return isApiError(e) && typeof e.status === "number" ? e.status : null;
}

export function headersOf(e: unknown): HeaderBag | undefined {
  return isApiError(e) ? (e.headers as HeaderBag | undefined) : undefined;
}

/** The error type a provider named in its error body (`overloaded_error`, `server_error`…). */
function providerErrorType(e: OpenAISdk.APIError | AnthropicSdk.APIError): string {
  const body = e.error as { type?: unknown; code?: unknown; error?: { type?: unknown } } | undefined;
  const parts = [e.type, (e as { code?: unknown }).code, body?.type, body?.code, body?.error?.type];
  return parts.filter((p): p is string => typeof p === "string").join(" ");
}

/** A sentence saying what went wrong, for the transcript and the operator. */
export function describeError(e: unknown): string {
  const own = findCause(e, ModelServerStalledError) ?? findCause(e, AttemptTimeoutError);
  if (own) return own.message;
  if (isApiError(e) && e.status) return `the model server answered ${e.status}: ${e.message}`;
  if (isConnectionError(e)) return `the model server could not be reached (${(e as Error).message})`;
  if (isApiError(e)) return `the model server reported an error in its reply: ${e.message}`;
  return (e as Error).message;
}

/** Statuses a retry can fix: rate limits, timeouts, conflicts and server errors (529: overloaded). */
const RETRYABLE_STATUS = (s: number) => s === 408 || s === 409 || s === 429 || s >= 500;

/**
 * Whether another attempt may succeed: rate limits, server errors, overloads, dropped
 * connections, stalls and attempt timeouts may; an oversized reply and client errors may not.
 */
export function isRetryable(e: unknown): boolean {
  if (findCause(e, ReplyTooLargeError)) return false;
  if (findCause(e, ModelServerStalledError) || findCause(e, AttemptTimeoutError)) return true;
  if (e instanceof StreamFailedError) return e.retryable;
  const status = statusOf(e);
  if (status !== null) return RETRYABLE_STATUS(status);
  // An error event inside a stream: the SDKs raise it as an APIError without a status.
  if (isApiError(e) && !isConnectionError(e)) return TRANSIENT_ERROR_TYPE.test(providerErrorType(e));
  return isConnectionError(e) || e instanceof TypeError || /terminated|socket|ECONNRESET|aborted/i.test(String(e));
}
