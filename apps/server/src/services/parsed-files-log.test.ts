import { parseBenchmarkLine } from "@analystbench/engine";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLeaderboardStore } from "./leaderboard-store";

/**
 * The leaderboard's parsed files kept on disk between server starts: a second store (a restarted
 * server) must answer exactly what a fresh parse would, parse only what changed while it was
 * down, and never serve an entry the log should not be trusted for (another workspace, another
 * parser, a line cut short, a file changed in place).
 */

let dir: string;
beforeAll(() => {
  dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "analystbench-lbcache-")));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An engine-shaped record line; `finished` left out gives a record whose finishedMs is NaN. */
function line(runId: string, model: string, total: number, finished?: string): string {
  return JSON.stringify({
    run_id: runId,
    case: "s1-dmz",
    scenario: "S1",
    sample: "s1-dmz-001",
    model,
    epoch: 1,
    validity: "valid",
    checkpoints: [{ number: 1, name: "Cause", outcome: total > 0 ? "plus" : "zero", points: total, rationale: "why" }],
    total,
    max: 10,
    safe_solve: total === 10,
    tokens: { total: 100 },
    cost_usd: null,
    turns: 3,
    duration_seconds: 1.5,
    // With a finishing time, every optional field too, so each is seen to survive the round trip.
    ...(finished
      ? {
          finished,
          case_name: "DMZ",
          title: "Web server",
          cost_usd: 0.25,
          grader_version: "9.9.9",
          content_version: "abc",
          variant: "3",
        }
      : {}),
  });
}

let n = 0;
/** A workspace with `files` results files of one record each, and the cache file a server would use. */
function setUp(files: number) {
  const root = path.join(dir, `case-${++n}`);
  const ws = path.join(root, "workspace");
  mkdirSync(path.join(ws, "results/s1-dmz"), { recursive: true });
  for (let i = 0; i < files; i++)
    writeFileSync(
      path.join(ws, `results/s1-dmz/run-${i}.jsonl`),
      `${line(`r_${i}`, "m/a", i % 2 ? 4 : 10, i % 2 ? "2026-11-20T10:00:00.000Z" : undefined)}\n`,
    );
  return { ws, cacheFile: path.join(root, "private/leaderboard-cache.jsonl") };
}

/** A store (a server's start) that counts the lines it parses. */
function start(ws: string, cacheFile: string) {
  const counter = { lines: 0 };
  const parse = (l: string) => {
    counter.lines++;
    return parseBenchmarkLine(l);
  };
  return { store: createLeaderboardStore({ workspaceDir: ws, cacheFile, parse }), counter };
}

/** A first server's snapshot, with its save finished (a second snapshot waits for it). */
async function firstServer(ws: string, cacheFile: string) {
  const { store } = start(ws, cacheFile);
  const snap = await store.snapshot();
  await store.snapshot();
  return snap;
}

const entryLines = (cacheFile: string) => readFileSync(cacheFile, "utf8").split("\n").filter(Boolean).length - 1;

