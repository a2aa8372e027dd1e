import { ResultFilesResponseSchema } from "@analystbench/contracts";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverPathsIn } from "../test-support/server-paths";
import { createTestApp, type TestApp } from "../test-support/test-app";

let ws: string;
let outside: string;
let t: TestApp;
let auth: Record<string, string>;

const report = (fm: string, body = "## Findings\n\n- one\n") => `---\n${fm}\n---\n\n${body}`;
const record = (status: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    run_id: "r1",
    case: "s1-dmz",
    sample: "dmz-web",
    model: "openai/gpt-4o",
    epoch: 1,
    status,
    total: 3,
    max: 10,
    normalized: 0.3,
    checkpoints: [],
    tokens: 10,
    tool_calls: 2,
    duration_seconds: 5,
    limits_hit: [],
    ...extra,
  });

function put(rel: string, text: string, mtime?: string) {
  const file = path.join(ws, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (mtime) utimesSync(file, new Date(mtime), new Date(mtime));
}

beforeAll(async () => {
  ws = mkdtempSync(path.join(os.tmpdir(), "analystbench-results-"));
  outside = mkdtempSync(path.join(os.tmpdir(), "analystbench-outside-"));
  put(
    "results/s1-dmz/2026-11-21T10-15-00Z_gpt-4o_r1.md",
    report(
      'run_id: r1\ncase: s1-dmz\ncase_name: DMZ Perimeter Services\nmodel: openai/gpt-4o\nstatus: completed\nscore: "7/10"\ntotal: 7\nmax: 10',
    ),
    "2026-11-21T10:20:00Z",
  );
  put(
    "results/s2-typosquatting/2026-11-22T08-00-00Z_naive_r2.md",
    report(
      "run_id: r2\ncase: s2-typosquatting\ncase_name: Typo-squatted npm Dependency\nmodel: builtin/naive\nstatus: failed\ntotal: -2\nmax: 10",
    ),
    "2026-11-22T08:05:00Z",
  );
  put("results/s1-corp/odd.md", report("status: interrupted\ncase: s1-corp"), "2026-11-01T00:00:00Z");
  put("results/s1-corp/plain.md", "# No front matter\n", "2026-10-01T00:00:00Z");
  put(
    "results/environment/2026-11-23T09-00-00Z_clean-results.md",
    report("script: clean-results\nname: Clean Results\nstatus: completed\nexit_code: 0", "```text\nok\n```\n"),
    "2026-11-23T09:00:01Z",
  );
  put(
    "results/s1-dmz/all-done.jsonl",
    [record("completed"), record("completed", { sample: "dmz-vpn", total: 5 })].join("\n") + "\n",
    "2026-11-21T10:20:00Z",
  );
  put("results/s1-dmz/all-failed.jsonl", record("failed"), "2026-11-20T00:00:00Z");
  put("results/s1-dmz/mixed.jsonl", [record("completed"), record("failed")].join("\n"), "2026-11-19T00:00:00Z");
  put("results/s1-dmz/broken.jsonl", "{not json\n", "2026-11-18T00:00:00Z");
  put("notes.md", "---\nstatus: completed\n---\n");
  writeFileSync(path.join(outside, "stolen.md"), report("status: completed\ncase_name: STOLEN"));
  symlinkSync(outside, path.join(ws, "results/linked-dir"));
  t = await createTestApp({ workspaceDir: ws });
  auth = { authorization: `Bearer ${await t.login()}` };
});

afterAll(async () => {
  await t.close();
  rmSync(ws, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const list = async (which: "logs" | "benchmarks") => {
  const res = await t.app.inject({ url: `/api/results/${which}`, headers: auth });
  expect(res.statusCode).toBe(200);
  return ResultFilesResponseSchema.parse(res.json()).files;
};

describe("GET /api/results/logs", () => {
  it("lists every markdown report under results/, newest first, with status and description from the file", async () => {
    const files = await list("logs");
    expect(files.map((f) => f.path)).toEqual([
      "results/environment/2026-11-23T09-00-00Z_clean-results.md",
      "results/s2-typosquatting/2026-11-22T08-00-00Z_naive_r2.md",
      "results/s1-dmz/2026-11-21T10-15-00Z_gpt-4o_r1.md",
      "results/s1-corp/odd.md",
      "results/s1-corp/plain.md",
    ]);
    expect(files[2]).toEqual({
      id: "results/s1-dmz/2026-11-21T10-15-00Z_gpt-4o_r1.md",
      name: "2026-11-21T10-15-00Z_gpt-4o_r1.md",
      type: "markdown",
      status: "completed",
      // An old report with sums and no sample counts: its score can only be shown as the sum it is.
      description: "DMZ Perimeter Services · openai/gpt-4o · sum 7 of 10",
      size: files[2]!.size,
      modified: "2026-11-21T10:20:00.000Z",
      path: "results/s1-dmz/2026-11-21T10-15-00Z_gpt-4o_r1.md",
      parentDir: "s1-dmz",
      category: "Test Logs",
    });
    expect(files[1]).toMatchObject({
      status: "failed",
      description: "Typo-squatted npm Dependency · builtin/naive · sum −2 of 10",
    });
    expect(files[0]).toMatchObject({
      parentDir: "environment",
      status: "completed",
      description: "Clean Results · exit code 0",
    });
    expect(files[3]).toMatchObject({ status: "interrupted" });
    expect(files[4]).toMatchObject({ status: "unknown", description: "Execution report without front matter" });
  });

  it("never reads through a symlink out of results/", async () => {
    const files = await list("logs");
    expect(JSON.stringify(files)).not.toContain("STOLEN");
    expect(files.some((f) => f.path.includes("linked-dir"))).toBe(false);
  });
});

describe("no absolute server paths", () => {
  it.each(["logs", "benchmarks"] as const)(
    "GET /api/results/%s shows paths relative to the workspace only",
    async (which) => {
      // A data dir laid out as the config does, with hand-written files that name the workspace and
      // the data dir by their absolute paths in the values a row shows.
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "analystbench-results-data-"));
      const own = path.join(dataDir, "workspace");
      const write = (rel: string, text: string) => {
        mkdirSync(path.dirname(path.join(own, rel)), { recursive: true });
        writeFileSync(path.join(own, rel), text);
      };
      write(
        "results/manual/by-hand.md",
        report(`case: s1-dmz\ncase_name: Copied from ${own}/results/s1-dmz\nstatus: completed`),
      );
      write("results/manual/by-hand.jsonl", record("completed", { model: `${dataDir}/models/local` }));
      const app = await createTestApp({ workspaceDir: own });
      try {
        const res = await app.app.inject({
          url: `/api/results/${which}`,
          headers: { authorization: `Bearer ${await app.login()}` },
        });
        expect(res.statusCode).toBe(200);
        expect(serverPathsIn(res.body, [dataDir])).toEqual([]);
        const [row] = ResultFilesResponseSchema.parse(res.json()).files;
        expect(row!.path).toBe(`results/manual/by-hand.${which === "logs" ? "md" : "jsonl"}`);
        expect(row!.description).toContain(which === "logs" ? "Copied from results/s1-dmz" : "../models/local");
      } finally {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe("GET /api/results/benchmarks", () => {
  it("derives each file's status from its records: all completed, all failed, otherwise partial", async () => {
    const files = await list("benchmarks");
    const byName = Object.fromEntries(files.map((f) => [f.name, f]));
    expect(byName["all-done.jsonl"]).toMatchObject({
      status: "completed",
      type: "jsonl",
      category: "Benchmark Results",
      parentDir: "s1-dmz",
      description: "2 records · s1-dmz · openai/gpt-4o · 4 mean per sample (−10…+10), 2 samples × 1 epoch",
    });
    expect(byName["all-failed.jsonl"]!.status).toBe("failed");
    expect(byName["mixed.jsonl"]!.status).toBe("partial");
    expect(byName["broken.jsonl"]).toMatchObject({
      status: "unknown",
      description: "Unreadable: a line is not a JSON object",
    });
  });

  it("is an empty list when there is no results folder yet", async () => {
    const empty = await createTestApp();
    const token = await empty.login();
    const res = await empty.app.inject({
      url: "/api/results/benchmarks",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.json()).toEqual({ files: [] });
    await empty.close();
  });
});
