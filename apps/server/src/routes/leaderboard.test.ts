import {
  ApiErrorSchema,
  CompareResponseSchema,
  LeaderboardResponseSchema,
  ScenarioStreamEventSchema,
  TranscriptResponseSchema,
} from "@analystbench/contracts";
import { findCase } from "@analystbench/scenarios";
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/test-app";

/**
 * The leaderboard API over a workspace holding two real runs of s1-dmz, made through the API
 * itself (builtin/reference and builtin/naive), and a run that failed before writing records.
 */
let dir: string;
let ws: string;
let t: TestApp;
let auth: Record<string, string>;
const runIds = { reference: "", naive: "" };
const dmz = findCase("s1-dmz")!;
const firstSample = dmz.samples[0]!.id;

async function runThroughApi(model: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/execute-scenario",
    headers: { ...auth, "content-type": "application/json" },
    payload: { scenarioId: "s1-dmz", model },
  });
  const events = res.body
    .split("\n")
    .filter((l) => l.startsWith("data:"))
    .map((l) => ScenarioStreamEventSchema.parse(JSON.parse(l.slice(5))));
  expect(events.at(-1)).toMatchObject({ event: "done", status: "completed" });
  return events[0]!.runId!;
}

beforeAll(async () => {
  dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "analystbench-lb-")));
  ws = path.join(dir, "workspace");
  mkdirSync(ws);
  t = await createTestApp({ workspaceDir: ws });
  auth = { authorization: `Bearer ${await t.login()}` };
  runIds.reference = await runThroughApi("builtin/reference");
  runIds.naive = await runThroughApi("builtin/naive");
  // A run that died before any sample ended: in the runs table, with no records anywhere.
  await t.db.execute({
    sql: "INSERT INTO runs (id, case_id, model, status, created_at, finished_at, options, error) VALUES ('r_failedxx01', 's1-dmz', 'broken/model', 'failed', ?, ?, '{\"epochs\":1}', 'The model answered 401')",
    args: [new Date().toISOString(), new Date().toISOString()],
  });
}, 60_000);

afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ url, headers: auth });

