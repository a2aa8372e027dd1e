/**
 * The console's only door to the server. Every call sends JSON and, when signed in, the bearer
 * token in the Authorization header — never in a URL. A 401 on an authenticated call means the
 * session died (expired or revoked), so the app is told to return to sign-in.
 */
export const TOKEN_STORAGE_KEY = "analystbench.token";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

let sessionExpiredHandler: (() => void) | undefined;

/** Called when an authenticated request is answered 401. */
export function onSessionExpired(handler: (() => void) | undefined): void {
  sessionExpiredHandler = handler;
}

export function getStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string | null): void {
  if (token === null) localStorage.removeItem(TOKEN_STORAGE_KEY);
  else localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function authHeaders(): Record<string, string> {
  const token = getStoredToken();
  return {
    "Content-Type": "application/json",
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/** fetch with the console's headers; returns the raw Response (streams, downloads). */
export async function apiRequest(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<Response> {
  const hadToken = getStoredToken() !== null;
  const res = await fetch(path, {
    method: init.method ?? "GET",
    headers: authHeaders(),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  if (res.status === 401 && hadToken && path !== "/api/auth/login") sessionExpiredHandler?.();
  return res;
}

/** Reads `{ error }` from a failed response, or falls back to the caller's sentence. */
export async function errorMessage(res: Response, fallback: string): Promise<string> {
  try {
    const body = (await res.json()) as { error?: unknown };
    if (typeof body.error === "string" && body.error) return body.error;
  } catch {
    /* not JSON: use the fallback */
  }
  return fallback;
}

/** A JSON call: resolves to the parsed body, or throws ApiRequestError with a readable message. */
export async function apiJson<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; fallbackError?: string } = {},
): Promise<T> {
  const res = await apiRequest(path, init);
  if (!res.ok) {
    let code: string | undefined;
    let message = init.fallbackError ?? `Request failed with status ${res.status}`;
    try {
      const body = (await res.json()) as { error?: unknown; code?: unknown };
      if (typeof body.error === "string" && body.error) message = body.error;
      if (typeof body.code === "string") code = body.code;
    } catch {
      /* keep the fallback */
    }
    throw new ApiRequestError(res.status, message, code);
  }
  return (await res.json()) as T;
}
