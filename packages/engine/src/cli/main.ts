import { parseArgs } from "node:util";
import { VERSION } from "../version";
import { UsageError } from "./usage-error";

/*
 * The command dispatcher imports each command's module only when that command runs: `--help`
 * loads nothing but this file, and `cases` neither the simulator nor the registry of cases
 * (which reads and validates every case package when it is imported). In the built CLI each
 * command is a chunk of its own (scripts/build-node.mjs).
 */

export const USAGE = `usage: analystbench <command> [options]

commands:
  eval --case <id|all> --model <name> [--epochs N] [--max-connections N] [--grader MODEL]
       [--limit N] [--log-dir DIR] [--workspace DIR] [--json]
                                                   run a model on cases, grade it, write results
  regrade <log file|logs dir|results dir> [--workspace DIR] [--json]
                                                   grade stored transcripts again with the current grader
  cases [--json]                                   list the 13 test cases
  models [--json]                                  the configured models: API, key present, price known
  env status [--case ID] [--json]                  hosts, build time, hash and evidence integrity
  env verify [--case ID] [--json]                  walk every intended solution path with the tools
  env export --case ID --out DIR                   write every host's filesystem to DIR
  env reset --workspace DIR                        rebuild every environment into DIR/environments
  shell --case ID --host ROLE [-c COMMAND]         a shell on a simulated host (interactive without -c)
  calibrate [--case ID|all] [--json]               reference, naive and the adversaries against their thresholds
  case list [--json]                               every case package (built in, ANALYSTBENCH_CASES_DIR) and the broken ones
  case check <dir> [--json]                        every content check on a case package, calibration included
  case new <id> --scenario S1|S2 [--dir DIR]       a skeleton case package in DIR/<id>/ to start from
  worker [--concurrency N]                         run queued samples (the team deployment: DATABASE_URL, shared data dir)
  compare [--workspace DIR] [--model A --model B …] [--case ID …] [--scenario S] [--variant V] [--since DATE]
          [--json] [--csv FILE] [--markdown FILE]
                                                   rank the models of a workspace's results; with two, their paired difference

common options: --seed S (environment seed, default "analystbench"); --variant N (eval, calibrate, env, shell: the
        cases with every identifier drawn again from ANALYSTBENCH_VARIANT_SECRET; 0, the default, is the case as published)
models: builtin/reference, builtin/naive (offline); openai/<model> (OPENAI_API_KEY; the Responses API, or
        Chat Completions when OPENAI_BASE_URL points elsewhere); anthropic/<model> (ANTHROPIC_API_KEY);
        <provider>/<model> and every model's settings from the JSON file named by ANALYSTBENCH_MODELS_FILE
exit codes: 0 finished, 1 a run or check failed, 2 bad usage`;

const OPTIONS = {
  case: { type: "string" },
  host: { type: "string" },
  out: { type: "string" },
  workspace: { type: "string" },
  seed: { type: "string" },
  variant: { type: "string" },
  json: { type: "boolean" },
  command: { type: "string", short: "c" },
  help: { type: "boolean", short: "h" },
  model: { type: "string" },
  epochs: { type: "string" },
  "max-connections": { type: "string" },
  grader: { type: "string" },
  "log-dir": { type: "string" },
  limit: { type: "string" },
} as const;

const ENV_SUBCOMMANDS = new Set(["status", "verify", "export", "reset"]);

/** Runs a command; returns the exit code (0 done, 1 failed, 2 bad usage). */
export async function main(argv: string[]): Promise<number> {
  // compare repeats --model and --case, which every other command takes once: it reads its own arguments.
  if (argv[0] === "compare") {
    const { compareCommand } = await import("./compare-command");
    return compareCommand(argv.slice(1));
  }
  // case takes its own options (--scenario, --dir): it reads its own arguments too.
  if (argv[0] === "case") {
    const { caseCommand } = await import("./case-command");
    return caseCommand(argv.slice(1));
  }
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const {
    values: v,
    positionals: [command, sub, ...extra],
  } = parsed;
  if (v.help || !command) {
    console.log(USAGE);
    return command || v.help ? 0 : 2;
  }
  try {
    if (command === "cases" && !sub) {
      const { casesCommand } = await import("./cases-command");
      return await casesCommand({ json: v.json });
    }
    if (command === "models" && !sub) {
      const { modelsCommand } = await import("./models-command");
      return modelsCommand({ json: v.json });
    }
    if (command === "env" && extra.length === 0 && ENV_SUBCOMMANDS.has(sub ?? "")) {
      const env = await import("./env-commands");
      const opts = {
        caseId: v.case,
        seed: v.seed,
        variant: v.variant,
        json: v.json,
        out: v.out,
        workspace: v.workspace,
      };
      if (sub === "status") return await env.envStatus(opts);
      if (sub === "verify") return await env.envVerify(opts);
      if (sub === "export") return await env.envExport(opts);
      if (sub === "reset") return await env.envReset(opts);
    }
    if (command === "eval" && !sub) {
      const { evalCommand } = await import("./eval-command");
      return await evalCommand({
        caseId: v.case,
        model: v.model,
        epochs: v.epochs,
        maxConnections: v["max-connections"],
        grader: v.grader,
        logDir: v["log-dir"],
        workspace: v.workspace,
        limit: v.limit,
        seed: v.seed,
        variant: v.variant,
        json: v.json,
        version: VERSION,
      });
    }
    if (command === "regrade" && extra.length === 0) {
      const { regradeCommand } = await import("./regrade-command");
      return await regradeCommand({ target: sub, workspace: v.workspace, json: v.json });
    }
    if (command === "calibrate" && !sub) {
      const { calibrateCommand } = await import("./calibrate-command");
      return await calibrateCommand({ caseId: v.case, seed: v.seed, variant: v.variant, json: v.json });
    }
    if (command === "shell" && !sub) {
      const { shellCommand } = await import("./shell-command");
      return await shellCommand({ caseId: v.case, host: v.host, command: v.command, seed: v.seed, variant: v.variant });
    }
    console.error(`Unknown command "${[command, sub, ...extra].filter(Boolean).join(" ")}".\n\n${USAGE}`);
    return 2;
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(e.message);
      return 2;
    }
    console.error(`analystbench: ${(e as Error).message}`);
    return 1;
  }
}
