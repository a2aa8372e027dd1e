import {
  defineCommand,
  getCommandNames,
  parse,
  type Command,
  type SimpleCommandNode,
  type TransformPlugin,
  type WordNode,
} from "just-bash";
import { printsOwnText } from "./own-text";

/**
 * Where a tool's output came from, for the grader's evidence with provenance: evidence counts
 * only when the environment showed it, not when the agent's own text was printed back to it.
 */
export interface OutputProvenance {
  /**
   * The command ran something that prints text its command line supplied: echo, printf, a here-
   * document or here-string, eval of built-up text, a format or program with literal text (awk,
   * sed, date +…), or an error message repeating one of its arguments.
   */
  printsOwnText: boolean;
  /** The command read the bytes of a file that a command of this environment wrote. */
  readsAgentWrittenFile: boolean;
}

/** Shortest argument a command's error message counts as repeating. */
const ECHO_MIN = 4;
/** Bound on the echo checks after a command (see printedOwnText). */
const MAX_ECHO_CHECKS = 1_000;
const HEREDOC_OPERATORS = new Set(["<<", "<<-", "<<<"]);
/** Builtins whose names the shell's own errors start with ("bash: export: …"): not the agent's text. */
const BUILTIN_NAMES = [
  "alias",
  "builtin",
  "caller",
  "command",
  "compgen",
  "complete",
  "continue",
  "declare",
  "dirs",
  "enable",
  "eval",
  "exec",
  "exit",
  "export",
  "getopts",
  "hash",
  "help",
  "local",
  "mapfile",
  "popd",
  "pushd",
  "read",
  "readarray",
  "readonly",
  "return",
  "shift",
  "shopt",
  "source",
  "times",
  "trap",
  "type",
  "typeset",
  "ulimit",
  "umask",
  "unalias",
  "unset",
  "wait",
];

/**
 * What one shell command line printed of its own, gathered while it runs. Set by the shell's
 * wrapped commands (each judges its own arguments, see own-text.ts) and by a transform plugin
 * that reads every script the shell parses: the command line itself, `bash -c` scripts and
 * `xargs sh -c` alike. The environment resets it before each command and reads it after.
 */
export class ProvenanceProbe {
  private ownText = false;
  /** Arguments a command's error output repeated: its own text if they reach the output. */
  private readonly echoed = new Set<string>();
  /** Words the command line spells out: the shell's own errors ("bash: X: …") may repeat them. */
  private readonly words = new Set<string>();
  /** A command named by an expansion ran: the shell's "command not found" names text it built. */
  private dynamicName = false;
  /** Command and builtin names, which the shell's own messages name without repeating the agent. */
  commandNames: ReadonlySet<string> = new Set(BUILTIN_NAMES);

  reset(): void {
    this.ownText = false;
    this.echoed.clear();
    this.words.clear();
    this.dynamicName = false;
  }

  get marked(): boolean {
    return this.ownText;
  }

  markOwnText(): void {
    this.ownText = true;
  }

  /**
   * What a command printed about its arguments: one its error output repeats, or (when it failed)
   * its standard output, as `systemctl status X` does, is its own text if it reaches the output.
   * A failed command naming a file that exists (`grep -c x file` prints "file:0") shows the host.
   */
  async noteEchoes(
    args: string[],
    result: { stdout: string; stderr: string; exitCode: number },
    exists: (path: string) => Promise<boolean>,
  ): Promise<void> {
    for (const arg of args) {
      // An option's value (--since=X) is echoed without its name.
      for (const text of new Set([arg.trim(), arg.replace(/^--?[\w-]+=/, "").trim()])) {
        if (text.length < ECHO_MIN || this.echoed.has(text)) continue;
        if (result.stderr.includes(text)) this.echoed.add(text);
        else if (result.exitCode !== 0 && result.stdout.includes(text) && !(await exists(text))) this.echoed.add(text);
      }
    }
  }

  noteWord(word: string): void {
    if (word.length >= ECHO_MIN && !this.commandNames.has(word)) this.words.add(word);
  }

  noteDynamicName(): void {
    this.dynamicName = true;
  }

