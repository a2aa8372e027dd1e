import { CompareResponseSchema, LeaderboardResponseSchema } from "@analystbench/contracts";
import { findCase } from "@analystbench/scenarios";
import { openInProcessSession } from "@analystbench/sim";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { line } from "../compare/test-records";
import { runCase } from "../runs/run-case";
import { compareCommand, printable } from "./compare-command";
import { main } from "./main";

/**
 * End to end: builtin/reference and builtin/naive really run s1-dmz (2 samples × 2 epochs) into
 * a temporary workspace, then `compare` reads what they wrote. A second workspace holds
 * hand-written hostile records.
 */

const root = mkdtempSync(path.join(os.tmpdir(), "ab-compare-"));
const workspace = path.join(root, "workspace");
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeAll(async () => {
  const testCase = findCase("s1-dmz")!;
  for (const model of ["builtin/reference", "builtin/naive"])
    await runCase({
      testCase,
      model,
      epochs: 2,
      workspaceDir: workspace,
      version: "test",
      openSession: openInProcessSession,
    });
}, 240_000);

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await compareCommand(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** An RFC 4180 reader, written apart from the writer so the test can catch its mistakes. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) field += c;
    else if (c === ",") endField();
    else if (c === "\r" && text[i + 1] === "\n") {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += c;
  }
  expect(quoted).toBe(false);
  expect(field).toBe("");
  return rows;
}

/** Cells of a markdown table row, split on pipes that are not escaped. */
function markdownCells(row: string): string[] {
  return row
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

describe("compare on real runs", () => {
  it("ranks reference first with a mean of 10, naive at or below 0", async () => {
    const { code, out, err } = await run("--workspace", workspace);
    expect(err).toBe("");
    expect(code).toBe(0);
    const rows = out.split("\n").filter((l) => /^\d+ /.test(l));
    expect(rows[0]).toMatch(/^1\s+builtin\/reference\s+2 × 2\s+10 \[10, 10\]\s+100%\s+100%\s+0%\s+0\s+/);
    expect(rows[1]).toMatch(/^2\s+builtin\/naive\s+2 × 2\s+/);
    expect(out).toContain("Mean per-sample score on −10…+10 with its 95 % bootstrap interval");
  });

  it("prints the leaderboard and the paired comparison as JSON for two models", async () => {
    const { code, out } = await run(
      "--workspace",
      workspace,
      "--model",
      "builtin/reference",
      "--model",
      "builtin/naive",
      "--json",
    );
    expect(code).toBe(0);
    const parsed = JSON.parse(out) as Record<string, unknown>;
    const board = LeaderboardResponseSchema.parse(parsed);
    const compare = CompareResponseSchema.parse(parsed.compare);
    expect(board.totalRecords).toBe(8);
    const [reference, naive] = board.groups[0]!.models;
    expect(reference!.score).toEqual({ mean: 10, low: 10, high: 10 });
    expect(naive!.score!.mean).toBeLessThanOrEqual(0);
    expect(reference!.costUsd).toBe(0);
    expect(board.groups[0]!.key.contentVersion).toMatch(/^[0-9a-f]{12}$/);
    const g = compare.groups[0]!;
    expect(g.pairs).toBe(4);
    expect(g.difference!.mean).toBeCloseTo(10 - naive!.score!.mean, 12);
    expect(g.aWins).toBe(4);
    expect(g.disagreementsTotal).toBeGreaterThan(0);
  });

  it("says the paired difference in the text output", async () => {
    const { out } = await run("--workspace", workspace, "--model", "builtin/reference", "--model", "builtin/naive");
    expect(out).toMatch(
      /builtin\/reference − builtin\/naive: \+\d+(\.\d+)? \[.*\] over 4 paired sample × epoch results/,
    );
    expect(out).toMatch(/\d+ checkpoint disagreements/);
  });

  it("writes a CSV and a markdown table that read back", async () => {
    const csv = path.join(root, "out", "ranking.csv");
    const md = path.join(root, "out", "ranking.md");
    const { code } = await run("--workspace", workspace, "--csv", csv, "--markdown", md, "--case", "s1-dmz");
    expect(code).toBe(0);
    const rows = readCsv(readFileSync(csv, "utf8"));
    expect(rows[0]!.slice(4, 6)).toEqual(["rank", "model"]);
    expect(rows.slice(1).map((r) => [r[4], r[5], r[10]])).toEqual([
      ["1", "builtin/reference", "10"],
      ["2", "builtin/naive", expect.stringMatching(/^-?\d/)],
    ]);
    const table = readFileSync(md, "utf8")
      .split("\n")
      .filter((l) => l.startsWith("|"));
    expect(table).toHaveLength(4);
    expect(table.every((l) => markdownCells(l).length === 9)).toBe(true);
    expect(markdownCells(table[2]!).slice(0, 4)).toEqual(["1", "builtin/reference", "2 × 2", "10 [10, 10]"]);
    expect(readFileSync(md, "utf8")).toMatch(/^\*\*grader .* · variant 0\.\*\* Mean per-sample score on −10…\+10/);
  });

  it("is registered in main", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(await main(["compare", "--workspace", workspace, "--json"])).toBe(0);
      expect(LeaderboardResponseSchema.parse(JSON.parse(String(log.mock.calls[0]![0]))).groups).toHaveLength(1);
    } finally {
      log.mockRestore();
    }
  });
});

