import { bytesOutput, latin1FromBytes, unsafeBytesFromLatin1, type CommandContext, type ExecResult } from "just-bash";
import { fileBytes } from "../../byte-output";
import { LimitReached, Unsupported, unescapeString } from "./lexer";
import { parseProgram, type Program } from "./parser";
import { PastDeadline, Runtime, type Input, type RunLimits } from "./runtime";
import { fromInput } from "./values";

/**
 * awk for the programs analysts write over logs — field printing, -F, pattern filters, counting
 * in arrays, NR/NF, substr/split/length/printf — with mawk's semantics (Debian's awk: bytes, not
 * characters; integers printed as such up to 2^31-1). just-bash's interpreter awaits promises per
 * record and costs ~25 µs a line, 2.5 s for a 100,000-line log; this costs about a microsecond.
 * Anything outside the subset returns null and just-bash's awk runs the program; the
 * differential test compares this path with the machine's awk.
 */
interface Invocation {
  program: string;
  fs?: string;
  assignments: [string, string][];
  operands: string[];
}

/** awk's options, or Unsupported for any this path leaves to just-bash (-f, -W, operands that assign). */
function parseArgs(args: string[]): Invocation {
  const assignments: [string, string][] = [];
  let fs: string | undefined;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      i++;
      break;
    }
    if (!a.startsWith("-") || a === "-") break;
    const value = (flag: string) => (a.length > 2 ? a.slice(2) : args[++i]) ?? invalid(flag);
    if (a.startsWith("-F")) fs = value("-F");
    else if (a.startsWith("-v")) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(value("-v"));
      if (!m) throw new Unsupported("-v");
      assignments.push([m[1]!, unescapeString(m[2]!)]);
    } else throw new Unsupported(a);
  }
  const program = args[i];
  if (program === undefined) throw new Unsupported("no program");
  const operands = args.slice(i + 1);
  if (operands.some((o) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(o))) throw new Unsupported("assignment operand");
  // -Ft means a tab to some awks and "t" to others.
  if (fs !== undefined && (fs === "" || fs === "t")) throw new Unsupported("-F");
  return { program, fs: fs === undefined ? undefined : unescapeString(fs), assignments, operands };
}

function invalid(flag: string): never {
  throw new Unsupported(`${flag} without value`);
}

/** The operands' bytes (as latin1 text), or Unsupported for a missing file or a directory (just-bash words those errors). */
async function readInputs(operands: string[], ctx: CommandContext): Promise<Input[]> {
  if (operands.length === 0) return [{ name: "", text: latin1FromBytes(ctx.stdin) }];
  const inputs: Input[] = [];
  for (const operand of operands) {
    if (operand === "-") {
      inputs.push({ name: "-", text: latin1FromBytes(ctx.stdin) });
      continue;
    }
    const path = ctx.fs.resolvePath(ctx.cwd, operand);
    const st = await ctx.fs.stat(path).catch(() => null);
    if (!st || st.isDirectory) throw new Unsupported("unreadable input");
    inputs.push({ name: operand, text: await fileBytes(ctx.fs, path) });
  }
  return inputs;
}

const needsInput = (p: Program) => p.rules.length > 0 || p.end.length > 0;

/** The run's limits: just-bash's for awk loops, and the time the command line has left. */
function runLimits(ctx: CommandContext): RunLimits {
  const limits = ctx.limits;
  const timeLeft = ctx.executionScope?.remainingTimeMs() ?? limits?.maxExecutionTimeMs ?? 5_000;
  return {
    maxLoopIterations: limits?.maxAwkIterations ?? 100_000,
    maxArrayElements: limits?.maxArrayElements ?? 1_000_000,
    deadline: performance.now() + timeLeft,
    maxOutputChars: limits?.maxOutputSize ?? 64 * 1024 * 1024,
  };
}

/** What the run printed, with how it ended. */
function result(rt: Runtime, stderr: string, exitCode: number): ExecResult {
  return { ...bytesOutput(unsafeBytesFromLatin1(rt.output())), stderr, exitCode };
}

/**
 * A run stopped by a limit, in just-bash's words: its awk's for a limit of its own (exit 126,
 * what was printed kept), its interpreter's for the deadline (which ends the whole command line
 * when it can).
 */
function stopped(rt: Runtime, limit: LimitReached | PastDeadline, ctx: CommandContext): ExecResult {
  if (limit instanceof LimitReached) return result(rt, `awk: ${limit.message}\n`, 126);
  ctx.executionScope?.throwIfAborted("awk");
  const ms = ctx.limits?.maxExecutionTimeMs ?? 5_000;
  return result(rt, `bash: awk exceeded execution deadline (${ms}ms)\n`, 124);
}

/** The awk command's result on the fast path, or null to let just-bash's awk run it. */
export async function fastAwk(args: string[], ctx: CommandContext): Promise<ExecResult | null> {
  let rt: Runtime | undefined;
  try {
    const inv = parseArgs(args);
    const program = parseProgram(inv.program);
    rt = new Runtime(runLimits(ctx));
    if (inv.fs !== undefined) rt.setVar("FS", inv.fs);
    for (const [name, value] of inv.assignments) rt.setVar(name, fromInput(value));
    const inputs = needsInput(program) ? await readInputs(inv.operands, ctx) : [];
    rt.run(program, () => inputs);
    return result(rt, "", rt.exitCode);
  } catch (e) {
    if (rt && (e instanceof LimitReached || e instanceof PastDeadline)) return stopped(rt, e, ctx);
    // Unsupported, or anything this path did not foresee (a string too long…): the full interpreter decides.
    return null;
  }
}