  /** After the command ran: whether `output` (what the agent is shown) carries its own text. */
  printedOwnText(output: string): boolean {
    if (this.ownText) return true;
    // Thousands of echoed arguments or shell errors is no investigation; and checking them all
    // would let a command line buy time after its own run.
    if (this.echoed.size > MAX_ECHO_CHECKS) return true;
    for (const text of this.echoed) if (output.includes(text)) return true;
    if (!output.includes("bash: ")) return false;
    const lines = output.split("\n").filter((line) => line.startsWith("bash: "));
    if (lines.length * this.words.size > MAX_ECHO_CHECKS * 100) return true;
    for (const line of lines) {
      if (this.dynamicName && line.endsWith(": command not found")) return true;
      for (const word of this.words) if (line.includes(word)) return true;
    }
    return false;
  }
}

/** The text of a word with no expansion in it (quotes and escapes removed), or null. */
function staticWord(word: WordNode | null | undefined): string | null {
  return word ? staticParts(word.parts) : null;
}

function staticParts(parts: WordNode["parts"]): string | null {
  let text = "";
  for (const part of parts) {
    if (part.type === "Literal" || part.type === "SingleQuoted" || part.type === "Escaped") text += part.value;
    else if (part.type === "DoubleQuoted") {
      const inner = staticParts(part.parts);
      if (inner === null) return null;
      text += inner;
    } else return null;
  }
  return text;
}

/** Deeper than this, code built from code (eval of eval…) counts as the command line's own text. */
const MAX_CODE_DEPTH = 8;

