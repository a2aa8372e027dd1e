import { PS_COLUMNS } from "./commands/processes";

/**
 * Which commands, run with these arguments, print text their command line supplied rather than
 * text they read from the host. Decided on the arguments a command receives (after quoting,
 * escapes and expansions), never on the command text, so `e\cho x` counts and `grep echo f`
 * does not. Used by the shell's provenance probe (provenance.ts).
 *
 * Three kinds:
 *  - commands whose output is their arguments: echo, printf, expr, basename, dirname…;
 *  - commands with a format, separator or program that may carry literal text: `date +…`,
 *    `find -printf`, `stat -c`, `git log --format`, `seq -f`, `cut --output-delimiter`, awk, sed,
 *    jq. These count only when that literal text holds at least OWN_TEXT_MIN letters or digits
 *    (outside format directives, comparisons and patterns), so `awk '{print $1, "->", $7}'` and
 *    `date +%F` do not, while `awk 'BEGIN{print "a b c d"}'` does;
 *  - env and printenv, when they print variables the command line set.
 */

/** Letters and digits of literal text, at or above which a format or program prints its own text. */
export const OWN_TEXT_MIN = 4;

/**
 * Letters and digits `text` prints of its own once `directives` are taken out. An escape that can
 * spell any character (octal, \x, \u) counts as one; \n, \t and the like count as none.
 */
export function ownChars(text: string, directives?: RegExp): number {
  let count = 0;
  const rest = (directives ? text.replace(directives, "") : text).replace(
    /\\(?:[0-7]{1,3}|x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[\s\S])/g,
    (escape) => {
      if (escape.length > 2 && /^\\[0-7xuU]/.test(escape)) count++;
      return "";
    },
  );
  return count + (rest.match(/[\p{L}\p{N}]/gu)?.length ?? 0);
}

/** printf-style conversions (awk, seq). */
const PRINTF = /%[-+ #0'*.\d]*[a-zA-Z%]/g;
/** strftime conversions (date). */
const STRFTIME = /%[-_0^#]?\d*[EO]?[:]*[a-zA-Z%+]/g;
/** find -printf directives (%Tk, %A@ take a second letter). */
const FIND_PRINTF = /%[-+ #0.\d]*(?:[ACT][a-zA-Z@+]|[a-zA-Z@%])/g;
/** stat --format directives. */
const STAT_FORMAT = /%[-+ #0'.\d]*[a-zA-Z%]/g;
/** git pretty-format placeholders; %xNN spells a character and is counted before they go. */
const GIT_PRETTY_NAMES = new Set(["oneline", "short", "medium", "full", "fuller", "raw", "email", "reference"]);
const GIT_FORMAT = /%(?:\([^)]*\)|[<>]\|?\([^)]*\)|C\([^)]*\)|C(?:red|green|blue|reset)|[a-zA-Z]{1,2}|[%n+\- ])/g;

/** Values of an option: `-f V`, `-fV`, `-xf V` (short, last in a cluster), `--long=V`, `--long V`. */
export function optionValues(args: string[], short: string, long: string[] = []): string[] {
  const values: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") break;
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = a.slice(2, eq < 0 ? undefined : eq);
      if (!long.includes(name)) continue;
      if (eq >= 0) values.push(a.slice(eq + 1));
      else if (i + 1 < args.length) values.push(args[++i]!);
      continue;
    }
    if (!short || !a.startsWith("-") || a.length < 2) continue;
    const at = a.indexOf(short, 1);
    if (at < 0 || !/^[a-zA-Z]*$/.test(a.slice(1, at))) continue;
    if (at + 1 < a.length) values.push(a.slice(at + 1));
    else if (i + 1 < args.length) values.push(args[++i]!);
  }
  return values;
}

const anyOwn = (values: string[], directives?: RegExp) =>
  values.reduce((n, v) => n + ownChars(v, directives), 0) >= OWN_TEXT_MIN;

/** Commands whose output is made of their arguments, whatever the arguments. */
const ALWAYS = new Set(["echo", "printf", "expr", "basename", "dirname", "history", "sqlite3", "xan"]);

type Rule = (args: string[]) => boolean;

