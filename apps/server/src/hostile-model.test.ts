import { spawn, type ChildProcess } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openSimSession } from "@analystbench/sim";
import { createActivityLog } from "./services/activity";
import { createRunService } from "./services/run-service";
import { createTestApp, type TestApp } from "./test-support/test-app";

/**
 * The server keeps answering while a hostile model floods it (issue 10, item 4): every reply of
 * the model is 64 MiB, as text or as one tool call's arguments. The model server is a process
 * of its own, so what is measured is this server's event loop alone: the longest stall and the
 * p99 of the loop's delay while the whole run is processed, graded and written.
 */
const FAKE_MAIN = path.resolve(import.meta.dirname, "../../../packages/engine/src/test-support/fake-openai-main.ts");
const HUGE = 64 * 1024 * 1024;

let t: TestApp | undefined;
let fake: ChildProcess | undefined;
afterEach(async () => {
  await t?.close();
  fake?.kill("SIGTERM");
  t = fake = undefined;
});

async function startFake(behaviour: object): Promise<string> {
  fake = spawn(process.execPath, ["--import", "tsx", FAKE_MAIN, "0", JSON.stringify(behaviour)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    fake!.stdout!.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    fake!.once("exit", (code) => reject(new Error(`the fake model server exited (${code})`)));
  });
}

async function runAndMeasure(behaviour: object) {
  const url = await startFake(behaviour);
  t = await createTestApp();
  // As in production: environments in simulation workers, not on the server's thread.
  const runs = createRunService({
    db: t.db,
    activity: createActivityLog(t.db),
    workspaceDir: t.deps.config.workspaceDir,
    version: "test",
    maxConnections: 4,
    openSession: openSimSession,
    models: { env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: url } },
  });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = await runs.start({ caseId: "s2-typosquatting", model: "openai/hostile", user: "analyst" });
  if ("problem" in started) throw new Error(started.problem);
  const deadline = Date.now() + 240_000;
  let run = await runs.get(started.runId);
  while (run?.status === "queued" || run?.status === "running") {
    if (Date.now() > deadline) throw new Error("the run did not finish");
    await new Promise((r) => setTimeout(r, 100));
    run = await runs.get(started.runId);
  }
  delay.disable();
  await runs.shutdown();
  const figures = { maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 };
  console.log(
    `hostile ${JSON.stringify(behaviour)}: event loop p99 ${figures.p99Ms.toFixed(1)} ms, max ${figures.maxMs.toFixed(1)} ms`,
  );
  return { run, figures };
}

describe("a model that sends 64 MiB per reply", () => {
  it.each([
    ["as text", { kind: "huge", bytes: HUGE, in: "content" }],
    ["as one tool call's arguments", { kind: "huge", bytes: HUGE, in: "arguments" }],
  ])(
    "%s: the run ends graded and the server never stalls",
    async (_label, behaviour) => {
      const { run, figures } = await runAndMeasure(behaviour);
      expect(run?.status).not.toBe("failed");
      // Targets: p99 within 100 ms; no single stall near the 46.7 s seen before the caps.
      expect(figures.p99Ms).toBeLessThan(100);
      expect(figures.maxMs).toBeLessThan(1_000);
    },
    300_000,
  );
});
