#!/usr/bin/env node
/**
 * `npm run bench:leaderboard`: 100,000 benchmark records (synthetic, in the exact JSONL shape the
 * engine writes, seeded) in a fresh workspace, served by the real server. Prints the time of
 * GET /api/leaderboard cold — the first request ever (every file parsed) and the first after a
 * restart (what the first server parsed, read back from the data directory) — and warm (p50/p95 of 20),
 * the warm time of a filter not asked before (the aggregation itself), GET /api/leaderboard/compare
 * and, when the console has its Leaderboard page, the time from clicking it until Chromium shows
 * the ranking table. Targets: warm p50 ≤ 200 ms, cold ≤ 2 s, the table ≤ 1 s after the response.
 * BENCH_PORT picks the port (3293); BENCH_KEEP_DATA=1 keeps the generated workspace for profiling.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { median, percentile, ROOT, signedInBrowser, startBenchServer } from "./bench-server.mjs";
import { machineLoad } from "./bench-machine.mjs";

const RECORDS = 100_000;
const EPOCHS_PER_RUN = 10;
const WARM_RUNS = 20;
const BROWSER_RUNS = 5;
const SETTLE_MS = 3_000;
const PORT = Number(process.env.BENCH_PORT ?? 3293);
const PASSWORD = "bench-admin-password";
const root = ROOT;

// The case list and sample ids are the real ones; the TypeScript sources load through tsx, as the server's do.
const { register } = await import("tsx/esm/api");
register();
const { TEST_CASES, mulberry32 } = await import(path.join(root, "packages/scenarios/src/index.ts"));
const { GRADER_VERSION } = await import(path.join(root, "packages/engine/src/index.ts"));
// The engine's own digest, so the records join the group real runs of today would (not "unknown").
const { contentVersion } = await import(path.join(root, "packages/engine/src/runs/run-case.ts"));

// Seeded, so every run of the benchmark writes the same records.
const random = mulberry32(20261125);
const hex = (n) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join("");

/** Models with a skill (chance of a plus per checkpoint), a price per record and a share of invalid records. */
const MODELS = [
  { name: "openai/gpt-4o", skill: 0.62, cost: 0.031, invalid: 0.02, api: "chat" },
  { name: "anthropic/claude-sonnet-4-5", skill: 0.7, cost: 0.044, invalid: 0.015, api: "anthropic" },
  { name: "openai/gpt-4o-mini", skill: 0.41, cost: 0.004, invalid: 0.03, api: "chat" },
  { name: "openai/o4-mini", skill: 0.55, cost: 0.012, invalid: 0.05, api: "responses" },
  { name: "local/llama-3.3-70b", skill: 0.33, cost: null, invalid: 0.08, api: "chat" },
];
const CHECKPOINTS = ["Identify the cause", "Evidence of use", "Impact and scope", "Remediation"];
const RATIONALE = {
  plus: "The report identifies the misconfiguration and the agent saw the evidence for it itself in the host's configuration and logs.",
  zero: "The report does not identify the cause, and the agent never read the file that shows it, so no credit is given for this checkpoint.",
  minus:
    "The report names the wrong cause and recommends a change that would break the service; a wrong claim costs the checkpoint's points.",
};

