import { ActivityResponseSchema, RunSummarySchema, ScriptExecutionResultSchema } from "@analystbench/contracts";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AUTH_ACTIONS } from "../services/activity";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function start() {
  t = await createTestApp();
  const auth = { authorization: `Bearer ${await t.login()}`, "content-type": "application/json" };
  return { t, auth };
}

const activity = async (app: TestApp, auth: Record<string, string>, query = "") => {
  const res = await app.app.inject({ url: `/api/activity${query}`, headers: auth });
  expect(res.statusCode).toBe(200);
  return ActivityResponseSchema.parse(res.json()).items;
};

describe("GET /api/activity", () => {
  it("leads with a real run linked to the report it wrote, then the folded sign-ins", async () => {
    const { t, auth } = await start();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/execute-scenario",
      headers: auth,
      payload: { scenarioId: "s1-dmz", scenarioName: "DMZ Perimeter Services", model: "builtin/reference", llm: "x" },
    });
    expect(res.statusCode).toBe(200);
    const runId = /"runId":"(r_\w+)"/.exec(res.body)![1]!;
    // Sign-ins after the run are newer, and still come second.
    await t.login();
    await t.login();

    const items = await activity(t, auth);
    const run = RunSummarySchema.parse((await t.app.inject({ url: `/api/runs/${runId}`, headers: auth })).json());
    const report = run.result!.files.report;
    expect(items[0]).toMatchObject({ kind: "run", status: "completed", link: { type: "result", path: report } });
    // The link is relative to the workspace and names the file the run wrote.
    expect(path.isAbsolute(report)).toBe(false);
    expect(existsSync(path.join(t.deps.config.workspaceDir, report))).toBe(true);
    expect(items.slice(1)).toEqual([
      expect.objectContaining({
        kind: "sign-in",
        action: "User sign-in",
        result: "analyst signed in 3 times today",
        count: 3,
      }),
    ]);
  });

  it("links an environment script to the output file it saved", async () => {
    const { t, auth } = await start();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/execute-script",
      headers: auth,
      payload: { scriptPath: "clean-results", scriptName: "Clean Results", scenario: "environment" },
    });
    expect(res.statusCode).toBe(200);
    const outputFile = ScriptExecutionResultSchema.parse(res.json()).outputFile!;
    expect(outputFile).toMatch(/^results\/environment\//);
    const [first] = await activity(t, auth);
    expect(first).toMatchObject({
      kind: "script",
      action: "Clean Results",
      status: "completed",
      link: { type: "result", path: outputFile },
    });
  });

  it("keeps runs within the limit however many sign-ins there are: 30 by 2 users over 2 days fold into 4 rows", async () => {
    const started = await start();
    const t = started.t;
    let auth = started.auth;
    const log = t.deps.activity;
    for (let i = 0; i < 3; i++)
      await log.record({ kind: "run", action: `Run ${i}`, status: "running", result: "started", ref: `r_${i}` });
    // Two real sign-ins (one per day: the first session expires overnight) and 28 recorded ones.
    for (let i = 0; i < 28; i++) {
      if (i === 14) {
        t.advanceClock(24 * 3600_000);
        auth = { ...auth, authorization: `Bearer ${await t.login()}` };
      }
      const actor = i % 2 ? "admin" : "analyst";
      await log.record({ kind: "auth", action: AUTH_ACTIONS.signIn, status: "completed", result: "", actor });
    }

    const items = await activity(t, auth, "?limit=10");
    expect(items.slice(0, 3).map((i) => [i.action, i.link])).toEqual([
      ["Run 2", { type: "run", runId: "r_2" }],
      ["Run 1", { type: "run", runId: "r_1" }],
      ["Run 0", { type: "run", runId: "r_0" }],
    ]);
    const folded = items.slice(3);
    expect(folded).toHaveLength(4);
    expect(folded.reduce((n, i) => n + i.count!, 0)).toBe(30);
    expect((await activity(t, auth, "?limit=3")).map((i) => i.kind)).toEqual(["run", "run", "run"]);
    expect(await activity(t, auth, "?limit=1")).toHaveLength(1);
  });

  it("serves a hostile user name as one line of inert text", async () => {
    const { t, auth } = await start();
    await t.deps.activity.record({
      kind: "auth",
      action: AUTH_ACTIONS.signIn,
      status: "failed",
      result: "",
      actor: "<script>alert(1)</script>\nroot",
    });
    const [failed] = await activity(t, auth);
    expect(failed).toMatchObject({
      action: "Failed sign-in",
      status: "failed",
      result: "1 failed sign-in attempt as <script>alert(1)</script> root today",
    });
    // JSON, not HTML: the console decides how to show it.
    const res = await t.app.inject({ url: "/api/activity", headers: auth });
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
  });

  it.each(["0", "1000", "abc", "-1", "2.5", "", "1&limit=2"])(
    "answers limit=%s with 400 and a sentence",
    async (limit) => {
      const { t, auth } = await start();
      const res = await t.app.inject({ url: `/api/activity?limit=${limit}`, headers: auth });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("The query is not valid: limit: Give limit as a whole number from 1 to 100.");
    },
  );

  it("needs a session", async () => {
    const { t } = await start();
    expect((await t.app.inject({ url: "/api/activity" })).statusCode).toBe(401);
  });
});
