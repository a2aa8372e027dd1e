import type { LoginResponse, SessionResponse } from "@analystbench/contracts";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { apiJson, apiRequest, getStoredToken, onSessionExpired, storeToken } from "@/lib/api-client";

/**
 * Authentication state (spec section 4): the app starts loading and unauthenticated; a stored
 * token is checked with the server, so a revoked or expired one lands on sign-in.
 */
export type AuthState =
  | { status: "loading" }
  | { status: "unreachable"; message: string }
  | { status: "unauthenticated" }
  | { status: "authenticated"; username: string; expiresAt: string };

interface AuthContextValue {
  state: AuthState;
  login(username: string, password: string): Promise<{ ok: true } | { ok: false; message: string; status: number }>;
  logout(): Promise<void>;
  recheck(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: "loading" });
  const [checkCount, setCheckCount] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const token = getStoredToken();
    if (!token) {
      setState({ status: "unauthenticated" });
      return;
    }
    setState({ status: "loading" });
    apiRequest("/api/auth/session")
      .then(async (res) => {
        if (cancelled) return;
        if (res.ok) {
          const body = (await res.json()) as SessionResponse;
          setState({ status: "authenticated", username: body.user.username, expiresAt: body.expiresAt });
        } else if (res.status === 401) {
          storeToken(null);
          setState({ status: "unauthenticated" });
        } else {
          setState({ status: "unreachable", message: `The server answered with status ${res.status}.` });
        }
      })
      .catch(() => {
        if (!cancelled) setState({ status: "unreachable", message: "The AnalystBench server cannot be reached." });
      });
    return () => {
      cancelled = true;
    };
  }, [checkCount]);

  useEffect(() => {
    onSessionExpired(() => {
      storeToken(null);
      setState({ status: "unauthenticated" });
      toast.error("Session Expired", { description: "Your session has ended. Please sign in again." });
    });
    return () => onSessionExpired(undefined);
  }, []);

  const login = useCallback<AuthContextValue["login"]>(async (username, password) => {
    let res: Response;
    try {
      res = await apiRequest("/api/auth/login", { method: "POST", body: { username, password } });
    } catch (e) {
      console.error("Login request failed:", e);
      return { ok: false, message: "The AnalystBench server cannot be reached.", status: 0 };
    }
    if (!res.ok) {
      let message = "Invalid credentials. Please try again.";
      try {
        const body = (await res.json()) as { error?: string };
        if (body.error) message = body.error;
      } catch {
        /* keep the default */
      }
      return { ok: false, message, status: res.status };
    }
    const body = (await res.json()) as LoginResponse;
    storeToken(body.token);
    setState({ status: "authenticated", username, expiresAt: body.expiresAt });
    return { ok: true };
  }, []);

  const logout = useCallback(async () => {
    try {
      await apiJson("/api/auth/logout", { method: "POST" });
    } catch {
      /* the token is dropped locally either way */
    }
    storeToken(null);
    setState({ status: "unauthenticated" });
  }, []);

  const value = useMemo(
    () => ({ state, login, logout, recheck: () => setCheckCount((n) => n + 1) }),
    [state, login, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth must be used inside AuthProvider");
  return ctx;
}
