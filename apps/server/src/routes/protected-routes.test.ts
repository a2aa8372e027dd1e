import { ApiErrorSchema } from "@analystbench/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/test-app";

/**
 * Every API route except the public ones answers 401 without a live session. The route list
 * comes from the app itself, so a route added later is covered without editing this test.
 */
const PUBLIC = new Set(["GET /api/health", "POST /api/auth/login"]);

let t: TestApp;
let revoked: string;
let expired: string;
let live: string;

beforeAll(async () => {
  t = await createTestApp();
  revoked = await t.login();
  await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { authorization: `Bearer ${revoked}` } });
  expired = await t.login();
  t.advanceClock(13 * 3600_000);
  live = await t.login();
});
afterAll(async () => {
  await t.close();
});

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, "x");

describe("authentication on every protected route", () => {
  it("knows the routes it protects", () => {
    const protectedRoutes = t.app.apiRoutes.filter((r) => !PUBLIC.has(`${r.method} ${r.url}`));
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(5);
  });

  const cases: [string, () => Record<string, string>, string, string?][] = [
    ["no Authorization header", () => ({}), "UNAUTHENTICATED"],
    ["a malformed header", () => ({ authorization: "Token abc" }), "INVALID_TOKEN"],
    ["a malformed token", () => ({ authorization: "Bearer not-a-real-token" }), "SESSION_EXPIRED"],
    ["an expired token", () => ({ authorization: `Bearer ${expired}` }), "SESSION_EXPIRED"],
    ["a revoked token", () => ({ authorization: `Bearer ${revoked}` }), "SESSION_EXPIRED"],
    [
      "a live token also offered in the query string",
      () => ({ authorization: `Bearer ${live}` }),
      "TOKEN_IN_URL",
      `?token=${"x"}`,
    ],
  ];

  it.each(cases)("answers 401 with %s", async (_label, headers, code, query = "") => {
    const protectedRoutes = t.app.apiRoutes.filter((r) => !PUBLIC.has(`${r.method} ${r.url}`));
    for (const route of protectedRoutes) {
      const res = await t.app.inject({
        method: route.method as "GET",
        url: `${concrete(route.url)}${query}`,
        headers: { ...headers(), "content-type": "application/json" },
        payload: route.method === "GET" || route.method === "DELETE" ? undefined : "{}",
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(ApiErrorSchema.parse(res.json()).code, `${route.method} ${route.url}`).toBe(code);
    }
  });

  it("refuses a token in the query string even without a header", async () => {
    const res = await t.app.inject({ url: `/api/system/stats?access_token=${live}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("TOKEN_IN_URL");
  });

  it("lets the public routes through without a token", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", version: "0.0.0-test" });
  });

  it("answers unknown API paths with a JSON 404 once signed in", async () => {
    const res = await t.app.inject({ url: "/api/nope", headers: { authorization: `Bearer ${live}` } });
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json()).code).toBe("NOT_FOUND");
  });

  it("sends security headers on API responses", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});