/** Walks a parsed script: here-documents, eval'd text, variable listings, words to watch for. */
function scanNode(node: unknown, probe: ProvenanceProbe, depth: number): void {
  if (Array.isArray(node)) {
    for (const item of node) scanNode(item, probe, depth);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const n = node as { type?: unknown; operator?: unknown; operation?: unknown };
  switch (n.type) {
    case "Redirection":
      if (HEREDOC_OPERATORS.has(n.operator as string)) probe.markOwnText();
      break;
    case "ParameterExpansion":
      if (errorMessageOf(n.operation)) probe.markOwnText();
      break;
    case "SimpleCommand":
      scanCommand(node as SimpleCommandNode, probe, depth);
      break;
    case "Word": {
      const text = staticWord(node as WordNode);
      if (text !== null) probe.noteWord(text);
      break;
    }
  }
  for (const value of Object.values(node))
    if (value !== null && typeof value === "object") scanNode(value, probe, depth);
}

/** `${x:?message}` prints its message: text of the command line's own. */
function errorMessageOf(operation: unknown): boolean {
  const op = operation as { type?: string; word?: WordNode | null; innerOp?: unknown } | null;
  if (!op) return false;
  if (op.type === "ErrorIfUnset") return (op.word?.parts.length ?? 0) > 0;
  return op.type === "Indirection" && errorMessageOf(op.innerOp);
}

/** Code given as text (eval, trap, alias): parsed and walked in turn; built at run time, it is the command line's. */
function scanCode(texts: (string | null)[], probe: ProvenanceProbe, depth: number): void {
  if (texts.some((t) => t === null) || depth >= MAX_CODE_DEPTH) {
    probe.markOwnText();
    return;
  }
  let ast;
  try {
    ast = parse(texts.join(" "));
  } catch {
    return; // the shell answers with a syntax error, which names no text of the agent's
  }
  scanNode(ast, probe, depth + 1);
}

/**
 * Builtins cannot be wrapped like commands, so they are judged here, on the parsed command:
 * those that print variables, functions or aliases the command line may have set, the shell's
 * trace modes (which print the command line), and the code eval, trap and alias run.
 */
function scanCommand(command: SimpleCommandNode, probe: ProvenanceProbe, depth: number): void {
  let name = staticWord(command.name);
  let words = command.args;
  if (command.name && name === null) probe.noteDynamicName();
  // `builtin X …`, `command X …` and `exec X …` run X.
  while (name === "builtin" || name === "command" || name === "exec") {
    let k = 0;
    for (; k < words.length; k++) {
      const option = staticWord(words[k]);
      if (option === null || !option.startsWith("-")) break;
      if (name === "command" && /[vV]/.test(option)) return;
    }
    if (k >= words.length) return;
    name = staticWord(words[k]);
    words = words.slice(k + 1);
    if (name === null) {
      probe.noteDynamicName();
      return;
    }
  }
  if (name === null) return;
  const argv = words.map((w) => staticWord(w));
  const options = argv.filter((a): a is string => a !== null && /^[-+]./.test(a)).join("");
  const operands = argv.filter((a) => a === null || !/^[-+]./.test(a));
  switch (name) {
    case "eval":
      scanCode(argv, probe, depth);
      break;
    case "trap":
      if (argv.length === 0 || argv[0] === "-p") probe.markOwnText();
      else if (argv[0] !== "-l") scanCode([argv[0] === "--" ? (argv[1] ?? "") : argv[0]!], probe, depth);
      break;
    case "alias":
      if (argv.length === 0) probe.markOwnText();
      for (const a of argv) {
        if (a === null || !a.includes("=")) probe.markOwnText();
        else if (!a.startsWith("-")) scanCode([a.slice(a.indexOf("=") + 1)], probe, depth);
      }
      break;
    case "set":
      if (
        argv.length === 0 ||
        /^-[a-zA-Z]*[xv]/m.test(argv.join("\n")) ||
        /(^|\n)-o\n(xtrace|verbose)(\n|$)/.test(argv.join("\n"))
      )
        probe.markOwnText();
      break;
    case "declare":
    case "typeset":
    case "local":
    case "export":
    case "readonly":
      if (
        operands.length === 0 ||
        /p/.test(options) ||
        ((name === "declare" || name === "typeset") && /[fF]/.test(options))
      )
        probe.markOwnText();
      break;
    case "type":
    case "compgen":
      probe.markOwnText();
      break;
    case "complete":
      if (argv.length === 0 || /p/.test(options)) probe.markOwnText();
      break;
    case "read":
      if (/^-[a-zA-Z]*p/m.test(argv.map((a) => a ?? "").join("\n"))) probe.markOwnText();
      break;
    case "bash":
    case "sh": {
      // Trace and verbose modes print the script's own commands.
      const stop = argv.findIndex((a) => a === null || !a.startsWith("-"));
      const leading = (stop < 0 ? argv : argv.slice(0, stop)) as string[];
      if (leading.some((a) => /^-[a-zA-Z]*[xv]/.test(a))) probe.markOwnText();
      break;
    }
  }
}

/** Reads every script the shell parses: the command line, and `bash -c` or `xargs sh -c` scripts when they run. */
export function provenancePlugin(probe: ProvenanceProbe): TransformPlugin {
  return {
    name: "analystbench-provenance",
    transform: ({ ast }) => {
      if (!probe.marked) scanNode(ast, probe, 0);
      return { ast };
    },
  };
}

/**
 * The shell's commands, each wrapped to tell the probe what it printed of its own: the simulated
 * commands, and every command of just-bash they do not replace (through `origCommand`, which
 * runs the original with its own trust level). A command judges its arguments before it runs
 * and its error output after.
 */
export function withProvenance(
  commands: Command[],
  probe: ProvenanceProbe,
  baseline: Record<string, string>,
): Command[] {
  const own = new Set(commands.map((c) => c.name));
  const bundled = getCommandNames()
    .filter((name) => !own.has(name))
    .map((name) =>
      defineCommand(name, async (args, ctx) =>
        ctx.origCommand
          ? ctx.origCommand(args)
          : { stdout: "", stderr: `bash: ${name}: command not found\n`, exitCode: 127 },
      ),
    );
  const all = [...commands, ...bundled];
  probe.commandNames = new Set([...BUILTIN_NAMES, ...all.map((c) => c.name)]);
  return all.map((command): Command => ({
    ...command,
    async execute(args, ctx) {
      if (!probe.marked && printsOwnText(command.name, args, { exported: ctx.exportedEnv, baseline }))
        probe.markOwnText();
      const result = await command.execute(args, ctx);
      if (result.stderr || result.exitCode !== 0)
        await probe.noteEchoes(args, result, (path) => ctx.fs.exists(ctx.fs.resolvePath(ctx.cwd, path)));
      return result;
    },
  }));
}
