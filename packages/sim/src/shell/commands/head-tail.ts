import { defineCommand, latin1FromBytes, unsafeBytesFromLatin1, bytesOutput, type Command } from "just-bash";
import type { CommandContext } from "just-bash";
import type { HostState } from "../../host-state";

/**
 * head and tail as GNU coreutils does them, byte for byte. just-bash's own treat `tail -c +N` as
 * "the last N bytes" and refuse `head -n -N` / `head -c -N`; analysts use all of these to cut a
 * log at an offset, so both commands are done here in full.
 */
type Name = "head" | "tail";

export interface Spec {
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

/**
 * Where line k (from 0) starts: after the k-th delimiter, or at the end when there are not that
 * many lines (a delimiter that ends the data starts no line). Looks at the first k lines only.
 */
function lineFromFront(data: Buffer, delimiter: number, k: number): number {
  let at = -1;
  for (let i = 0; i < k; i++) {
    at = data.indexOf(delimiter, at + 1);
    if (at < 0) return data.length;
  }
  return at + 1;
}

/** Where the c-th line from the end starts (the start when there are fewer lines). Looks at the last c lines only. */
function lineFromBack(data: Buffer, delimiter: number, c: number): number {
  if (c === 0) return data.length;
  // The delimiter that ends the data ends the last line; it starts none.
  let from = data[data.length - 1] === delimiter ? data.length - 2 : data.length - 1;
  for (let i = 0; i < c; i++) {
    // lastIndexOf counts a negative offset from the end: there is nothing before the start.
    const at = from < 0 ? -1 : data.lastIndexOf(delimiter, from);
    if (at < 0) return 0;
    if (i === c - 1) return at + 1;
    from = at - 1;
  }
  return 0;
}

/**
 * The part of a file's bytes that head or tail prints. Only the lines printed are looked at, so
 * `tail -n 20` of a 20 MB log finds the last 20 line ends, not all of them.
 */
export function cut(name: Name, spec: Spec, data: Buffer): Buffer {
  if (spec.unit === "bytes") {
    if (name === "head")
      return spec.relative
        ? data.subarray(0, Math.max(0, data.length - spec.count))
        : data.subarray(0, Math.min(spec.count, data.length));
    if (spec.relative) return data.subarray(Math.min(data.length, Math.max(0, spec.count - 1)));
    return data.subarray(Math.max(0, data.length - spec.count));
  }
  const d = spec.delimiter.charCodeAt(0);
  if (name === "head")
    return data.subarray(0, spec.relative ? lineFromBack(data, d, spec.count) : lineFromFront(data, d, spec.count));
  return data.subarray(
    spec.relative ? lineFromFront(data, d, Math.max(0, spec.count - 1)) : lineFromBack(data, d, spec.count),
  );
}

/**
 * A file's stored bytes, viewed, never copied: read through the host's filesystem, as just-bash's
 * wrapper of the command's filesystem copies every byte array it hands out (a big log is
 * megabytes, and only a part is printed). Only read here: cut returns a part, and only that part
 * is copied.
 */
const storedBytes = async (host: HostState, path: string) => {
  const bytes = await host.fs.readFileBuffer(path);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

async function readInput(
  host: HostState,
  ctx: CommandContext,
  name: Name,
  file: string,
): Promise<Buffer | { error: string }> {
  if (file === "-") return Buffer.from(latin1FromBytes(ctx.stdin), "latin1");
  const path = ctx.fs.resolvePath(ctx.cwd, file);
  try {
    if ((await ctx.fs.stat(path)).isDirectory) return { error: `${name}: error reading '${file}': Is a directory` };
    return await storedBytes(host, path);
  } catch {
    return { error: `${name}: cannot open '${file}' for reading: No such file or directory` };
  }
}

function headTail(host: HostState, name: Name): Command {
  return defineCommand(name, async (args, ctx) => {
    const spec = parse(name, args);
    if ("error" in spec) return { stdout: "", stderr: `${spec.error}\n`, exitCode: 1 };
    // tail -n 0 and -c 0 print nothing and succeed, as coreutils does: no headers, and no file is
    // opened (a missing one goes unreported). The simulated hosts never grow a file to follow.
    if (name === "tail" && !spec.relative && spec.count === 0) return { stdout: "", stderr: "", exitCode: 0 };
    const files = spec.files.length ? spec.files : ["-"];
    const headers = spec.headers === "always" || (spec.headers === "auto" && files.length > 1);
    let out = "";
    const errors: string[] = [];
    for (const [i, file] of files.entries()) {
      const data = await readInput(host, ctx, name, file);
      if (!Buffer.isBuffer(data)) {
        errors.push(data.error);
        continue;
      }
      if (headers) out += `${i > 0 && out ? "\n" : ""}==> ${file === "-" ? "standard input" : file} <==\n`;
      out += cut(name, spec, data).toString("latin1");
    }
    return {
      ...bytesOutput(unsafeBytesFromLatin1(out)),
      stderr: errors.map((e) => `${e}\n`).join(""),
      exitCode: errors.length ? 1 : 0,
    };
  });
}

export function headTailCommands(host: HostState): Command[] {
  return [headTail(host, "head"), headTail(host, "tail")];
}