const RULES: Record<string, Rule> = {
  date: (args) =>
    anyOwn(
      args.filter((a) => a.startsWith("+")).map((a) => a.slice(1)),
      STRFTIME,
    ),
  seq: (args) => anyOwn([...optionValues(args, "f", ["format"]), ...optionValues(args, "s", ["separator"])], PRINTF),
  find: (args) => {
    const formats: string[] = [];
    args.forEach((a, i) => {
      if (a === "-printf") formats.push(args[i + 1] ?? "");
      if (a === "-fprintf") formats.push(args[i + 2] ?? "");
    });
    return anyOwn(formats, FIND_PRINTF);
  },
  stat: (args) => anyOwn(optionValues(args, "c", ["format", "printf"]), STAT_FORMAT),
  git: (args) => {
    const formats = optionValues(args, "", ["format", "pretty"])
      .filter((f) => !GIT_PRETTY_NAMES.has(f))
      .map((f) => f.replace(/^t?format:/, ""));
    const hex = formats.join("").match(/%x[0-9a-fA-F]{2}/g)?.length ?? 0;
    return (
      hex + formats.reduce((n, f) => n + ownChars(f.replace(/%x[0-9a-fA-F]{2}/g, ""), GIT_FORMAT), 0) >= OWN_TEXT_MIN
    );
  },
  cut: (args) => anyOwn(optionValues(args, "", ["output-delimiter"])),
  comm: (args) => anyOwn(optionValues(args, "", ["output-delimiter"])),
  nl: (args) => anyOwn(optionValues(args, "s", ["number-separator"])),
  paste: (args) => anyOwn(optionValues(args, "d", ["delimiters"])),
  column: (args) => anyOwn(optionValues(args, "o", ["output-separator"])),
  join: (args) => anyOwn(optionValues(args, "e")),
  // A column ps does not know is shown under its own name, upper-cased.
  ps: (args) => {
    const bsd = args.length > 0 && !args[0]!.startsWith("-");
    const columns = optionValues(bsd ? [`-${args[0]}`, ...args.slice(1)] : args, "o", ["format"]).flatMap((v) =>
      v.split(",").map((c) => c.trim().replace(/=.*$/, "")),
    );
    return anyOwn(columns.filter((c) => !PS_COLUMNS.has(c.toLowerCase())));
  },
  awk: awkPrintsOwnText,
  gawk: awkPrintsOwnText,
  mawk: awkPrintsOwnText,
  nawk: awkPrintsOwnText,
  sed: sedPrintsOwnText,
  jq: jqPrintsOwnText,
  yq: jqPrintsOwnText,
};

/** Variables the shell itself keeps changing: not the command line's text. */
const SHELL_MANAGED = new Set(["PWD", "OLDPWD", "SHLVL", "_"]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * Whether a command run with `args` prints text its command line supplied. `exported` and
 * `baseline` are the variables the command sees and those the shell started with.
 */
export function printsOwnText(
  name: string,
  args: string[],
  env?: { exported?: Record<string, string>; baseline: Record<string, string> },
): boolean {
  const base = name.slice(name.lastIndexOf("/") + 1);
  if (ALWAYS.has(base)) return true;
  if (base === "env" || base === "printenv") {
    // `env CMD…` prints nothing itself: CMD is a command of its own, and judged as one.
    const operands = args.filter((a) => !a.startsWith("-"));
    if (base === "env" && operands.some((a) => !ASSIGNMENT.test(a))) return false;
    if (operands.some((a) => ASSIGNMENT.test(a))) return true;
    return Object.entries(env?.exported ?? {}).some(([k, v]) => !SHELL_MANAGED.has(k) && env?.baseline[k] !== v);
  }
  return RULES[base]?.(args) ?? false;
}

/** The two characters before `at`, past whitespace (bounded: scanners stay linear). */
function significantBefore(src: string, at: number): string {
  let k = at - 1;
  while (k >= 0 && /\s/.test(src[k]!)) k--;
  return src.slice(Math.max(0, k - 1), k + 1);
}

/** The two characters from `at` on, past whitespace. */
function significantAfter(src: string, at: number): string {
  let k = at;
  while (k < src.length && /\s/.test(src[k]!)) k++;
  return src.slice(k, k + 2);
}

// ---------------------------------------------------------------------------------------------
// awk

/** Calls whose string arguments are patterns or needles, not output. */
const AWK_PATTERN_ARGS = new Set(["index", "match", "split"]);
/** Calls whose first argument is a pattern (the others are replacement text). */
const AWK_PATTERN_FIRST = new Set(["sub", "gsub", "gensub"]);
const AWK_COMPARISON = /^(?:==|!=|<=|>=|!~|~|<|>)/;

function awkPrintsOwnText(args: string[]): boolean {
  let program: string | undefined;
  let fromFile = false;
  let own = 0;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a === "-v" || a === "--assign") own += ownChars((args[++i] ?? "").replace(ASSIGNMENT, ""));
    else if (a.startsWith("-v")) own += ownChars(a.slice(2).replace(ASSIGNMENT, ""));
    else if (a === "-F" || a === "--field-separator") i++;
    else if (a === "-f" || a === "--file") {
      fromFile = true;
      i++;
    } else if (a.startsWith("-") && a.length > 1) continue;
    else operands.push(a);
  }
  if (!fromFile) program = operands.shift();
  // Assignments among the operands (`awk '{print x}' x=text file`) are command-line text too.
  for (const o of operands) if (ASSIGNMENT.test(o)) own += ownChars(o.replace(ASSIGNMENT, ""));
  if (program === undefined) return own >= OWN_TEXT_MIN;
  const scan = scanAwk(program);
  return scan.charConversion || scan.beginOnly || own + scan.own >= OWN_TEXT_MIN;
}

