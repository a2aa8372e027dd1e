import { defineCommand, latin1FromBytes, unsafeBytesFromLatin1, bytesOutput, type Command } from "just-bash";
import type { CommandContext } from "just-bash";

/**
 * head and tail as GNU coreutils does them, byte for byte. just-bash's own treat `tail -c +N` as
 * "the last N bytes" and refuse `head -n -N` / `head -c -N`; analysts use all of these to cut a
 * log at an offset, so both commands are done here in full.
 */
type Name = "head" | "tail";

interface Spec {
  unit: "lines" | "bytes";
  count: number;
  /** tail +N / -n +N: from the Nth line or byte. head -N: all but the last N. */
  relative: boolean;
  headers: "auto" | "always" | "never";
  delimiter: string;
  files: string[];
}

type Parsed = Spec | { error: string };

const MULTIPLIERS: Record<string, number> = {
  "": 1,
  b: 512,
  kB: 1000,
  K: 1024,
  KiB: 1024,
  MB: 1000 ** 2,
  M: 1024 ** 2,
  MiB: 1024 ** 2,
  GB: 1000 ** 3,
  G: 1024 ** 3,
  GiB: 1024 ** 3,
};

/** A count with its sign (+N for tail, -N for head) and GNU's size suffixes (K, M, kB…). */
function readCount(name: Name, unit: Spec["unit"], text: string): { count: number; relative: boolean } | string {
  const m = /^([+-]?)(\d+)([A-Za-z]*)$/.exec(text);
  const mult = m ? MULTIPLIERS[m[3]!] : undefined;
  if (!m || mult === undefined) return `${name}: invalid number of ${unit}: ‘${text}’`;
  const relative = name === "tail" ? m[1] === "+" : m[1] === "-";
  return { count: Number(m[2]) * mult, relative };
}

const usage = (name: Name, what: string) => `${name}: ${what}\nTry '${name} --help' for more information.`;

/** The option letters and long names each command takes (coreutils 9.1). */
const LONG: Record<string, Spec["unit"] | "flag"> = {
  lines: "lines",
  bytes: "bytes",
  quiet: "flag",
  silent: "flag",
  verbose: "flag",
  "zero-terminated": "flag",
  follow: "flag",
  retry: "flag",
};

function applyFlag(spec: Spec, flag: string): void {
  if (flag === "q" || flag === "quiet" || flag === "silent") spec.headers = "never";
  if (flag === "v" || flag === "verbose") spec.headers = "always";
  if (flag === "z" || flag === "zero-terminated") spec.delimiter = "\0";
}

function setCount(name: Name, spec: Spec, unit: Spec["unit"], text: string | undefined): string | undefined {
  if (text === undefined) return usage(name, `option requires an argument -- '${unit === "lines" ? "n" : "c"}'`);
  const c = readCount(name, unit, text);
  if (typeof c === "string") return c;
  Object.assign(spec, { unit, ...c });
  return undefined;
}

/** `--lines=5`, `--bytes 100`, `--quiet`… */
function parseLong(name: Name, spec: Spec, a: string, next: string | undefined): { used: boolean } | string {
  const eq = a.indexOf("=");
  const long = eq >= 0 ? a.slice(2, eq) : a.slice(2);
  const kind = LONG[long];
  if (!kind || (name === "head" && ["follow", "retry"].includes(long)))
    return usage(name, `unrecognized option '${a}'`);
  if (kind === "flag") {
    applyFlag(spec, long);
    return { used: false };
  }
  const err = setCount(name, spec, kind, eq >= 0 ? a.slice(eq + 1) : next);
  return err ?? { used: eq < 0 };
}

