import { decodeBytesToUtf8, type ResolvedCommandContext } from "just-bash";
import { remembered } from "./grep-memo";

/**
 * grep's common forms on the JavaScript regular-expression engine. just-bash matches with a
 * re-implementation of RE2 in JavaScript, which was most of the simulator's CPU time when models
 * grep large logs. Patterns are translated (POSIX bracket classes, BRE groups, \< \>); any
 * option, pattern or input this path does not handle exactly returns null, and just-bash's own
 * grep answers. Catastrophic patterns can only stall the simulation worker, whose kill timer
 * stops them. The differential tests run both against GNU grep.
 */
export type GrepMode = "G" | "E" | "F" | "P";

const POSIX_CLASSES: Record<string, string> = {
  alpha: "a-zA-Z",
  digit: "0-9",
  alnum: "a-zA-Z0-9",
  upper: "A-Z",
  lower: "a-z",
  space: " \\t\\n\\r\\f\\v",
  blank: " \\t",
  punct: "!-\\/:-@\\[-`{-~",
  xdigit: "0-9A-Fa-f",
  cntrl: "\\x00-\\x1f\\x7f",
  print: "\\x20-\\x7e",
  graph: "\\x21-\\x7e",
};

/** An extended regular expression as a JavaScript one, or null when unsure. */
export function ereToJs(pattern: string): string | null {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === "\\") {
      const next = pattern[i + 1];
      if (next === undefined) return null;
      i++;
      if (next === "<") out += "\\b(?=\\w)";
      else if (next === ">") out += "\\b(?<=\\w)";
      else if ("wWsSbB".includes(next) || /[1-9]/.test(next)) out += `\\${next}`;
      else if (/[A-Za-z0-9]/.test(next)) return null;
      else out += `\\${next}`;
      continue;
    }
    if (ch === "[") {
      let j = i + 1;
      let body = "";
      if (pattern[j] === "^") {
        body += "^";
        j++;
      }
      if (pattern[j] === "]") {
        body += "\\]";
        j++;
      }
      let closed = false;
      while (j < pattern.length) {
        const c = pattern[j]!;
        if (c === "]") {
          closed = true;
          break;
        }
        if (c === "[" && pattern[j + 1] === ":") {
          const end = pattern.indexOf(":]", j + 2);
          const cls = end > 0 ? POSIX_CLASSES[pattern.slice(j + 2, end)] : undefined;
          if (!cls) return null;
          body += cls;
          j = end + 2;
          continue;
        }
        if (c === "[" && (pattern[j + 1] === "=" || pattern[j + 1] === ".")) return null;
        body += c === "\\" || c === "[" ? `\\${c}` : c;
        j++;
      }
      if (!closed) return null;
      out += `[${body}]`;
      i = j;
      continue;
    }
    out += ch;
  }
  return out;
}

/** A basic regular expression (grep's default) as an extended one. */
export function breToEre(pattern: string): string {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === "\\" && i + 1 < pattern.length) {
      const next = pattern[i + 1]!;
      out += "|(){}+?".includes(next) ? next : `\\${next}`;
      i++;
    } else if ("|(){}+?".includes(ch)) {
      out += `\\${ch}`;
    } else {
      out += ch;
    }
  }
  return out;
}

const escapeJs = (s: string) => s.replace(/[\\^$.|?*+()[\]{}/]/g, (c) => `\\${c}`);

export function toJsRegExp(
  patterns: string[],
  mode: GrepMode,
  flags: { ignoreCase: boolean; word: boolean; line: boolean; global: boolean },
): RegExp | null {
  const parts: string[] = [];
  for (const p of patterns) {
    if (mode === "F") parts.push(escapeJs(p));
    else if (mode === "P") parts.push(p);
    else {
      const js = ereToJs(mode === "G" ? breToEre(p) : p);
      if (js === null) return null;
      parts.push(js);
    }
  }
  let source = parts.length === 1 ? parts[0]! : parts.map((p) => `(?:${p})`).join("|");
  if (flags.word) source = `(?<![A-Za-z0-9_])(?:${source})(?![A-Za-z0-9_])`;
  if (flags.line) source = `^(?:${source})$`;
  try {
    return new RegExp(source, `${flags.ignoreCase ? "i" : ""}${flags.global ? "g" : ""}`);
  } catch {
    return null;
  }
}

interface FastOptions {
  lineNumbers: boolean;
  ignoreCase: boolean;
  invert: boolean;
  count: boolean;
  filesWithMatches: boolean;
  filesWithout: boolean;
  onlyMatching: boolean;
  quiet: boolean;
  noMessages: boolean;
  word: boolean;
  line: boolean;
  maxCount: number;
  names: boolean | null;
}

