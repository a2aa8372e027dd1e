import { diffArrays, structuredPatch } from "diff";
import { decodeBytesToUtf8, defineCommand, type Command, type CommandContext } from "just-bash";
import { strftime } from "./system-info";

/**
 * diff of two files as GNU diffutils prints it: the normal format by default ("3c3", "< old",
 * "---", "> new"), -u/-U N unified with the files' times, -q in a word. just-bash's own prints a
 * unified diff with a "====" banner for everything. Other options (and folders) go to it.
 */
type Result = { stdout: string; stderr: string; exitCode: number };

interface DiffArgs {
  mode: "normal" | "unified" | "brief";
  context: number;
  files: string[];
}

function parseDiffArgs(args: string[]): DiffArgs | undefined {
  const d: DiffArgs = { mode: "normal", context: 3, files: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-u" || a === "--unified") d.mode = "unified";
    else if (/^-U\d*$/.test(a) || a.startsWith("--unified=")) {
      d.mode = "unified";
      d.context = Number(a.startsWith("--") ? a.split("=")[1] : a.slice(2) || args[++i]);
    } else if (a === "-q" || a === "--brief") d.mode = "brief";
    else if (a.startsWith("-") && a !== "-") return undefined;
    else d.files.push(a);
  }
  return d.files.length === 2 && !Number.isNaN(d.context) ? d : undefined;
}

const lines = (text: string) => (text === "" ? [] : text.replace(/\n$/, "").split("\n"));
const range = (from: number, to: number) => (from === to ? `${from}` : `${from},${to}`);
const NO_NEWLINE = "\\ No newline at end of file";

/** The normal format: each change as a command line, then the old lines, ---, the new lines. */
function normalDiff(a: string, b: string): string {
  const [la, lb] = [lines(a), lines(b)];
  const out: string[] = [];
  const show = (mark: string, list: string[], at: number, all: string[], text: string) =>
    list.forEach((l, k) => {
      out.push(`${mark} ${l}`);
      if (at + k === all.length - 1 && !text.endsWith("\n")) out.push(NO_NEWLINE);
    });
  let i = 0;
  let j = 0;
  const parts = diffArrays(la, lb);
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p]!;
    if (!part.added && !part.removed) {
      i += part.value.length;
      j += part.value.length;
      continue;
    }
    const removed = part.removed ? part.value : [];
    const added = part.added ? part.value : parts[p + 1]?.added ? parts[++p]!.value : [];
    const cmd = !added.length ? "d" : !removed.length ? "a" : "c";
    const left = removed.length ? range(i + 1, i + removed.length) : `${i}`;
    const right = added.length ? range(j + 1, j + added.length) : `${j}`;
    out.push(`${left}${cmd}${right}`);
    show("<", removed, i, la, a);
    if (cmd === "c") out.push("---");
    show(">", added, j, lb, b);
    i += removed.length;
    j += added.length;
  }
  return out.length ? `${out.join("\n")}\n` : "";
}

function unifiedDiff(names: string[], texts: string[], mtimes: number[], context: number): string {
  const patch = structuredPatch(names[0]!, names[1]!, texts[0]!, texts[1]!, "", "", { context });
  if (patch.hunks.length === 0) return "";
  const stamp = (ms: number) => strftime("%Y-%m-%d %H:%M:%S.000000000 +0000", ms);
  const out = [`--- ${names[0]}\t${stamp(mtimes[0]!)}`, `+++ ${names[1]}\t${stamp(mtimes[1]!)}`];
  const r = (start: number, count: number) =>
    count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`;
  for (const h of patch.hunks)
    out.push(`@@ -${r(h.oldStart, h.oldLines)} +${r(h.newStart, h.newLines)} @@`, ...h.lines);
  return `${out.join("\n")}\n`;
}

/** One file to compare (standard input for "-", stamped with the simulated clock), or why not. */
async function readSide(
  ctx: CommandContext,
  name: string,
  nowMs: number,
): Promise<{ text: string; mtime: number } | Result | "dir"> {
  if (name === "-") return { text: decodeBytesToUtf8(ctx.stdin), mtime: nowMs };
  const path = ctx.fs.resolvePath(ctx.cwd, name);
  try {
    const st = await ctx.fs.stat(path);
    if (st.isDirectory) return "dir";
    return { text: await ctx.fs.readFile(path), mtime: st.mtime.getTime() };
  } catch {
    return { stdout: "", stderr: `diff: ${name}: No such file or directory\n`, exitCode: 2 };
  }
}

export function diffCommand(nowMs: number): Command {
  return defineCommand("diff", async (args, ctx) => {
    const d = parseDiffArgs(args);
    const orig = () =>
      ctx.origCommand
        ? ctx.origCommand(args)
        : Promise.resolve({ stdout: "", stderr: "diff: unavailable\n", exitCode: 2 });
    if (!d) return orig();
    const sides = await Promise.all(d.files.map((f) => readSide(ctx, f, nowMs)));
    if (sides.includes("dir")) return orig();
    const failed = sides.find((s): s is Result => typeof s === "object" && "exitCode" in s);
    if (failed) return failed;
    const [a, b] = sides as { text: string; mtime: number }[];
    if (a!.text === b!.text) return { stdout: "", stderr: "", exitCode: 0 };
    if (d.mode === "brief")
      return { stdout: `Files ${d.files[0]} and ${d.files[1]} differ\n`, stderr: "", exitCode: 1 };
    const stdout =
      d.mode === "unified"
        ? unifiedDiff(d.files, [a!.text, b!.text], [a!.mtime, b!.mtime], d.context)
        : normalDiff(a!.text, b!.text);
    return { stdout, stderr: "", exitCode: 1 };
  });
}
