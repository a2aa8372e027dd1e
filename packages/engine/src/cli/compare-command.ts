import {
  LeaderboardQuerySchema,
  type CompareResponse,
  type LeaderboardGroup,
  type LeaderboardQuery,
  type LeaderboardResponse,
} from "@analystbench/contracts";
import path from "node:path";
import { parseArgs } from "node:util";
import { aggregateLeaderboard } from "../compare/aggregate";
import { compareModels } from "../compare/compare";
import { rankingCsv } from "../compare/csv";
import { sameKey } from "../compare/groups";
import { rankingMarkdown } from "../compare/markdown";
import { readWorkspaceRecords, WorkspaceError, type WorkspaceRecords } from "../compare/read-workspace";
import { costPerPointText, intervalText, pairedText, percentText, scaleCaption, shapeText } from "../compare/render";
import { writeFileAtomic } from "../results/atomic-write";
import { plural } from "../text/english";
import { UsageError } from "./env-commands";
import { table } from "./table";

/**
 * `analystbench compare`: the leaderboard of a workspace's benchmark records in the terminal,
 * as JSON, CSV or a paper-ready markdown table, and with exactly two models their paired
 * difference. It reads its own arguments (main hands them over) because --model and --case
 * repeat here, where every other command takes one of each.
 */

export const COMPARE_USAGE = `usage: analystbench compare [--workspace DIR] [--model A --model B …] [--case ID …]
       [--scenario scenario1|scenario2] [--variant V] [--since DATE] [--json] [--csv FILE] [--markdown FILE]`;

const OPTIONS = {
  workspace: { type: "string" },
  model: { type: "string", multiple: true },
  case: { type: "string", multiple: true },
  scenario: { type: "string" },
  variant: { type: "string" },
  since: { type: "string" },
  json: { type: "boolean" },
  csv: { type: "string" },
  markdown: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

export interface CompareIo {
  out(line: string): void;
  err(line: string): void;
}

const CONSOLE: CompareIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

/** Exit 0 with a ranking (or none to show), 2 on bad usage or a workspace that cannot be read, 1 on anything else. */
export async function compareCommand(argv: string[], io: CompareIo = CONSOLE): Promise<number> {
  try {
    const opts = parse(argv);
    if (opts.help) {
      io.out(COMPARE_USAGE);
      return 0;
    }
    const read = await readWorkspaceRecords(opts.workspace);
    for (const p of read.problems) io.err(`skipped ${p}`);
    const board = aggregateLeaderboard(read.records, opts.query, { unreadableLines: read.unreadableLines });
    const [a, b] = opts.query.model ?? [];
    const pair = opts.query.model?.length === 2 ? compareModels(read.records, { ...opts.query, a: a!, b: b! }) : null;
    await writeFiles(opts, board, pair);
    if (opts.json) io.out(JSON.stringify(pair ? { ...board, compare: pair } : board, null, 2));
    else printText(io, opts.workspace, read, board, pair);
    return 0;
  } catch (e) {
    if (e instanceof UsageError || e instanceof WorkspaceError) {
      io.err(e.message);
      return 2;
    }
    // As main reports any other failure: one line, exit 1.
    io.err(`analystbench: ${(e as Error).message}`);
    return 1;
  }
}

interface CompareOptions {
  workspace: string;
  query: LeaderboardQuery;
  json: boolean;
  csv?: string;
  markdown?: string;
  help: boolean;
}

function parse(argv: string[]): CompareOptions {
  let v;
  try {
    ({ values: v } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: false, strict: true }));
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n\n${COMPARE_USAGE}`);
  }
  for (const [flag, file] of [
    ["--csv", v.csv],
    ["--markdown", v.markdown],
  ] as const)
    if (file !== undefined && !file.trim()) throw new UsageError(`${flag} needs a file name.`);
  return {
    // The workspace every command uses (as eval does): the flag, else the environment, else data/workspace.
    workspace: path.resolve(
      v.workspace ??
        process.env.ANALYSTBENCH_WORKSPACE ??
        path.join(process.env.ANALYSTBENCH_DATA_DIR ?? "data", "workspace"),
    ),
    query: queryOf(v),
    json: Boolean(v.json),
    csv: v.csv,
    markdown: v.markdown,
    help: Boolean(v.help),
  };
}

/**
 * The filters, checked by the API's own schema so the command and the API accept the same
 * values. Models are taken as given: the API's comma-separated form could not hold a name with
 * a comma, a flag per model can.
 */
function queryOf(v: { model?: string[]; case?: string[]; scenario?: string; variant?: string; since?: string }) {
  const models = [...new Set(v.model ?? [])];
  if (models.some((m) => !m.trim()))
    throw new UsageError("--model needs a model name, e.g. --model builtin/reference.");
  const checked = LeaderboardQuerySchema.safeParse({
    scenario: v.scenario,
    variant: v.variant,
    since: v.since,
    case: v.case?.length ? v.case.join(",") : undefined,
  });
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new UsageError(`--${String(issue.path[0] ?? "option")}: ${issue.message}.`);
  }
  const query: LeaderboardQuery = { ...checked.data };
  if (models.length) query.model = models;
  return query;
}

async function writeFiles(opts: CompareOptions, board: LeaderboardResponse, pair: CompareResponse | null) {
  const outputs = [
    [opts.csv, "--csv", () => rankingCsv(board)],
    [opts.markdown, "--markdown", () => rankingMarkdown(board, pair)],
  ] as const;
  for (const [file, flag, render] of outputs) {
    if (file === undefined) continue;
    try {
      await writeFileAtomic(path.resolve(file), render());
    } catch (e) {
      throw new UsageError(
        `${flag} ${file} cannot be written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`,
      );
    }
  }
}

/** Names from records are anyone's text: control characters are shown escaped, never sent to the terminal. */
export function printable(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) =>
    c === "\n" ? "\\n" : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function printText(
  io: CompareIo,
  workspace: string,
  read: WorkspaceRecords,
  board: LeaderboardResponse,
  pair: CompareResponse | null,
): void {
  if (read.unreadableLines)
    io.err(`${plural(read.unreadableLines, "line")} of the results files were not benchmark records and were skipped.`);
  if (board.groups.length === 0) {
    const where = path.join(workspace, "results");
    io.out(
      read.records.length
        ? `No benchmark records match these filters in ${where}.`
        : `No benchmark records in ${where}.`,
    );
    return;
  }
  for (const g of board.groups) {
    io.out(`\n${printable(g.label)}`);
    io.out(groupTable(g));
    const paired = pair?.groups.find((c) => sameKey(c.key, g.key));
    if (paired && pair) io.out(`\n${pairedText(printable(pair.a), printable(pair.b), paired)}`);
  }
  const most = board.groups.reduce((n, g) => Math.max(n, ...g.models.map((m) => m.samples)), 0);
  io.out(
    `\n${scaleCaption(most)} ${plural(board.totalRecords, "record")} read, ${board.invalidRecords} invalid` +
      `${board.groups.length > 1 ? `; ${board.groups.length} groups never averaged together (grader, content or variant differ)` : ""}.`,
  );
}

function groupTable(g: LeaderboardGroup): string {
  return table(
    ["RANK", "MODEL", "N × K", "MEAN [95% CI]", "SAFE SOLVE", "PASS^K", "HARM", "INVALID", "COST/POINT"],
    g.models.map((m, i) => [
      String(i + 1),
      printable(m.model),
      shapeText(m),
      intervalText(m.score),
      percentText(m.safeSolveRate),
      percentText(m.passHatK),
      percentText(m.harmRate),
      String(m.invalid),
      costPerPointText(m),
    ]),
  );
}
