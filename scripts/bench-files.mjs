#!/usr/bin/env node
/**
 * `npm run bench:files`: a workspace folder of 10,000 files, served by the real server.
 * Prints the server's p50/p95 for GET /api/files on that folder against the target of issue 18
 * (p50 ≤ 50 ms) with a verdict, the time from clicking Open until
 * Chromium shows the listing (target ≤ 1 s), and the header search (GET /api/search) over the
 * same workspace, with its name index cold (rebuilt) and warm. The machine's load is printed
 * beside the figures: they say little about the code on a busy machine.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { median, percentile, signedInBrowser, startBenchServer } from "./bench-server.mjs";
import { machineLoad } from "./bench-machine.mjs";

const FILE_COUNT = 10_000;
const API_RUNS = 50;
/** Issue 18: GET /api/files on 10,000 entries, p50. */
const FILES_P50_TARGET_MS = 50;
const BROWSER_RUNS = 5;
const PORT = Number(process.env.BENCH_PORT ?? 3291);
const PASSWORD = "bench-admin-password";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "analystbench-bench-"));
const many = path.join(dataDir, "workspace/many");
mkdirSync(many, { recursive: true });
for (let i = 0; i < FILE_COUNT; i++)
  writeFileSync(path.join(many, `file-${String(i).padStart(5, "0")}.txt`), `file ${i}\n`);

/** The index is kept for 3 s: a cold search waits that long first, a warm one follows at once. */
const SEARCH_RUNS = 5;
const INDEX_FRESH_MS = 3_000;

async function benchSearch(base, headers, filesP50) {
  const once = async (q) => {
    const started = performance.now();
    const res = await fetch(`${base}/api/search?q=${encodeURIComponent(q)}`, { headers });
    const body = await res.json();
    const files = body.groups.find((g) => g.id === "files");
    if (!files || files.hits.length === 0) throw new Error(`the search for ${q} found no files`);
    return performance.now() - started;
  };
  const cold = [];
  const warm = [];
  for (let i = 0; i < SEARCH_RUNS; i++) {
    await new Promise((r) => setTimeout(r, INDEX_FRESH_MS + 100));
    cold.push(await once(`file-0${i}`));
    for (let j = 0; j < 5; j++) warm.push(await once(`file-0${j}${i}`));
  }
  console.log(
    `GET /api/search over ${FILE_COUNT} files: cold median ${median(cold).toFixed(1)} ms (${(median(cold) / filesP50).toFixed(2)}× the listing's p50), warm median ${median(warm).toFixed(1)} ms`,
  );
}

let server;
let browser;
try {
  server = await startBenchServer({ port: PORT, dataDir, password: PASSWORD, startTimeoutMs: 120_000 });
  const headers = server.headers;
  const base = server.base;

  /**
   * One GET /api/files of the big folder, checked whole: ms until its last byte arrived (the
   * server's share) and until it was parsed too (what a client waits for; the figure the target is
   * judged on, as when issue 18 was filed).
   */
  const listOnce = async () => {
    const started = performance.now();
    const res = await fetch(`${base}/api/files?path=many`, { headers });
    const bytes = await res.arrayBuffer();
    const received = performance.now() - started;
    const body = JSON.parse(Buffer.from(bytes).toString("utf8"));
    const parsed = performance.now() - started;
    if (!res.ok) throw new Error(`GET /api/files answered ${res.status}: ${JSON.stringify(body)}`);
    if (body.items.length !== FILE_COUNT) throw new Error(`expected ${FILE_COUNT} items, got ${body.items.length}`);
    return { received, parsed };
  };
  const received = [];
  const times = [];
  for (let i = 0; i < API_RUNS + 5; i++) {
    const t = await listOnce();
    if (i < 5) continue; // the first few warm the JIT, the caches and the listing processes
    received.push(t.received);
    times.push(t.parsed);
  }
  const p50 = percentile(times, 50);
  console.log(
    `GET /api/files on ${FILE_COUNT} files, ${API_RUNS} runs: p50 ${p50.toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (parsed); last byte received p50 ${percentile(received, 50).toFixed(1)} ms`,
  );
  console.log(
    `  target p50 ≤ ${FILES_P50_TARGET_MS} ms: ${p50 <= FILES_P50_TARGET_MS ? "MET" : "MISSED"} (${machineLoad()})`,
  );
  await benchSearch(base, headers, p50);

  const signedIn = await signedInBrowser(base, PASSWORD);
  browser = signedIn.browser;
  const page = signedIn.page;
  await page.locator('nav [data-page="filesystem"]').click();
  const shown = [];
  for (let i = 0; i < BROWSER_RUNS; i++) {
    await page.getByRole("button", { name: "Open many" }).waitFor();
    const started = Date.now();
    await page.getByRole("button", { name: "Open many" }).click();
    await page.getByText("file-00000.txt").waitFor();
    await page.getByTestId("item-count").getByText(`${FILE_COUNT} items`).waitFor();
    shown.push(Date.now() - started);
    // A reload drops the cached listing, so every run fetches it as a first visit does.
    await page.reload();
    await page.locator('nav [data-page="filesystem"]').click();
  }
  shown.sort((a, b) => a - b);
  console.log(
    `Chromium, click Open until ${FILE_COUNT} files are listed, ${BROWSER_RUNS} runs: median ${shown[Math.floor(shown.length / 2)]} ms (${shown.join(", ")} ms)`,
  );
  console.log(`Machine: ${machineLoad()}`);
} finally {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