async function board(query = "") {
  const res = await get(`/api/leaderboard${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return LeaderboardResponseSchema.parse(res.json());
}

describe("GET /api/leaderboard", () => {
  it("ranks the reference above the naive model and counts the failed run as invalid", async () => {
    const body = await board();
    expect(body.groups).toHaveLength(1);
    const rows = body.groups[0]!.models;
    expect(rows.map((r) => r.model)).toEqual(["builtin/reference", "builtin/naive", "broken/model"]);
    const [reference, naive, broken] = rows;
    expect(reference!.score!.mean).toBe(10);
    expect(reference!.score!.mean).toBeGreaterThan(naive!.score!.mean);
    expect(reference).toMatchObject({ records: dmz.samples.length, invalid: 0, runIds: [runIds.reference] });
    expect(broken).toMatchObject({ records: 0, invalid: dmz.samples.length, score: null, runIds: ["r_failedxx01"] });
    expect(body.totalRecords).toBe(3 * dmz.samples.length);
    expect(body.invalidRecords).toBe(dmz.samples.length);
    expect(body.unreadableLines).toBe(0);
    expect(body.options.models).toEqual(["broken/model", "builtin/naive", "builtin/reference"]);
    expect(body.options.cases).toEqual([{ id: "s1-dmz", scenario: "scenario1" }]);
  });

  it("applies its filters", async () => {
    expect((await board("?model=builtin/naive")).groups[0]!.models.map((r) => r.model)).toEqual(["builtin/naive"]);
    expect((await board("?model=builtin/naive,%20builtin/reference")).groups[0]!.models).toHaveLength(2);
    expect((await board("?scenario=scenario2")).totalRecords).toBe(0);
    expect((await board("?case=s1-dmz&scenario=scenario1")).totalRecords).toBe(3 * dmz.samples.length);
    expect((await board("?since=2999-01-01")).totalRecords).toBe(0);
    expect((await board("?since=2000-01-01T00:00:00Z")).totalRecords).toBe(3 * dmz.samples.length);
    expect((await board("?variant=no-such-variant")).totalRecords).toBe(0);
  });

  it("sees a new record file at once, counts its malformed lines and skips symlinks out of results/", async () => {
    const line = readFileSync(
      path.join(
        ws,
        "results/s1-dmz",
        readdirSync(path.join(ws, "results/s1-dmz")).find((f) => f.includes("naive") && f.endsWith(".jsonl"))!,
      ),
      "utf8",
    )
      .trim()
      .split("\n")[0]!;
    const outside = path.join(dir, "outside");
    mkdirSync(outside);
    writeFileSync(path.join(outside, "x.jsonl"), `${line.replaceAll("builtin/naive", "outside/model")}\n`);
    symlinkSync(outside, path.join(ws, "results/linked"));
    const extra = path.join(ws, "results/s1-dmz/extra.jsonl");
    writeFileSync(extra, `${line.replaceAll("builtin/naive", "extra/model")}\n{"half":\n`);
    try {
      const body = await board();
      expect(body.options.models).toContain("extra/model");
      expect(body.options.models).not.toContain("outside/model");
      expect(body.unreadableLines).toBe(1);
      appendFileSync(extra, "[]\n");
      expect((await board()).unreadableLines).toBe(2);
    } finally {
      rmSync(extra);
      rmSync(path.join(ws, "results/linked"));
    }
    expect((await board()).options.models).not.toContain("extra/model");
  });
});

describe("GET /api/leaderboard/compare", () => {
  it("pairs the two models sample by sample, with the checkpoints they disagree on", async () => {
    const res = await get("/api/leaderboard/compare?a=builtin/reference&b=builtin/naive");
    expect(res.statusCode, res.body).toBe(200);
    const body = CompareResponseSchema.parse(res.json());
    expect(body).toMatchObject({ a: "builtin/reference", b: "builtin/naive" });
    const group = body.groups[0]!;
    expect(group.pairs).toBe(dmz.samples.length);
    expect(group.aWins).toBe(dmz.samples.length);
    expect(group.difference!.mean).toBeGreaterThan(0);
    const d = group.disagreements.find((x) => x.sample === firstSample && x.checkpoint === 1)!;
    expect(d.a).toMatchObject({ outcome: "plus", runId: runIds.reference });
    expect(d.b.runId).toBe(runIds.naive);
    expect(d.b.rationale.length).toBeGreaterThan(20);
  });
});

describe("GET /api/leaderboard/transcript", () => {
  it("returns the reference's messages, tool calls, tool outputs and grades", async () => {
    const res = await get(`/api/leaderboard/transcript?run=${runIds.reference}&sample=${firstSample}&epoch=1`);
    expect(res.statusCode, res.body).toBe(200);
    const body = TranscriptResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      runId: runIds.reference,
      model: "builtin/reference",
      case: "s1-dmz",
      sample: firstSample,
      epoch: 1,
      total: 10,
    });
    expect(body.checkpoints.map((c) => c.outcome)).toEqual(["plus", "plus", "plus", "plus"]);
    expect(body.checkpoints.every((c) => c.rationale.length > 20)).toBe(true);
    expect(body.messages[0]!.role).toBe("system");
    expect(body.messages[1]!.role).toBe("user");
    expect(body.messages.some((m) => m.role === "assistant" && m.toolCalls?.length)).toBe(true);
    expect(body.messages.some((m) => m.role === "tool" && m.text.length > 0)).toBe(true);
    expect(body.finalReport.length).toBeGreaterThan(50);
  });

  it("answers 404 with a sentence for an unknown run, sample or epoch", async () => {
    const cases: [string, RegExp][] = [
      [`run=r_nosuchrun1&sample=${firstSample}&epoch=1`, /There is no eval log of run r_nosuchrun1/],
      [`run=${runIds.naive}&sample=nope&epoch=1`, /has no sample "nope"/],
      [`run=${runIds.naive}&sample=${firstSample}&epoch=2`, /has no epoch 2 of sample .+; it ran epochs 1\./],
      // The failed run is in the table but wrote no log.
      [`run=r_failedxx01&sample=${firstSample}&epoch=1`, /There is no eval log of run r_failedxx01/],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/leaderboard/transcript?${query}`);
      expect(res.statusCode, query).toBe(404);
      expect(ApiErrorSchema.parse(res.json()).error, query).toMatch(message);
    }
  });

  it("never reads a log through a symlink planted in logs/", async () => {
    const outside = path.join(dir, "outside-log");
    mkdirSync(outside);
    const real = readdirSync(path.join(ws, "logs")).find((f) => f.endsWith(`_${runIds.naive}.json`))!;
    const forged = readFileSync(path.join(ws, "logs", real), "utf8").replaceAll(runIds.naive, "r_planted01");
    writeFileSync(path.join(outside, "log.json"), forged);
    const link = path.join(ws, "logs/2026-01-01T00-00-00-000Z_s1-dmz_r_planted01.json");
    symlinkSync(path.join(outside, "log.json"), link);
    try {
      const res = await get(`/api/leaderboard/transcript?run=r_planted01&sample=${firstSample}&epoch=1`);
      expect(res.statusCode).toBe(404);
    } finally {
      rmSync(link);
    }
  });
});

