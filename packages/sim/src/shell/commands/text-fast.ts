import { bytesOutput, latin1FromBytes, unsafeBytesFromLatin1, type CommandContext, type ExecResult } from "just-bash";
import { fileBytes } from "../byte-output";

/**
 * `wc -l`, `uniq` and `cut -d/-f`, `cut -c` over bytes, for the forms analysts pipe logs through.
 * just-bash's versions walk a 15 MB log a character at a time in JavaScript (wc), or split every
 * line into every field (cut), at 100–300 ms per 100,000 lines; these use the native string
 * search. Each returns null for any other form, and just-bash's command answers (its usage
 * errors and missing-file messages included). The differential test runs them against coreutils.
 */

/** A file's bytes as a latin1 string, or null when it cannot be read as a file (just-bash words that error). */
async function readBytes(ctx: CommandContext, name: string): Promise<string | null> {
  if (name === "-") return latin1FromBytes(ctx.stdin);
  const path = ctx.fs.resolvePath(ctx.cwd, name);
  const st = await ctx.fs.stat(path).catch(() => null);
  if (!st || st.isDirectory) return null;
  return fileBytes(ctx.fs, path);
}

const bytesResult = (out: string): ExecResult => ({
  ...bytesOutput(unsafeBytesFromLatin1(out)),
  stderr: "",
  exitCode: 0,
});

/** The lines of a byte string; a last line without its newline is still a line. */
function linesOf(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

function countNewlines(text: string): number {
  let n = 0;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) n++;
  return n;
}

/** `wc -l [FILE]`: one count, so no column padding (GNU pads only several counts or files). */
export async function fastWcLines(args: string[], ctx: CommandContext): Promise<ExecResult | null> {
  const [flag, file, ...rest] = args;
  if ((flag !== "-l" && flag !== "--lines") || rest.length > 0 || file === "-" || file?.startsWith("-")) return null;
  const text = await readBytes(ctx, file ?? "-");
  if (text === null) return null;
  return bytesResult(`${countNewlines(text)}${file === undefined ? "" : ` ${file}`}\n`);
}

/** `uniq [-c] [-d] [-u] [-i] [INPUT]`. */
export async function fastUniq(args: string[], ctx: CommandContext): Promise<ExecResult | null> {
  const flags = new Set<string>();
  const operands: string[] = [];
  for (const a of args) {
    if (/^-[cdui]+$/.test(a)) for (const f of a.slice(1)) flags.add(f);
    else if (a.startsWith("-") && a !== "-") return null;
    else operands.push(a);
  }
  if (operands.length > 1) return null;
  const text = await readBytes(ctx, operands[0] ?? "-");
  if (text === null) return null;
  const fold = flags.has("i");
  const lines = linesOf(text);
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    const line = lines[i]!;
    const key = fold ? line.toLowerCase() : line;
    let j = i + 1;
    while (j < lines.length && (fold ? lines[j]!.toLowerCase() : lines[j]) === key) j++;
    const count = j - i;
    const shown = flags.has("d") ? count > 1 : flags.has("u") ? count === 1 : true;
    if (shown && !(flags.has("d") && flags.has("u")))
      out.push(flags.has("c") ? `${String(count).padStart(7)} ${line}\n` : `${line}\n`);
    i = j;
  }
  return bytesResult(out.join(""));
}

/** A cut LIST (`1,3-5,7-`) as sorted, merged 1-based inclusive ranges, or null when malformed. */
function parseList(list: string): [number, number][] | null {
  const ranges: [number, number][] = [];
  for (const part of list.split(",")) {
    const m = /^(\d*)(-?)(\d*)$/.exec(part);
    if (!m || (!m[1] && !m[3])) return null;
    const from = m[1] ? Number(m[1]) : 1;
    const to = m[2] ? (m[3] ? Number(m[3]) : Infinity) : from;
    if (from < 1 || to < from) return null;
    ranges.push([from, to]);
  }
  ranges.sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else merged.push([...r]);
  }
  return merged;
}

/** `cut -d DELIM -f LIST [FILE...]` and `cut -c LIST [FILE...]` (-b alike: the hosts' locale cuts bytes). */
export async function fastCut(args: string[], ctx: CommandContext): Promise<ExecResult | null> {
  let delim = "\t";
  let fields: string | undefined;
  let chars: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const m = /^-([dfcb])(.*)$/s.exec(a);
    if (m) {
      const value = m[2] || args[++i];
      if (value === undefined) return null;
      if (m[1] === "d") delim = value;
      else if (m[1] === "f") fields = value;
      else chars = value;
    } else if (a.startsWith("-") && a !== "-") return null;
    else files.push(a);
  }
  if ((fields === undefined) === (chars === undefined) || delim.length !== 1) return null;
  const ranges = parseList((fields ?? chars)!);
  if (!ranges) return null;
  const out: string[] = [];
  for (const f of files.length ? files : ["-"]) {
    const text = await readBytes(ctx, f);
    if (text === null) return null;
    for (const line of linesOf(text)) out.push(`${fields ? cutFields(line, delim, ranges) : cutChars(line, ranges)}\n`);
  }
  return bytesResult(out.join(""));
}

/** The selected fields joined by the delimiter; a line without the delimiter passes whole (no -s). */
function cutFields(line: string, delim: string, ranges: [number, number][]): string {
  if (line.indexOf(delim) < 0) return line;
  const last = ranges[ranges.length - 1]![1];
  if (last === Infinity) return ranges.flatMap(([from, to]) => line.split(delim).slice(from - 1, to)).join(delim);
  // Walk to the last selected field only: `-f1` of a long log line need not split the rest.
  let out = "";
  let first = true;
  for (let field = 1, start = 0; field <= last; field++) {
    const end = line.indexOf(delim, start);
    if (ranges.some(([from, to]) => field >= from && field <= to)) {
      out += (first ? "" : delim) + line.slice(start, end < 0 ? line.length : end);
      first = false;
    }
    if (end < 0) break;
    start = end + 1;
  }
  return out;
}

function cutChars(line: string, ranges: [number, number][]): string {
  let out = "";
  for (const [from, to] of ranges) out += line.slice(from - 1, to);
  return out;
}