/**
 * A light awk scanner: the letters and digits of string literals the program may print (not
 * those compared or used as patterns), whether it formats with %c (spelling characters from
 * numbers), and whether it only has BEGIN blocks and reads nothing (all its output is its own).
 */
export function scanAwk(program: string): { own: number; charConversion: boolean; beginOnly: boolean } {
  let own = 0;
  let charConversion = false;
  const calls: { fn: string; arg: number }[] = [];
  /** Top-level significant text outside BEGIN blocks and function definitions. */
  let outside = "";
  let depth = 0;
  let skipDepth: number | null = null;
  let prevSignificant = "";
  let lastIdent = "";
  const src = program;
  for (let i = 0; i < src.length;) {
    const c = src[i]!;
    if (c === "#") {
      while (i < src.length && src[i] !== "\n") i++;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const inSkipped = skipDepth !== null;
    if (c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== '"') j += src[j] === "\\" ? 2 : 1;
      const literal = src.slice(i + 1, j);
      const before = significantBefore(src, i);
      const after = significantAfter(src, j + 1);
      const call = calls[calls.length - 1];
      const pattern =
        /(?:==|!=|<=|>=|!~|~|<|>)$/.test(before) ||
        AWK_COMPARISON.test(after) ||
        (call && (AWK_PATTERN_ARGS.has(call.fn) || (AWK_PATTERN_FIRST.has(call.fn) && call.arg === 0)));
      if (/%[-+ #0.\d]*c/.test(literal)) charConversion = true;
      if (!pattern) own += ownChars(literal, PRINTF);
      if (!inSkipped && depth === 0) outside += "s";
      prevSignificant = '"';
      i = j + 1;
      continue;
    }
    // A slash where an operand is expected opens a regular expression (never output).
    if (c === "/" && (prevSignificant === "" || /[(,{};!~&|?:=<>+\-*%^\n]/.test(prevSignificant))) {
      let j = i + 1;
      let inClass = false;
      while (j < src.length && (inClass || src[j] !== "/")) {
        if (src[j] === "\\") j++;
        else if (src[j] === "[") inClass = true;
        else if (src[j] === "]") inClass = false;
        j++;
      }
      if (!inSkipped && depth === 0) outside += "r";
      prevSignificant = "/";
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      let j = i;
      while (j < src.length && /\w/.test(src[j]!)) j++;
      const word = src.slice(i, j);
      if (depth === 0 && (word === "BEGIN" || word === "function")) skipDepth = 0;
      else if (!inSkipped && depth === 0) outside += word;
      if (word === "getline") outside += "getline";
      lastIdent = word;
      prevSignificant = "a";
      i = j;
      continue;
    }
    if (c === "(") calls.push({ fn: prevSignificant === "a" ? lastIdent : "", arg: 0 });
    else if (c === ")") calls.pop();
    else if (c === "," && calls.length) calls[calls.length - 1]!.arg++;
    else if (c === "{") {
      // A block at the top level outside BEGIN and functions: a rule that reads input.
      if (!inSkipped && depth === 0) outside += c;
      depth++;
    } else if (c === "}") {
      depth--;
      if (skipDepth !== null && depth === skipDepth) skipDepth = null;
    } else if (!inSkipped && depth === 0) outside += c;
    prevSignificant = c;
    i++;
  }
  return { own, charConversion, beginOnly: /^;*$/.test(outside) };
}

// ---------------------------------------------------------------------------------------------
// sed

function sedPrintsOwnText(args: string[]): boolean {
  const scripts: string[] = [];
  let fromOption = false;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a === "-e" || a === "--expression") {
      scripts.push(args[++i] ?? "");
      fromOption = true;
    } else if (a.startsWith("--expression=")) {
      scripts.push(a.slice(13));
      fromOption = true;
    } else if (a === "-f" || a === "--file") {
      fromOption = true;
      i++;
    } else if (a === "-l" || a === "--line-length") i++;
    else if (/^-[a-zA-Z]*e/.test(a) && !a.startsWith("--")) {
      const rest = a.slice(a.indexOf("e", 1) + 1);
      scripts.push(rest || (args[++i] ?? ""));
      fromOption = true;
    } else if (a.startsWith("-") && a.length > 1) continue;
    else operands.push(a);
  }
  if (!fromOption && operands.length) scripts.push(operands[0]!);
  let own = 0;
  for (const script of scripts) {
    const n = sedOwnChars(script);
    if (n === Infinity) return true;
    own += n;
  }
  return own >= OWN_TEXT_MIN;
}

/**
 * Letters and digits a sed script inserts of its own: `s` replacement text (not back-references),
 * text of `a`, `i` and `c`. Infinity for `y` (which spells any text from the host's characters)
 * and `e` (which runs a command).
 */
export function sedOwnChars(script: string): number {
  let own = 0;
  let i = 0;
  const n = script.length;
  /** Reads up to an unescaped `delim`, returning the text and the index after the delimiter. */
  const until = (from: number, delim: string): [string, number] => {
    let j = from;
    while (j < n && script[j] !== delim && script[j] !== "\n") j += script[j] === "\\" ? 2 : 1;
    return [script.slice(from, j), j + 1];
  };
  const toEol = (from: number): [string, number] => {
    let j = from;
    while (j < n && script[j] !== "\n") j += script[j] === "\\" ? 2 : 1;
    return [script.slice(from, j), j];
  };
  const address = () => {
    if (/\d/.test(script[i] ?? "")) {
      while (/[\d~]/.test(script[i] ?? "")) i++;
    } else if (script[i] === "$") i++;
    else if (script[i] === "/") {
      i = until(i + 1, "/")[1];
      while (/[IM]/.test(script[i] ?? "")) i++;
    } else if (script[i] === "\\" && i + 1 < n) {
      i = until(i + 2, script[i + 1]!)[1];
      while (/[IM]/.test(script[i] ?? "")) i++;
    } else if (script[i] === "+" || script[i] === "~") {
      i++;
      while (/\d/.test(script[i] ?? "")) i++;
    }
  };
  while (i < n) {
    while (i < n && /[\s;{}]/.test(script[i]!)) i++;
    if (i >= n) break;
    address();
    while (script[i] === " ") i++;
    if (script[i] === ",") {
      i++;
      while (script[i] === " ") i++;
      address();
    }
    while (script[i] === " " || script[i] === "!") i++;
    const cmd = script[i];
    if (cmd === undefined) break;
    i++;
    if (cmd === "s" && i < n) {
      const delim = script[i]!;
      const [, afterPattern] = until(i + 1, delim);
      const [replacement, afterReplacement] = until(afterPattern, delim);
      own += ownChars(replacement, /\\[0-9&LlUuE]|&/g);
      i = afterReplacement;
      // Flags; `w file` takes the rest of the line.
      while (i < n && !/[;\n}]/.test(script[i]!)) {
        if (script[i] === "w") i = toEol(i)[1];
        else i++;
      }
    } else if (cmd === "y" || cmd === "e") return Infinity;
    else if (cmd === "a" || cmd === "i" || cmd === "c") {
      if (script[i] === "\\") i++;
      if (script[i] === "\n") i++;
      const [text, after] = toEol(i);
      own += ownChars(text.trimStart());
      i = after;
    } else if (cmd === "#" || cmd === ":" || /[rRwW]/.test(cmd)) i = toEol(i)[1];
    else if (/[btT]/.test(cmd)) while (i < n && !/[;\n}]/.test(script[i]!)) i++;
  }
  return own;
}