describe("bad parameters", () => {
  const bad: [string, RegExp][] = [
    ["/api/leaderboard?scenario=scenario3", /scenario: The scenario must be scenario1 or scenario2/],
    ["/api/leaderboard?since=yesterday", /since: since must be an ISO 8601 date/],
    ["/api/leaderboard?since=2026-13-45", /since must be an ISO 8601 date/],
    ["/api/leaderboard?case=../x", /case: A case id is lower-case letters, digits and dashes/],
    ["/api/leaderboard?case=s1-dmz&case=s2-x", /case: /],
    [`/api/leaderboard?model=${Array.from({ length: 51 }, (_, i) => `m${i}`).join(",")}`, /Give at most 50 models/],
    ["/api/leaderboard?variant=", /variant: /],
    ["/api/leaderboard/compare?a=b=same", /b: Name model b/],
    ["/api/leaderboard/compare?a=same&b=same", /b: Choose two different models/],
    ["/api/leaderboard/compare?b=x", /a: Name model a/],
    ["/api/leaderboard/compare?a=x&b=y&scenario=S1", /scenario: /],
    [`/api/leaderboard/transcript?run=r_x&sample=s&epoch=0`, /epoch: /],
    [`/api/leaderboard/transcript?run=r_x&sample=s&epoch=1.5`, /epoch: /],
    [`/api/leaderboard/transcript?run=r_x&sample=s&epoch=one`, /epoch: The epoch must be a whole number from 1/],
    [`/api/leaderboard/transcript?run=../../etc&sample=s&epoch=1`, /run: The run id is letters, digits, - and _/],
    [`/api/leaderboard/transcript?run=..%2F..%2Fetc%2Fpasswd&sample=s&epoch=1`, /run: The run id is letters/],
    [`/api/leaderboard/transcript?run=r_x%00&sample=s&epoch=1`, /run: /],
    [`/api/leaderboard/transcript?sample=s&epoch=1`, /run: /],
    [`/api/leaderboard/transcript?run=r_x&sample=${"s".repeat(129)}&epoch=1`, /sample: /],
    [`/api/leaderboard/transcript?run=r_x&sample=&epoch=1`, /sample: /],
  ];
  it.each(bad)("%s answers 400 with a sentence", async (url, message) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.code).toBe("INVALID_REQUEST");
    expect(body.error).toMatch(/^The query is not valid: .+\.$/);
    expect(body.error).toMatch(message);
  });

  it("requires a session on all three", async () => {
    for (const url of [
      "/api/leaderboard",
      "/api/leaderboard/compare?a=x&b=y",
      `/api/leaderboard/transcript?run=${runIds.reference}&sample=${firstSample}&epoch=1`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