const SHORT: Record<string, keyof FastOptions> = {
  n: "lineNumbers",
  i: "ignoreCase",
  y: "ignoreCase",
  v: "invert",
  c: "count",
  l: "filesWithMatches",
  L: "filesWithout",
  o: "onlyMatching",
  q: "quiet",
  s: "noMessages",
  w: "word",
  x: "line",
};
const LONG: Record<string, keyof FastOptions> = {
  "--line-number": "lineNumbers",
  "--ignore-case": "ignoreCase",
  "--invert-match": "invert",
  "--count": "count",
  "--files-with-matches": "filesWithMatches",
  "--files-without-match": "filesWithout",
  "--only-matching": "onlyMatching",
  "--quiet": "quiet",
  "--silent": "quiet",
  "--no-messages": "noMessages",
  "--word-regexp": "word",
  "--line-regexp": "line",
};

/** The options of the fast path, or null when one of them is not handled here. */
function parseOptions(options: string[]): FastOptions | null {
  const o: FastOptions = {
    lineNumbers: false,
    ignoreCase: false,
    invert: false,
    count: false,
    filesWithMatches: false,
    filesWithout: false,
    onlyMatching: false,
    quiet: false,
    noMessages: false,
    word: false,
    line: false,
    maxCount: Infinity,
    names: null,
  };
  for (let i = 0; i < options.length; i++) {
    const a = options[i]!;
    if (a === "-m" || a === "--max-count") {
      const v = options[++i];
      if (!v || !/^\d+$/.test(v)) return null;
      o.maxCount = Number(v);
    } else if (a.startsWith("--max-count=")) {
      if (!/^\d+$/.test(a.slice(12))) return null;
      o.maxCount = Number(a.slice(12));
    } else if (a === "--with-filename" || a === "-H") o.names = true;
    else if (a === "--no-filename") o.names = false;
    else if (/^--colou?r(=.*)?$/.test(a)) continue;
    else if (a.startsWith("--")) {
      const key = LONG[a];
      if (!key) return null;
      (o[key] as boolean) = true;
    } else if (/^-[A-Za-z]+$/.test(a)) {
      for (const ch of a.slice(1)) {
        if (ch === "h") o.names = false;
        else if (ch === "H") o.names = true;
        else {
          const key = SHORT[ch];
          if (!key) return null;
          (o[key] as boolean) = true;
        }
      }
    } else return null;
  }
  if (o.onlyMatching && o.invert) return null;
  return o;
}

/**
 * Runs grep on the JavaScript engine, or returns null to let just-bash's grep answer (unsupported
 * option or pattern, missing or binary input).
 */
export async function fastGrep(input: {
  patterns: string[];
  mode: GrepMode;
  options: string[];
  files: string[];
  /** Whether file names are shown unless -h/-H say otherwise (several files, or -r). */
  defaultNames: boolean;
  ctx: Pick<ResolvedCommandContext, "fs" | "cwd" | "stdin">;
  /** Where a generated log is read with its bytes, so what a search found is remembered; without it, the context's filesystem. */
  keyed?: KeyedReader;
}): Promise<{ stdout: string; stderr: string; exitCode: number } | null> {
  const o = parseOptions(input.options);
  if (!o) return null;
  const test = toJsRegExp(input.patterns, input.mode, {
    ignoreCase: o.ignoreCase,
    word: o.word,
    line: o.line,
    global: false,
  });
  const all = o.onlyMatching
    ? toJsRegExp(input.patterns, input.mode, { ignoreCase: o.ignoreCase, word: o.word, line: o.line, global: true })
    : null;
  if (!test || (o.onlyMatching && !all)) return null;

  const sources: Source[] = [];
  if (input.files.length === 0) sources.push({ name: "(standard input)", text: decodeBytesToUtf8(input.ctx.stdin) });
  for (const f of input.files) {
    if (f === "-") {
      sources.push({ name: "(standard input)", text: decodeBytesToUtf8(input.ctx.stdin) });
      continue;
    }
    const path = input.ctx.fs.resolvePath(input.ctx.cwd, f);
    const st = await input.ctx.fs.stat(path).catch(() => null);
    if (!st || st.isDirectory) return null;
    const { text, bytes }: { text: string; bytes?: Uint8Array } = input.keyed
      ? await input.keyed.readTextKeyed(path)
      : { text: await input.ctx.fs.readFile(path) };
    if (holdsNul(text, bytes)) return null;
    sources.push({ name: f, text, bytes });
  }

  const names = o.names ?? input.defaultNames;
  const out: string[] = [];
  let selectedAny = false;
  for (const src of sources) {
    const prefix = names ? `${src.name}:` : "";
    let selected = 0;
    for (const { line, n } of sourceLines(src, test, o.invert, o.lineNumbers)) {
      if (selected >= o.maxCount) break;
      selected++;
      if (o.quiet) return { stdout: "", stderr: "", exitCode: 0 };
      if (o.count || o.filesWithMatches || o.filesWithout) continue;
      const lead = `${prefix}${o.lineNumbers ? `${n + 1}:` : ""}`;
      if (o.onlyMatching) {
        all!.lastIndex = 0;
        for (const m of line.matchAll(all!)) if (m[0] !== "") out.push(`${lead}${m[0]}`);
      } else out.push(`${lead}${line}`);
    }
    if (selected > 0) selectedAny = true;
    if (o.count) out.push(`${prefix}${selected}`);
    else if (o.filesWithMatches && selected > 0) out.push(src.name);
    else if (o.filesWithout && selected === 0) out.push(src.name);
  }
  const exitCode = o.filesWithout ? (out.length > 0 ? 0 : 1) : selectedAny ? 0 : 1;
  return { stdout: out.length ? `${out.join("\n")}\n` : "", stderr: "", exitCode };
}

