import { ApiErrorSchema, LoginResponseSchema } from "@analystbench/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TEST_USER, createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: payload as object, headers });

describe("POST /api/auth/login", () => {
  it("returns a 256-bit token for the right password", async () => {
    const res = await login(TEST_USER);
    expect(res.statusCode).toBe(200);
    const body = LoginResponseSchema.parse(res.json());
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now() + 11 * 3600_000);
  });

  it("answers an unknown user exactly like a wrong password", async () => {
    const wrong = await login({ username: TEST_USER.username, password: "not the password" });
    const unknown = await login({ username: "nobody", password: "not the password" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(ApiErrorSchema.parse(wrong.json()).code).toBe("INVALID_CREDENTIALS");
  });

  it("stores only a hash of the token", async () => {
    const token = (await login(TEST_USER).then((r) => r.json())) as { token: string };
    const rows = await t.db.execute("SELECT token_hash FROM sessions");
    expect(rows.rows).toHaveLength(1);
    expect(String(rows.rows[0]!.token_hash)).not.toContain(token.token);
    expect(String(rows.rows[0]!.token_hash)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("throttles a username after five failures, even for the right password, with Retry-After", async () => {
    for (let i = 0; i < 5; i++)
      expect((await login({ username: TEST_USER.username, password: `bad ${i}` })).statusCode).toBe(401);
    const res = await login(TEST_USER);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    expect(res.json().error).toMatch(/Try again in \d+ seconds?/);
  });

  it("counts parallel guesses before hashing: of 30 at once, at most five are checked", async () => {
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login({ username: TEST_USER.username, password: `parallel ${i}` })),
    );
    const checked = burst.filter((r) => r.statusCode === 401).length;
    const refused = burst.filter((r) => r.statusCode === 429).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked + refused).toBe(30);
  });

  it("counts parallel guesses across usernames against the address ceiling", async () => {
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login({ username: `someone${i}`, password: "guess" })),
    );
    expect(burst.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(20);
  });

  it("throttles an address that guesses across many usernames", async () => {
    for (let i = 0; i < 20; i++) await login({ username: `user${i}`, password: "guess" });
    const res = await login({ username: "someone-else", password: "guess" });
    expect(res.statusCode).toBe(429);
  });

  it("lets the throttle lapse after its window", async () => {
    const fast = await createTestApp({ throttle: { windowMs: 50, maxFailuresPerUser: 1, maxFailuresPerAddress: 10 } });
    try {
      await fast.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { ...TEST_USER, password: "bad password" },
      });
      const blocked = await fast.app.inject({ method: "POST", url: "/api/auth/login", payload: TEST_USER });
      expect(blocked.statusCode).toBe(429);
      await new Promise((r) => setTimeout(r, 80));
      const ok = await fast.app.inject({ method: "POST", url: "/api/auth/login", payload: TEST_USER });
      expect(ok.statusCode).toBe(200);
    } finally {
      await fast.close();
    }
  });

  it.each([
    ["a missing password", { username: "analyst" }],
    ["a number as username", { username: 5, password: "x" }],
    ["an empty username", { username: "", password: "x" }],
    ["an array body", ["analyst", "x"]],
  ])("rejects %s with a readable 400", async (_label, payload) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.code).toBe("INVALID_REQUEST");
    expect(body.error).toMatch(/^The request body is not valid: /);
  });

  it("rejects __proto__ keys", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"username":"analyst","password":"x","__proto__":{"isAdmin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).error).not.toMatch(/at .*\.js/);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it("rejects a body that is not JSON, the wrong content type and an oversized body", async () => {
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{username",
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe("INVALID_JSON");
    const text = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "text/plain" },
      payload: "analyst",
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe("This endpoint accepts only application/json request bodies.");
    const huge = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ username: "a", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it("refuses a sign-in posted from a foreign origin", async () => {
    const res = await login(TEST_USER, { origin: "https://evil.example", host: "127.0.0.1:3000" });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("FOREIGN_ORIGIN");
    const same = await login(TEST_USER, { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" });
    expect(same.statusCode).toBe(200);
  });

  it("records the sign-in in the activity log", async () => {
    const token = await t.login();
    const res = await t.app.inject({ url: "/api/activity", headers: { authorization: `Bearer ${token}` } });
    expect(res.json().items[0]).toMatchObject({ action: "User sign-in", status: "completed" });
  });

  it("records failed attempts the throttle admitted, folded into one line per name and day", async () => {
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login({ username: "root\n<b>x</b>", password: `guess ${i}` })),
    );
    const checked = burst.filter((r) => r.statusCode === 401).length;
    const token = await t.login();
    const res = await t.app.inject({ url: "/api/activity", headers: { authorization: `Bearer ${token}` } });
    const failed = res.json().items.filter((i: { status: string }) => i.status === "failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ action: "Failed sign-in", count: checked });
    expect(failed[0].result).toBe(`${checked} failed sign-in attempts as root <b>x</b> today`);
    const rows = await t.db.execute("SELECT count(*) AS n FROM activity WHERE status = 'failed'");
    expect(Number(rows.rows[0]!.n)).toBe(checked);
    expect(checked).toBeLessThanOrEqual(5);
  });
});

describe("sessions", () => {
  it("GET /api/auth/session names the user of a live token", async () => {
    const token = await t.login();
    const res = await t.app.inject({ url: "/api/auth/session", headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({ username: TEST_USER.username });
  });

  it("logout revokes the token", async () => {
    const token = await t.login();
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: auth })).statusCode).toBe(200);
    const after = await t.app.inject({ url: "/api/auth/session", headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe("SESSION_EXPIRED");
  });

  it("expires a token after its lifetime", async () => {
    const token = await t.login();
    t.advanceClock(12 * 3600_000 + 1000);
    const res = await t.app.inject({ url: "/api/auth/session", headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe("empty JSON bodies", () => {
  it("accepts a POST with Content-Type application/json and no body, as the console sends for logout", async () => {
    const token = await t.login();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(200);
    const after = await t.app.inject({ url: "/api/auth/session", headers: { authorization: `Bearer ${token}` } });
    expect(after.statusCode).toBe(401);
  });
});