function sampleRecord(model, testCase, sample, runId, epoch, startedMs) {
  const invalid = random() < model.invalid;
  const checkpoints = invalid
    ? []
    : CHECKPOINTS.map((name, i) => {
        const r = random();
        const outcome = r < model.skill ? "plus" : r < model.skill + (1 - model.skill) * 0.75 ? "zero" : "minus";
        const points = outcome === "plus" ? i + 1 : outcome === "minus" ? -(i + 1) : 0;
        return { number: i + 1, name, outcome, points, rationale: RATIONALE[outcome], judge: null };
      });
  const total = invalid ? null : checkpoints.reduce((n, c) => n + c.points, 0);
  const turns = 3 + Math.floor(random() * 25);
  const input = 2000 * turns + Math.floor(random() * 5000);
  const output = 150 * turns;
  const calls = Array.from({ length: Math.min(turns, 3) }, () => ({
    api: model.api,
    model_id: model.name.split("/")[1],
    latency_ms: 400 + Math.floor(random() * 2000),
    duration_ms: 500 + Math.floor(random() * 2500),
    retries: 0,
    tokens: { input: 2000, cached_input: 0, cache_write: 0, output: 150, reasoning: 0, total: 2150 },
    cost_usd: model.cost === null ? null : model.cost / turns,
    request_sha256: hex(64),
    response_sha256: hex(64),
  }));
  const duration = 20 + random() * 200;
  return {
    run_id: runId,
    case: testCase.id,
    case_name: testCase.name,
    scenario: testCase.scenario,
    sample: sample.id,
    title: sample.title,
    model: model.name,
    epoch,
    status: invalid ? "failed" : "completed",
    validity: invalid ? "invalid" : "valid",
    retried_after: null,
    checkpoints,
    total,
    max: 10,
    normalized: total === null ? null : (total + 10) / 20,
    safe_solve: !invalid && checkpoints.every((c) => c.outcome === "plus"),
    tokens: { input, cached_input: 0, cache_write: 0, output, reasoning: 0, total: input + output },
    cost_usd: model.cost,
    model_api: model.api,
    model_base_url: null,
    model_settings: {},
    provenance: {
      apis: [model.api],
      providers: [model.name.split("/")[0]],
      model_ids: [model.name.split("/")[1]],
      system_fingerprints: [],
      service_tiers: [],
      settings: [{}],
      price_sources: model.cost === null ? [] : ["builtin price list"],
      retries: 0,
    },
    model_calls: calls,
    tool_calls: turns - 1,
    turns,
    duration_seconds: Math.round(duration * 1000) / 1000,
    limits_hit: [],
    error: invalid ? "The provider answered 529 (overloaded) three times" : null,
    error_source: invalid ? "provider" : null,
    grader: null,
    grader_version: GRADER_VERSION,
    content_version: contentVersion(testCase),
    seed: "analystbench",
    env_hash: hex(64),
    started: new Date(startedMs).toISOString(),
    finished: new Date(startedMs + duration * 1000).toISOString(),
  };
}

/** results/<case>/<stamp>_<model>_<run>.jsonl, one file per run of EPOCHS_PER_RUN epochs, as the engine lays them out. */
function writeRecords(workspace) {
  let written = 0;
  let files = 0;
  let bytes = 0;
  let startedMs = Date.parse("2026-09-01T00:00:00Z");
  for (let round = 0; written < RECORDS; round++)
    for (const model of MODELS)
      for (const testCase of TEST_CASES) {
        if (written >= RECORDS) break;
        const runId = `r_${hex(10)}`;
        startedMs += 60_000;
        const lines = [];
        for (let epoch = 1; epoch <= EPOCHS_PER_RUN && written < RECORDS; epoch++)
          for (const sample of testCase.samples) {
            if (written >= RECORDS) break;
            lines.push(JSON.stringify(sampleRecord(model, testCase, sample, runId, epoch, startedMs)));
            written++;
          }
        const dir = path.join(workspace, "results", testCase.id);
        mkdirSync(dir, { recursive: true });
        const stamp = new Date(startedMs)
          .toISOString()
          .replace(/\.\d+Z$/, "Z")
          .replace(/:/g, "-");
        const text = `${lines.join("\n")}\n`;
        writeFileSync(path.join(dir, `${stamp}_${model.name.replace(/[^A-Za-z0-9._-]+/g, "-")}_${runId}.jsonl`), text);
        files++;
        bytes += Buffer.byteLength(text);
      }
  return { written, files, bytes };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "analystbench-bench-lb-"));
const workspace = path.join(dataDir, "workspace");
mkdirSync(workspace, { recursive: true });
const writeStarted = performance.now();
const made = writeRecords(workspace);
console.log(
  `Wrote ${made.written.toLocaleString("en-US")} records in ${made.files.toLocaleString("en-US")} files (${(made.bytes / 1024 / 1024).toFixed(0)} MB, ${Math.round(made.bytes / made.written)} bytes a record) in ${((performance.now() - writeStarted) / 1000).toFixed(1)} s`,
);

const ms = (x) => `${x.toFixed(0)} ms`;
const verdict = (ok) => (ok ? "within target" : "OVER TARGET");
const pct = percentile;