describe("parsed files kept between server starts", () => {
  it("a restarted server parses nothing unchanged and answers exactly what a fresh parse would", async () => {
    const { ws, cacheFile } = setUp(5);
    const first = await firstServer(ws, cacheFile);
    expect(first.filesRead).toBe(5);
    expect(entryLines(cacheFile)).toBe(5);

    const { store, counter } = start(ws, cacheFile);
    const restarted = await store.snapshot();
    expect(counter.lines).toBe(0);
    expect(restarted.filesRead).toBe(0);
    // toEqual treats NaN as equal to NaN: the records without a finishing time must read back as NaN, not null.
    expect(restarted.records).toEqual(first.records);
    expect(restarted.records.filter((r) => Number.isNaN(r.finishedMs))).toHaveLength(3);
    expect(restarted.records[1]).toMatchObject({
      costUsd: 0.25,
      variant: "3",
      title: "Web server",
      checkpoints: [{ rationale: "why" }],
    });
    expect(restarted.unreadableLines).toBe(first.unreadableLines);
  });

  it("re-parses a file changed while the server was down (even at the same size), drops a deleted one, reads a new one", async () => {
    const { ws, cacheFile } = setUp(3);
    await firstServer(ws, cacheFile);
    const changed = path.join(ws, "results/s1-dmz/run-0.jsonl");
    // Same length, another model and score: only the key (size, mtime, inode) can tell.
    const before = readFileSync(changed, "utf8");
    const after = `${line("r_0", "m/b", 1)}\n`.padEnd(before.length, " ");
    expect(after.length).toBe(before.length);
    writeFileSync(changed, after);
    utimesSync(changed, new Date(), new Date(Date.now() + 10_000));
    rmSync(path.join(ws, "results/s1-dmz/run-1.jsonl"));
    writeFileSync(path.join(ws, "results/s1-dmz/run-9.jsonl"), `${line("r_9", "m/c", 4)}\n`);

    const { store, counter } = start(ws, cacheFile);
    const snap = await store.snapshot();
    expect(counter.lines).toBe(2);
    expect(snap.records.map((r) => [r.runId, r.model, r.total])).toEqual([
      ["r_0", "m/b", 1],
      ["r_2", "m/a", 10],
      ["r_9", "m/c", 4],
    ]);
  });

  it("does not trust a log of another workspace or another parser: it parses everything and starts the log afresh", async () => {
    const a = setUp(2);
    await firstServer(a.ws, a.cacheFile);
    const b = setUp(2);
    mkdirSync(path.dirname(b.cacheFile), { recursive: true });
    // Workspace a's log where b's would be: same file names, another root.
    writeFileSync(b.cacheFile, readFileSync(a.cacheFile));
    const other = start(b.ws, b.cacheFile);
    expect((await other.store.snapshot()).filesRead).toBe(2);
    await other.store.snapshot();
    const headerOf = (file: string) => JSON.parse(readFileSync(file, "utf8").split("\n")[0]!) as { format: string };
    expect(headerOf(b.cacheFile)).toEqual({
      format: expect.stringMatching(/^[0-9a-f]{16}$/),
      root: realpathSync(b.ws),
    });

    // Another parser's log (a digest that is not this one's), for this very workspace.
    const text = readFileSync(a.cacheFile, "utf8");
    writeFileSync(a.cacheFile, text.replace(headerOf(a.cacheFile).format, "0123456789abcdef"));
    const upgraded = start(a.ws, a.cacheFile);
    expect((await upgraded.store.snapshot()).filesRead).toBe(2);
  });

  it("skips a line cut short by a crash and parses only that file again", async () => {
    const { ws, cacheFile } = setUp(3);
    await firstServer(ws, cacheFile);
    const lines = readFileSync(cacheFile, "utf8").split("\n");
    lines[2] = lines[2]!.slice(0, 40);
    writeFileSync(cacheFile, lines.join("\n"));
    appendFileSync(cacheFile, '{"file":"results/s1-dmz/run-0.jsonl","key":7}\n');
    const { store, counter } = start(ws, cacheFile);
    const snap = await store.snapshot();
    expect(counter.lines).toBe(1);
    expect(snap.records.map((r) => r.runId)).toEqual(["r_0", "r_1", "r_2"]);
  });

  it("rewrites the log without replaced bytes once they outnumber the live ones", async () => {
    const { ws, cacheFile } = setUp(1);
    const { store } = start(ws, cacheFile);
    const file = path.join(ws, "results/s1-dmz/run-0.jsonl");
    // A file of 2,000 records (~0.3 MB of log a line) touched 20 times: 6 MB of appends unless rewritten.
    writeFileSync(file, Array.from({ length: 2_000 }, (_, i) => `${line(`r_${i}`, "m/a", 4)}\n`).join(""));
    for (let i = 1; i <= 20; i++) {
      utimesSync(file, new Date(), new Date(Date.now() + i * 1_000));
      await store.snapshot();
    }
    await store.snapshot();
    const lines = readFileSync(cacheFile, "utf8").split("\n").filter(Boolean);
    const one = Buffer.byteLength(lines.at(-1)!) + 1;
    expect(statSync(cacheFile).size).toBeLessThanOrEqual(2 * one + 1024 * 1024 + one + 200);
    expect(lines.length).toBeLessThan(20);
    const restarted = start(ws, cacheFile);
    expect((await restarted.store.snapshot()).filesRead).toBe(0);
  });

  it("does not keep a file it could not read: a restart reads it again", async () => {
    const { ws, cacheFile } = setUp(2);
    await firstServer(ws, cacheFile);
    // A new file the next server cannot read (here: over its size cap), appended to a log in use.
    writeFileSync(path.join(ws, "results/s1-dmz/run-7.jsonl"), `${line("r_7", "m/a", 10)}\n`);
    const capped = createLeaderboardStore({ workspaceDir: ws, cacheFile, maxFileBytes: 10 });
    expect((await capped.snapshot()).skipped.map((f) => f.path)).toEqual(["results/s1-dmz/run-7.jsonl"]);
    await capped.snapshot();
    const { store, counter } = start(ws, cacheFile);
    const snap = await store.snapshot();
    expect(snap.skipped).toEqual([]);
    expect(snap.records.map((r) => r.runId)).toEqual(["r_0", "r_1", "r_7"]);
    expect(counter.lines).toBe(1);
  });

  it("reads a log it cannot use as none: empty, rows of another shape, temporaries a crash left", async () => {
    const { ws, cacheFile } = setUp(2);
    await firstServer(ws, cacheFile);
    const [head, ...rest] = readFileSync(cacheFile, "utf8").split("\n");
    const entry = JSON.parse(rest[0]!) as { records: unknown[] };
    entry.records = [null, 7];
    writeFileSync(cacheFile, [head, JSON.stringify(entry), ...rest.slice(1)].join("\n"));
    const leftover = `${cacheFile}.0123456789ab.tmp`;
    writeFileSync(leftover, "half a log");
    const { store, counter } = start(ws, cacheFile);
    expect((await store.snapshot()).records).toHaveLength(2);
    expect(counter.lines).toBe(1);
    expect(existsSync(leftover)).toBe(false);
    await store.snapshot();

    writeFileSync(cacheFile, "");
    const again = start(ws, cacheFile);
    expect((await again.store.snapshot()).filesRead).toBe(2);
    await again.store.snapshot();
    // Written afresh with its header, so the next start uses it.
    expect((await start(ws, cacheFile).store.snapshot()).filesRead).toBe(0);
  });

  it("keeps answering when the cache cannot be written", async () => {
    const { ws, cacheFile } = setUp(2);
    // Its folder is a file: no user (root included) can write below it.
    mkdirSync(path.dirname(path.dirname(cacheFile)), { recursive: true });
    writeFileSync(path.dirname(cacheFile), "not a folder");
    const { store, counter } = start(ws, cacheFile);
    expect((await store.snapshot()).records).toHaveLength(2);
    expect((await store.snapshot()).filesRead).toBe(0);
    expect(counter.lines).toBe(2);
  });
});