/** A file (or standard input) to search; a generated log's stored bytes key what its searches found. */
interface Source {
  name: string;
  text: string;
  bytes?: Uint8Array;
}

/**
 * Reads a file's text and, for a generated log, the stored bytes it was decoded from: the
 * simulated host's filesystem (TrackedFs.readTextKeyed, sharedLogBytes). The command's own context reaches the same
 * filesystem through just-bash's wrapper, which only passes the standard calls.
 */
export interface KeyedReader {
  readTextKeyed(path: string): Promise<{ text: string; bytes?: Uint8Array }>;
}

/** Whether a generated log's bytes hold a NUL, looked for once per bytes (a scan of megabytes each time otherwise). */
const nulIn = new WeakMap<Uint8Array, boolean>();

/** Whether a text holds a NUL: grep leaves binary files to just-bash's grep. */
function holdsNul(text: string, bytes: Uint8Array | undefined): boolean {
  if (!bytes) return text.includes("\u0000");
  let nul = nulIn.get(bytes);
  if (nul === undefined) nulIn.set(bytes, (nul = text.includes("\u0000")));
  return nul;
}

/** The lines selectedLines finds in a source, remembered with a generated log's bytes (grep-memo.ts). */
function sourceLines(src: Source, test: RegExp, invert: boolean, numbered: boolean): Iterable<Selected> {
  if (!src.bytes) return selectedLines(src.text, test, invert, numbered);
  const key = `${test.flags}:${invert ? 1 : 0}${numbered ? 1 : 0}:${test.source}`;
  return remembered(src.bytes, key, () => selectedLines(src.text, test, invert, numbered));
}

/** A selected line and its number (from 0; -1 when not asked for). */
interface Selected {
  line: string;
  n: number;
}

/** The lines grep selects, in order: by one search of the whole text where that is exact, else line by line. */
export function selectedLines(text: string, test: RegExp, invert: boolean, numbered: boolean): Iterable<Selected> {
  const scan = invert ? null : wholeTextScanner(test);
  return scan ? linesFound(text, scan, test, numbered) : everyLine(text, test, invert);
}

/** Every line the test selects (or, inverted, does not), one by one. */
export function* everyLine(text: string, test: RegExp, invert: boolean): Generator<Selected> {
  const lines = text.split("\n");
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  for (let n = 0; n < lines.length; n++) if (test.test(lines[n]!) !== invert) yield { line: lines[n]!, n };
}

/** Lookarounds this module writes itself; they look only at word characters, never across a line. */
const OWN_LOOKAROUNDS = /\(\?<?[=!](?:\\w|\[A-Za-z0-9_\])\)/g;

/**
 * The test as one search over a whole file (multiline), or null when that could miss a line the
 * test selects: only a lookaround written in the pattern (grep -P) can see past a line's end.
 */
function wholeTextScanner(test: RegExp): RegExp | null {
  if (/\(\?<?[=!]/.test(test.source.replace(OWN_LOOKAROUNDS, ""))) return null;
  return new RegExp(test.source, `${test.flags.replace(/[gm]/g, "")}gm`);
}

/**
 * The lines a search of the whole text finds, without splitting the text into lines: most lines
 * of a big log do not match, and the regular-expression engine skips them far faster than a test
 * of each. A match can start in one line and run into the next, so each line found is tested on
 * its own, as grep tests it; the search goes on from the next line's start, so no line is skipped.
 */
function* linesFound(text: string, scan: RegExp, test: RegExp, numbered: boolean): Generator<Selected> {
  let from = 0;
  let n = 0;
  let counted = 0;
  while (from < text.length) {
    scan.lastIndex = from;
    const m = scan.exec(text);
    if (!m) return;
    const start = m.index === 0 ? 0 : text.lastIndexOf("\n", m.index - 1) + 1;
    // A match just past the last newline is in no line: grep has none after a file's final newline.
    if (start >= text.length) return;
    const newline = text.indexOf("\n", m.index);
    const end = newline < 0 ? text.length : newline;
    // Line numbers cost a look at every line before the match: only when -n asks for them.
    for (let i = numbered ? text.indexOf("\n", counted) : -1; i >= 0 && i < start; i = text.indexOf("\n", i + 1)) {
      n++;
      counted = i + 1;
    }
    const line = text.slice(start, end);
    if (test.test(line)) yield { line, n: numbered ? n : -1 };
    from = end + 1;
  }
}