// ---------------------------------------------------------------------------------------------
// jq

/** Filters whose string arguments are patterns, keys or needles, not output. */
const JQ_PATTERN_ARGS = new Set([
  "test",
  "match",
  "capture",
  "scan",
  "splits",
  "contains",
  "inside",
  "startswith",
  "endswith",
  "ltrimstr",
  "rtrimstr",
  "has",
  "index",
  "rindex",
  "indices",
  "in",
  "getpath",
  "del",
]);
/** Filters whose first argument is a pattern (the others are replacement text). */
const JQ_PATTERN_FIRST = new Set(["split", "sub", "gsub"]);

function jqPrintsOwnText(args: string[]): boolean {
  let own = 0;
  let program: string | undefined;
  let fromFile = false;
  let positionalValues = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (positionalValues && program !== undefined) {
      own += ownChars(a);
      continue;
    }
    if (a === "--arg" || a === "--argjson") {
      own += ownChars(args[i + 2] ?? "");
      i += 2;
    } else if (a === "--slurpfile" || a === "--rawfile") i += 2;
    else if (a === "--args" || a === "--jsonargs") positionalValues = true;
    else if (a === "-f" || a === "--from-file") {
      fromFile = true;
      i++;
    } else if (a === "-L" || a === "--indent") i++;
    else if (a.startsWith("-") && a.length > 1) continue;
    else if (program === undefined && !fromFile) program = a;
  }
  if (program === undefined) return own >= OWN_TEXT_MIN;
  const scan = scanJq(program);
  return scan.spells || own + scan.own >= OWN_TEXT_MIN;
}

