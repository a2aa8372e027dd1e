import { LoginRequestSchema } from "@analystbench/contracts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../plugins/auth";
import { HttpError, parseWith } from "../plugins/http-error";
import { AUTH_ACTIONS, FAILED_SIGN_IN_ACTION, type ActivityLog } from "../services/activity";
import type { LoginThrottle } from "../services/login-throttle";
import type { SessionStore } from "../services/sessions";
import type { UserStore } from "../services/users";

export interface AuthDeps {
  users: UserStore;
  sessions: SessionStore;
  throttle: LoginThrottle;
  activity: ActivityLog;
}

export function authRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.post("/api/auth/login", async (request) => {
    const { username, password } = parseWith(LoginRequestSchema, request.body);
    // Reserved before the password hash: parallel guesses are counted as they arrive.
    const reservation = deps.throttle.reserve(username, request.ip);
    if (!reservation.ok) {
      const wait = reservation.retryAfterSeconds;
      throw new HttpError(
        429,
        "TOO_MANY_ATTEMPTS",
        `Too many failed sign-in attempts. Try again in ${wait} second${wait === 1 ? "" : "s"}.`,
        undefined,
        { "Retry-After": String(wait) },
      );
    }
    const user = await deps.users.authenticate(username, password).catch((e: unknown) => {
      reservation.attempt.failed();
      throw e;
    });
    if (!user) {
      reservation.attempt.failed();
      // Recent Activity folds these per name and day. Only attempts the throttle admitted are
      // recorded, so a guessing burst writes no more rows than it is allowed guesses.
      await deps.activity.record({
        kind: "auth",
        action: FAILED_SIGN_IN_ACTION,
        status: "failed",
        result: `Failed sign-in from ${request.ip}`,
        actor: username,
      });
      // The same answer for an unknown user and a wrong password.
      throw new HttpError(401, "INVALID_CREDENTIALS", "The username or password is incorrect.");
    }
    reservation.attempt.succeeded();
    const session = await deps.sessions.create(user);
    await deps.activity.record({
      kind: "auth",
      action: AUTH_ACTIONS.signIn,
      status: "completed",
      result: `${user.username} signed in from ${request.ip}`,
      actor: user.username,
    });
    return { token: session.token, expiresAt: session.expiresAt };
  });

  app.post("/api/auth/logout", async (request) => {
    const session = requireSession(request);
    await deps.sessions.revoke(session.token);
    await deps.activity.record({
      kind: "auth",
      action: AUTH_ACTIONS.signOut,
      status: "completed",
      result: `${session.user.username} signed out`,
      actor: session.user.username,
    });
    return { ok: true };
  });

  app.get("/api/auth/session", async (request) => {
    const session = requireSession(request);
    return { user: { username: session.user.username }, expiresAt: session.expiresAt };
  });
}
