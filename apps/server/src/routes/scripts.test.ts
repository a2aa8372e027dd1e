import { ScriptExecutionResultSchema, ScriptsResponseSchema } from "@analystbench/contracts";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { EnvironmentScript } from "../services/environment-scripts";
import { serverPathsIn } from "../test-support/server-paths";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function start(scripts?: Map<string, EnvironmentScript>) {
  t = await createTestApp(scripts ? { overrides: { environmentScripts: scripts } } : {});
  const auth = { authorization: `Bearer ${await t.login()}` };
  const exec = (payload: unknown) =>
    t!.app.inject({ method: "POST", url: "/api/execute-script", headers: auth, payload: payload as object });
  return { t, auth, exec, ws: t.deps.config.workspaceDir };
}

/** A zombie (killed, not yet reaped by init) counts as dead. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

const node = (code: string, extra: Partial<EnvironmentScript> = {}): EnvironmentScript => ({
  name: "Test Script",
  description: "For tests.",
  // "--" ends node's own options, so the runner's --workspace=… reaches the script.
  argv: [process.execPath, "-e", code, "--"],
  ...extra,
});

describe("GET /api/scripts", () => {
  it("returns the 5 + 8 scenario cases and the Environment Control scripts in the spec's shape", async () => {
    const { t, auth } = await start();
    const body = ScriptsResponseSchema.parse((await t.app.inject({ url: "/api/scripts", headers: auth })).json());
    expect(body.scenario1.testCases).toHaveLength(5);
    expect(body.scenario2.testCases).toHaveLength(8);
    expect(body.scenario1.testCases[0]).toMatchObject({
      id: "s1-dmz",
      scriptPath: "s1-dmz",
      scenario: "scenario1",
      isScenario: true,
    });
    expect(body.scenario2.testCases.every((c) => c.isScenario && c.scenario === "scenario2" && c.description)).toBe(
      true,
    );
    expect(body.environment.testCases).toContainEqual({
      id: "clean-results",
      name: "Clean Results",
      description: expect.stringContaining("older than 7 days"),
      scriptPath: "clean-results",
      scenario: "environment",
      isScenario: false,
    });
  });
});

describe("POST /api/execute-script", () => {
  it("answers injection strings, paths and prototype names with a 4xx and runs nothing", async () => {
    const { exec, ws } = await start();
    for (const id of [
      ";id",
      "$(id)",
      "`id`",
      "../x",
      "clean-results; rm -rf /",
      "__proto__",
      "toString",
      "constructor",
      "hasOwnProperty",
      "CLEAN-RESULTS",
      "",
      "a".repeat(65),
      "clean-results\n",
      "no-such-script",
    ]) {
      for (const key of ["scriptPath", "script"]) {
        const res = await exec({ [key]: id, scriptName: "x", scenario: "environment" });
        expect({ id, status: res.statusCode >= 400 && res.statusCode < 500 }).toEqual({ id, status: true });
        expect(res.json()).toHaveProperty("code");
      }
    }
    expect((await exec({})).statusCode).toBe(400);
    expect((await exec({ scriptPath: ["clean-results"] })).statusCode).toBe(400);
    expect((await exec({ scriptPath: "s1-dmz" })).json()).toMatchObject({ code: "SCENARIO_CASE" });
    expect(existsSync(path.join(ws, "results/environment"))).toBe(false);
  });

  it("runs Clean Results: archives old results, writes its output file and logs the activity", async () => {
    const { exec, ws, t } = await start();
    const old = path.join(ws, "results/s1-dmz/old.md");
    const fresh = path.join(ws, "results/s1-dmz/fresh.md");
    mkdirSync(path.dirname(old), { recursive: true });
    writeFileSync(old, "old");
    writeFileSync(fresh, "fresh");
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    utimesSync(old, tenDaysAgo, tenDaysAgo);

    const res = await exec({ scriptPath: "clean-results", scriptName: "Clean Results", scenario: "environment" });
    expect(res.statusCode).toBe(200);
    const body = ScriptExecutionResultSchema.parse(res.json());
    expect(body).toMatchObject({ success: true, exitCode: 0, error: null, workingDirectory: "." });
    expect(body.stdout).toContain("moved results/s1-dmz/old.md -> archive/");
    expect(body.stdout).toContain("Archived 1 file (3 B)");
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(body.outputFile).toMatch(/^results\/environment\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ_clean-results\.md$/);
    const saved = readFileSync(path.join(ws, body.outputFile!), "utf8");
    expect(saved).toMatch(/^---\nscript: clean-results\nname: Clean Results\nstatus: completed\nexit_code: 0\n/);
    expect(saved).toContain("```text\nClean Results: archiving");
    const [activity] = await t.deps.activity.recent(1);
    expect(activity).toMatchObject({ action: "Clean Results", status: "completed" });
    expect(activity!.result).toContain(body.outputFile!);
  });

  it("reports a failing script as success false with its exit code, stderr and output file", async () => {
    const { exec, ws, t } = await start(
      new Map([["boom", node("console.log('half'); console.error('bad thing'); process.exit(3)")]]),
    );
    const body = ScriptExecutionResultSchema.parse((await exec({ script: "boom" })).json());
    expect(body).toMatchObject({
      success: false,
      exitCode: 3,
      stdout: "half\n",
      stderr: "bad thing\n",
      error: "The script exited with code 3.",
    });
    expect(readFileSync(path.join(ws, body.outputFile!), "utf8")).toContain("status: failed\nexit_code: 3");
    expect((await t.deps.activity.recent(1))[0]).toMatchObject({ status: "failed" });
  });

  it("passes no request value to the command line and uses no shell", async () => {
    const { exec } = await start(new Map([["argv", node("console.log(JSON.stringify(process.argv.slice(1)))")]]));
    const body = ScriptExecutionResultSchema.parse(
      (await exec({ script: "argv", scriptName: "$(id)", scenario: "`id`" })).json(),
    );
    const argv = JSON.parse(body.stdout) as string[];
    expect(argv).toHaveLength(1);
    expect(argv[0]).toMatch(/^--workspace=/);
  });

  it("answers 409 to a second environment script while one runs", async () => {
    const { exec } = await start(
      new Map([
        ["slow", node("setTimeout(() => console.log('done'), 700)")],
        ["other", node("console.log('other')")],
      ]),
    );
    const first = exec({ script: "slow" });
    await new Promise((r) => setTimeout(r, 150));
    const second = await exec({ script: "other" });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      code: "SCRIPT_BUSY",
      error: "Test Script is still running; Environment Control scripts run one at a time, so wait for it to finish.",
    });
    expect((await first).json()).toMatchObject({ success: true, stdout: "done\n" });
    expect((await exec({ script: "other" })).statusCode).toBe(200);
  });

  it("kills the whole process group on timeout, grandchildren included", async () => {
    const grandchild = `require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }).pid`;
    const { exec } = await start(
      new Map([["hang", node(`console.log(${grandchild}); setInterval(() => {}, 1000)`, { timeoutMs: 500 })]]),
    );
    const startedAt = Date.now();
    const body = ScriptExecutionResultSchema.parse((await exec({ script: "hang" })).json());
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/ran longer than 1 s and was stopped/);
    const pid = Number(body.stdout.trim());
    expect(pid).toBeGreaterThan(0);
    await expect.poll(() => isAlive(pid), { timeout: 3_000 }).toBe(false);
  });

  it("stops a running script with its group when the server closes, and still saves its output", async () => {
    const {
      exec,
      ws,
      t: app,
    } = await start(new Map([["hang", node("console.log(process.pid); setInterval(() => {}, 1000)")]]));
    const pending = exec({ script: "hang" });
    const dir = path.join(ws, "results/environment");
    await expect.poll(() => app.deps.activity.recent(1).then((a) => a[0]?.status)).toBe("running");
    await new Promise((r) => setTimeout(r, 200));
    await app.app.close();
    expect(readdirSync(dir).filter((f) => f.endsWith("_hang.md"))).toHaveLength(1);
    const body = ScriptExecutionResultSchema.parse((await pending).json());
    expect(body.success).toBe(false);
    expect(isAlive(Number(body.stdout.trim()))).toBe(false);
  });

  it("caps the output at 1 MiB and says so", async () => {
    const { exec } = await start(new Map([["loud", node("process.stdout.write('x'.repeat(3 * 1024 * 1024))")]]));
    const body = ScriptExecutionResultSchema.parse((await exec({ script: "loud" })).json());
    expect(body.stdout.length).toBe(1024 * 1024);
    expect(body.stderr).toContain("[output truncated: more than 1 MiB]");
  });
});

describe("no absolute server paths", () => {
  it("GET /api/scripts shows none", async () => {
    const { t, auth, ws } = await start();
    const res = await t.app.inject({ url: "/api/scripts", headers: auth });
    expect(res.statusCode).toBe(200);
    expect(serverPathsIn(res.body, [ws])).toEqual([]);
  });

  it("POST /api/execute-script shows paths relative to the workspace: result, saved output and activity", async () => {
    // Everything a script can say about where it runs: its cwd, its --workspace argument, a path
    // below it (stdout) and a Node error naming one (stderr), then a failure.
    const code = [
      "const ws = process.argv.at(-1).slice('--workspace='.length);",
      "console.log('cwd ' + process.cwd());",
      "console.log('wrote ' + ws + '/results/environment/x.md');",
      'console.error("Error: ENOENT: no such file or directory, open \'" + ws + "/logs/missing.json\'");',
      "process.exit(2);",
    ].join(" ");
    const { t, exec, auth, ws } = await start(new Map([["paths", node(code)]]));
    const res = await exec({ script: "paths" });
    expect(res.statusCode).toBe(200);
    const body = ScriptExecutionResultSchema.parse(res.json());
    expect(serverPathsIn(res.body, [ws])).toEqual([]);
    expect(body).toMatchObject({ success: false, exitCode: 2, workingDirectory: "." });
    expect(body.stdout).toBe("cwd .\nwrote results/environment/x.md\n");
    expect(body.stderr).toBe("Error: ENOENT: no such file or directory, open 'logs/missing.json'\n");
    expect(body.outputFile).toMatch(/^results\/environment\/.+_paths\.md$/);
    const saved = readFileSync(path.join(ws, body.outputFile!), "utf8");
    expect(saved).toContain("wrote results/environment/x.md");
    expect(serverPathsIn(saved, [ws])).toEqual([]);
    const activity = await t.app.inject({ url: "/api/activity", headers: auth });
    expect(serverPathsIn(activity.body, [ws])).toEqual([]);
  });

  it("POST /api/execute-script: a program that cannot start is named relative to the workspace", async () => {
    const ws = mkdtempSync(path.join(os.tmpdir(), "analystbench-ws-"));
    try {
      const missing: EnvironmentScript = { name: "Missing", description: "x", argv: [path.join(ws, "bin/nope")] };
      t = await createTestApp({ workspaceDir: ws, overrides: { environmentScripts: new Map([["nope", missing]]) } });
      const auth = { authorization: `Bearer ${await t.login()}` };
      const res = await t.app.inject({
        method: "POST",
        url: "/api/execute-script",
        headers: auth,
        payload: { script: "nope" },
      });
      const body = ScriptExecutionResultSchema.parse(res.json());
      expect(body).toMatchObject({ success: false, exitCode: -1 });
      expect(body.error).toContain("bin/nope");
      expect(serverPathsIn(res.body, [ws])).toEqual([]);
    } finally {
      await t?.close();
      t = undefined;
      rmSync(ws, { recursive: true, force: true });
    }
  });
});

describe("the simulator's Environment Control scripts", () => {
  it("lists Environment Status, Reset Environment, Verify Scenarios and Clean Results", async () => {
    const { t, auth } = await start();
    const body = ScriptsResponseSchema.parse((await t.app.inject({ url: "/api/scripts", headers: auth })).json());
    expect(body.environment.testCases.map((c) => c.name).sort()).toEqual([
      "Clean Results",
      "Environment Status",
      "Reset Environment",
      "Verify Scenarios",
    ]);
  });

  it("Environment Status really builds every case and reports its evidence intact", async () => {
    const { exec } = await start();
    const res = await exec({ scriptPath: "environment-status", scriptName: "Environment Status" });
    const body = ScriptExecutionResultSchema.parse(res.json());
    expect(body.exitCode, body.stderr).toBe(0);
    expect(body.stdout.match(/intact/g)).toHaveLength(13);
    expect(body.stdout).toContain("s2-terraform-tag-persistence");
  }, 120_000);
});