/**
 * A light jq scanner: letters and digits of string literals the filter may output (not object
 * keys it reads, comparisons, or patterns), and whether it spells text from numbers (implode).
 */
export function scanJq(program: string): { own: number; spells: boolean } {
  let own = 0;
  let spells = false;
  const calls: { fn: string; arg: number }[] = [];
  let prev = "";
  let lastIdent = "";
  const src = program;
  for (let i = 0; i < src.length;) {
    const c = src[i]!;
    if (c === "#") {
      while (i < src.length && src[i] !== "\n") i++;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let literal = "";
      while (j < src.length && src[j] !== '"') {
        if (src[j] === "\\" && src[j + 1] === "(") {
          // An interpolation: its filter is not literal text.
          let depth = 0;
          j += 1;
          do {
            if (src[j] === "(") depth++;
            else if (src[j] === ")") depth--;
            j++;
          } while (j < src.length && depth > 0);
          continue;
        }
        if (src[j] === "\\") {
          literal += src.slice(j, j + 2);
          j += 2;
          continue;
        }
        literal += src[j];
        j++;
      }
      const before = significantBefore(src, i);
      const after = significantAfter(src, j + 1);
      const call = calls[calls.length - 1];
      const notOutput =
        before.endsWith(".") ||
        (before.endsWith("[") && after.startsWith("]")) ||
        /(?:==|!=|<=|>=|<|>)$/.test(before) ||
        /^(?:==|!=|<=|>=|<|>)/.test(after) ||
        (call && (JQ_PATTERN_ARGS.has(call.fn) || (JQ_PATTERN_FIRST.has(call.fn) && call.arg === 0)));
      if (!notOutput) own += ownChars(literal);
      prev = '"';
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_@$]/.test(c)) {
      let j = i + 1;
      while (j < src.length && /\w/.test(src[j]!)) j++;
      const word = src.slice(i, j);
      if (word === "implode") spells = true;
      lastIdent = word;
      prev = "a";
      i = j;
      continue;
    }
    if (c === "(") calls.push({ fn: prev === "a" ? lastIdent : "", arg: 0 });
    else if (c === ")") calls.pop();
    else if (c === ";" && calls.length) calls[calls.length - 1]!.arg++;
    prev = c;
    i++;
  }
  return { own, spells };
}