function parse(name: Name, args: string[]): Parsed {
  const spec: Spec = { unit: "lines", count: 10, relative: false, headers: "auto", delimiter: "\n", files: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    let err: string | undefined;
    // Obsolete forms still in daily use: head -5, tail -5, tail +5 (as the first word).
    if (/^-\d+$/.test(a) || (name === "tail" && i === 0 && /^\+\d+$/.test(a) && args.length <= 2))
      err = setCount(name, spec, "lines", a.replace(/^-/, ""));
    else if (a === "--") {
      spec.files.push(...args.slice(i + 1));
      break;
    } else if (a.startsWith("--")) {
      const r = parseLong(name, spec, a, args[i + 1]);
      if (typeof r === "string") err = r;
      else if (r.used) i++;
    } else if (a.startsWith("-") && a.length > 1) {
      const r = parseCluster(name, spec, a, args, i, name === "head" ? "qvz" : "qvzfF");
      if (typeof r === "string") err = r;
      else i = r;
    } else spec.files.push(a);
    if (err) return { error: err };
  }
  return spec;
}

/** `-n5`, `-qn 5`, `-c+3`: flags until n or c takes the rest of the word, or the next word. */
function parseCluster(name: Name, spec: Spec, a: string, args: string[], i: number, flags: string): number | string {
  for (let j = 1; j < a.length; j++) {
    const ch = a[j]!;
    if (ch === "n" || ch === "c") {
      const inline = a.slice(j + 1);
      const err = setCount(name, spec, ch === "n" ? "lines" : "bytes", inline || args[i + 1]);
      if (err) return err;
      return inline ? i : i + 1;
    }
    if (!flags.includes(ch)) return usage(name, `invalid option -- '${ch}'`);
    applyFlag(spec, ch);
  }
  return i;
}

/** The part of a file's bytes (a latin1 string) that head or tail prints. */
function cut(name: Name, spec: Spec, data: string): string {
  if (spec.unit === "bytes") {
    if (name === "head")
      return spec.relative ? data.slice(0, Math.max(0, data.length - spec.count)) : data.slice(0, spec.count);
    return spec.relative ? data.slice(Math.max(0, spec.count - 1)) : spec.count === 0 ? "" : data.slice(-spec.count);
  }
  const d = spec.delimiter;
  // Offsets just after each delimiter: line k (0-based) starts at starts[k].
  const starts = [0];
  for (let at = data.indexOf(d); at >= 0 && at + 1 < data.length; at = data.indexOf(d, at + 1)) starts.push(at + 1);
  const lines = data.length === 0 ? 0 : starts.length;
  const from = (k: number) => (k >= lines ? data.length : starts[k]!);
  if (name === "head") return data.slice(0, from(spec.relative ? Math.max(0, lines - spec.count) : spec.count));
  return data.slice(from(spec.relative ? Math.max(0, spec.count - 1) : Math.max(0, lines - spec.count)));
}

async function readInput(ctx: CommandContext, name: Name, file: string): Promise<string | { error: string }> {
  if (file === "-") return latin1FromBytes(ctx.stdin);
  const path = ctx.fs.resolvePath(ctx.cwd, file);
  try {
    if ((await ctx.fs.stat(path)).isDirectory) return { error: `${name}: error reading '${file}': Is a directory` };
    return Buffer.from(await ctx.fs.readFileBuffer(path)).toString("latin1");
  } catch {
    return { error: `${name}: cannot open '${file}' for reading: No such file or directory` };
  }
}

function headTail(name: Name): Command {
  return defineCommand(name, async (args, ctx) => {
    const spec = parse(name, args);
    if ("error" in spec) return { stdout: "", stderr: `${spec.error}\n`, exitCode: 1 };
    const files = spec.files.length ? spec.files : ["-"];
    const headers = spec.headers === "always" || (spec.headers === "auto" && files.length > 1);
    let out = "";
    const errors: string[] = [];
    for (const [i, file] of files.entries()) {
      const data = await readInput(ctx, name, file);
      if (typeof data !== "string") {
        errors.push(data.error);
        continue;
      }
      if (headers) out += `${i > 0 && out ? "\n" : ""}==> ${file === "-" ? "standard input" : file} <==\n`;
      out += cut(name, spec, data);
    }
    return {
      ...bytesOutput(unsafeBytesFromLatin1(out)),
      stderr: errors.map((e) => `${e}\n`).join(""),
      exitCode: errors.length ? 1 : 0,
    };
  });
}

export function headTailCommands(): Command[] {
  return [headTail("head"), headTail("tail")];
}