let server;
let browser;
try {
  server = await startBenchServer({ port: PORT, dataDir, password: PASSWORD });
  let { base, headers } = server;

  const timed = async (url, check) => {
    const started = performance.now();
    const res = await fetch(`${base}${url}`, { headers });
    const body = await res.json();
    const elapsed = performance.now() - started;
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${JSON.stringify(body)}`);
    check?.(body);
    return elapsed;
  };
  const checkBoard = (body) => {
    if (body.totalRecords !== RECORDS)
      throw new Error(`expected ${RECORDS} records, the leaderboard has ${body.totalRecords}`);
    if (body.groups[0]?.models.length !== MODELS.length) throw new Error("the leaderboard does not rank every model");
  };

  // The server sweeps results/ and logs/ and warms its indexes as it starts: let that settle, so
  // the cold figure is the leaderboard's own first load, not start-up work sharing the thread.
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const firstEver = await timed("/api/leaderboard", checkBoard);
  // Its parsed files are written to the data directory after the answer; the next request waits for that.
  await timed("/api/leaderboard", checkBoard);
  // A restart: the new server's first request reads what the last one parsed (files unchanged).
  await server.stop();
  server = await startBenchServer({ port: PORT, dataDir, password: PASSWORD });
  ({ base, headers } = server);
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const cold = await timed("/api/leaderboard", checkBoard);
  const warm = [];
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await timed("/api/leaderboard", checkBoard));
  // Filters not asked before: the aggregation runs each time (no answer to reuse), the records stay parsed.
  const fresh = [];
  for (let i = 0; i < WARM_RUNS; i++) {
    const since = new Date(Date.parse("2026-08-01T00:00:00Z") + i * 86_400_000).toISOString().slice(0, 10);
    fresh.push(await timed(`/api/leaderboard?since=${since}`));
  }
  const compareUrl = `/api/leaderboard/compare?a=${encodeURIComponent(MODELS[0].name)}&b=${encodeURIComponent(MODELS[1].name)}`;
  const compareFirst = await timed(compareUrl, (b) => {
    if (!b.groups[0]?.pairs) throw new Error("the comparison paired nothing");
  });
  const compareWarm = [];
  for (let i = 0; i < WARM_RUNS; i++) compareWarm.push(await timed(compareUrl));

  console.log(`GET /api/leaderboard over ${RECORDS.toLocaleString("en-US")} records:`);
  console.log(
    `  cold, the first request ever (${SETTLE_MS / 1000} s after start-up; every file parsed, nothing kept yet): ${ms(firstEver)}`,
  );
  console.log(
    `  cold, the first request after a restart (${SETTLE_MS / 1000} s after start-up; the files an earlier server parsed, read back from its data directory): ${ms(cold)} — target ≤ 2000 ms, ${verdict(cold <= 2000)}`,
  );
  console.log(
    `  warm, ${WARM_RUNS} runs: p50 ${ms(median(warm))}, p95 ${ms(pct(warm, 95))} — target p50 ≤ 200 ms, ${verdict(median(warm) <= 200)}`,
  );
  console.log(
    `  warm, a filter not asked before (aggregated anew), ${WARM_RUNS} runs: p50 ${ms(median(fresh))}, p95 ${ms(pct(fresh, 95))}`,
  );
  console.log(
    `GET /api/leaderboard/compare: first ${ms(compareFirst)}, warm ${WARM_RUNS} runs p50 ${ms(median(compareWarm))}, p95 ${ms(pct(compareWarm, 95))}`,
  );

  const signedIn = await signedInBrowser(base, PASSWORD);
  browser = signedIn.browser;
  const page = signedIn.page;
  const entry = page.locator('nav [data-page="leaderboard"]');
  if ((await entry.count()) === 0) {
    console.log(
      "Chromium: the console has no Leaderboard page yet (no [data-page=leaderboard]); the table figure is skipped.",
    );
  } else {
    const afterClick = [];
    const afterResponse = [];
    for (let i = 0; i < BROWSER_RUNS; i++) {
      const responded = page
        .waitForResponse((r) => new URL(r.url()).pathname === "/api/leaderboard")
        .then(() => Date.now());
      const started = Date.now();
      await entry.click();
      await page.locator('[data-testid="ranking-row"]').first().waitFor({ state: "visible", timeout: 30_000 });
      const shown = Date.now();
      afterClick.push(shown - started);
      afterResponse.push(shown - (await responded));
      // A reload drops the console's cached answer, so every run fetches it as a first visit does.
      await page.reload();
      await page.getByRole("heading", { name: "System Dashboard" }).waitFor();
    }
    console.log(
      `Chromium, click Leaderboard until the ranking table shows, ${BROWSER_RUNS} runs: median ${median(afterClick)} ms (${afterClick.join(", ")} ms); after the response arrived: median ${median(afterResponse)} ms (${afterResponse.join(", ")} ms) — target ≤ 1000 ms after the response, ${verdict(median(afterResponse) <= 1000)}`,
    );
  }
  console.log(`Machine: ${machineLoad()}`);
} finally {
  await browser?.close();
  await server?.stop();
  if (process.env.BENCH_KEEP_DATA) console.log(`Kept ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
