import { ModelsResponseSchema } from "@analystbench/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("GET /api/models", () => {
  it("lists the configured models with their API and whether each can run, never a key", async () => {
    t = await createTestApp({ models: { env: { ANTHROPIC_API_KEY: "sk-ant-do-not-leak" } } });
    const res = await t.app.inject({ url: "/api/models", headers: { authorization: `Bearer ${await t.login()}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("sk-ant-do-not-leak");
    const { models } = ModelsResponseSchema.parse(res.json());
    expect(models.find((m) => m.name === "builtin/reference")).toMatchObject({ api: "builtin", problem: null });
    expect(models.find((m) => m.name === "anthropic/claude-sonnet-4-5")).toMatchObject({
      api: "anthropic",
      keyEnv: "ANTHROPIC_API_KEY",
      keyPresent: true,
      problem: null,
    });
    expect(models.find((m) => m.name === "openai/gpt-5")).toMatchObject({ api: "responses", keyPresent: false });
  });

  it("is not answered without a session", async () => {
    t = await createTestApp();
    expect((await t.app.inject({ url: "/api/models" })).statusCode).toBe(401);
  });
});