describe("compare on a hostile workspace", () => {
  const hostile = path.join(root, "hostile");
  const odd = 'acme/"odd", model | v2\nnext';

  beforeAll(() => {
    const dir = path.join(hostile, "results", "s1-dmz");
    mkdirSync(dir, { recursive: true });
    const lines = [
      line({ model: odd, run_id: "odd" }),
      line({
        model: "acme/old",
        run_id: "old",
        grader_version: "1.0.0",
        finished: "2026-10-01T00:00:00.000Z",
        outcomes: ["zero", "zero", "zero", "zero"],
      }),
      line({ model: "acme/plain", run_id: "plain", outcomes: ["plus", "zero", "zero", "zero"] }),
      line({
        model: "acme/plain",
        run_id: "plain",
        epoch: 2,
        validity: "invalid",
        checkpoints: [],
        total: null,
        safe_solve: false,
      }),
      "{not json",
      line({ model: "acme/liar", total: 99, checkpoints: [] }),
      line({ model: "acme/nan", total: "NaN" }),
      "",
      "[]",
    ];
    writeFileSync(path.join(dir, "a.jsonl"), `${lines.join("\n")}\n`);
    // A copy of the same file: every record in it is a duplicate.
    copyFileSync(path.join(dir, "a.jsonl"), path.join(dir, "a copy.jsonl"));
  });

  it("counts what it skipped, keeps grader versions apart and counts duplicates once", async () => {
    const { code, out } = await run("--workspace", hostile, "--json");
    expect(code).toBe(0);
    const board = LeaderboardResponseSchema.parse(JSON.parse(out));
    // Four bad lines per file (not JSON, 99 of 10, NaN, an array), twice; the blank line is not counted.
    expect(board.unreadableLines).toBe(8);
    expect(board.totalRecords).toBe(4);
    expect(board.invalidRecords).toBe(1);
    expect(board.groups.map((g) => g.key.graderVersion)).toEqual(["2.3.0", "1.0.0"]);
    expect(board.groups[0]!.models.map((m) => m.model)).toEqual([odd, "acme/plain"]);
    expect(board.options.models).not.toContain("acme/liar");
  });

  it("keeps an odd model name one CSV field and one markdown cell, and the terminal free of its newline", async () => {
    const csv = path.join(root, "hostile.csv");
    const md = path.join(root, "hostile.md");
    const { out, err } = await run("--workspace", hostile, "--csv", csv, "--markdown", md);
    expect(err).toContain("8 lines of the results files were not benchmark records");
    expect(out).toContain(printable(odd));
    expect(out).not.toContain(odd);
    const rows = readCsv(readFileSync(csv, "utf8"));
    expect(rows.every((r) => r.length === rows[0]!.length)).toBe(true);
    expect(rows.map((r) => r[5])).toContain(odd);
    const table = readFileSync(md, "utf8")
      .split("\n")
      .filter((l) => l.startsWith("|"));
    expect(table.every((l) => markdownCells(l).length === 9)).toBe(true);
    expect(table.some((l) => l.includes('acme/"odd", model \\| v2 next'))).toBe(true);
    // Two groups, two captions: the old grader's records are never averaged with the new.
    expect(readFileSync(md, "utf8").match(/^\*\*grader /gm)).toHaveLength(2);
  });

  it("says so when a filter leaves nothing", async () => {
    const { code, out } = await run("--workspace", hostile, "--model", "nobody/none");
    expect(code).toBe(0);
    expect(out).toContain("No benchmark records match these filters");
  });
});

describe("compare refuses what it cannot use", () => {
  it.each([
    [["--bogus"], /Unknown option '--bogus'/],
    [["extra"], /positional/],
    [["--since", "yesterday"], /^--since: since must be an ISO 8601 date/],
    [["--case", "Not A Case"], /^--case: A case id is lower-case letters/],
    [["--scenario", "scenario9"], /^--scenario: The scenario must be scenario1 or scenario2/],
    [["--model", " "], /--model needs a model name/],
    [["--csv", ""], /--csv needs a file name/],
    [["--workspace", path.join(os.tmpdir(), "ab-compare-no-such-dir-x")], /does not exist/],
  ])("%j → exit 2 with a sentence", async (argv, message) => {
    const { code, err, out } = await run(...argv);
    expect(code).toBe(2);
    expect(err).toMatch(message);
    expect(out).toBe("");
  });

  it("prints its usage on --help, reading nothing", async () => {
    const { code, out } = await run("--help", "--workspace", path.join(root, "missing"));
    expect(code).toBe(0);
    expect(out).toMatch(/^usage: analystbench compare \[--workspace DIR\] \[--model A --model B …\]/);
  });

  it("exits 2 when the workspace is a file", async () => {
    const file = path.join(root, "not-a-dir");
    writeFileSync(file, "x");
    const { code, err } = await run("--workspace", file);
    expect([code, err]).toEqual([2, `The workspace ${file} is not a directory.`]);
  });

  it("exits 2 when an output file cannot be written", async () => {
    const file = path.join(root, "not-a-dir");
    writeFileSync(file, "x");
    const { code, err } = await run("--workspace", workspace, "--csv", path.join(file, "out.csv"));
    expect(code).toBe(2);
    expect(err).toMatch(/^--csv .* cannot be written/);
  });

  it("reads an empty workspace as nothing to rank (exit 0), in text and JSON", async () => {
    const empty = mkdtempSync(path.join(root, "empty-"));
    expect((await run("--workspace", empty)).out).toBe(`No benchmark records in ${path.join(empty, "results")}.`);
    const { code, out } = await run("--workspace", empty, "--json");
    expect(code).toBe(0);
    expect(LeaderboardResponseSchema.parse(JSON.parse(out)).groups).toEqual([]);
    expect(readdirSync(empty)).toEqual([]);
  });
});
