import {
  bytesOutput,
  defineCommand,
  latin1FromBytes,
  unsafeBytesFromLatin1,
  type Command,
  type CommandContext,
} from "just-bash";
import { fail } from "../args";

/**
 * Hex and octal dumps of a file's bytes, as an analyst inspects a suspicious binary or a file
 * with hidden characters: xxd (vim's, `xxd FILE` and `-l N`) and od (coreutils' `-c`, `-b`,
 * `-x`, `-t c/x1/o1/u1/x2`, `-A`, `-v`, `-N`, `-j`). Written here: just-bash has no xxd, and
 * its od spaces `-c` differently and ignores `-t x1`; any other od form still goes to it.
 */

type Read = { bytes: Buffer } | { error: string };

async function readInput(ctx: CommandContext, name: string | undefined, tool: string): Promise<Read> {
  if (name === undefined || name === "-") return { bytes: Buffer.from(latin1FromBytes(ctx.stdin), "latin1") };
  const path = ctx.fs.resolvePath(ctx.cwd, name);
  const st = await ctx.fs.stat(path).catch(() => null);
  if (!st) return { error: `${tool}: ${name}: No such file or directory` };
  if (st.isDirectory) return { error: `${tool}: ${name}: Is a directory` };
  const bytes = await ctx.fs.readFileBuffer(path);
  return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}

const bytesResult = (out: string) => ({ ...bytesOutput(unsafeBytesFromLatin1(out)), stderr: "", exitCode: 0 });

// xxd

const XXD_USAGE = `Usage:
       xxd [options] [infile [outfile]]
    or
       xxd -r [-s [-]offset] [-c cols] [-ps] [infile [outfile]]
Options:
    -a          toggle autoskip: A single '*' replaces nul-lines. Default off.
    -b          binary digit dump (incompatible with -ps,-i,-r). Default hex.
    -C          capitalize variable names in C include file style (-i).
    -c cols     format <cols> octets per line. Default 16 (-i: 12, -ps: 30).
    -E          show characters in EBCDIC. Default ASCII.
    -e          little-endian dump (incompatible with -ps,-i,-r).
    -g bytes    number of octets per group in normal output. Default 2 (-e: 4).
    -h          print this summary.
    -i          output in C include file style.
    -l len      stop after <len> octets.
    -n name     set the variable name used in C include output (-i).
    -o off      add <off> to the displayed file position.
    -ps         output in postscript plain hexdump style.
    -r          reverse operation: convert (or patch) hexdump into binary.
    -r -s off   revert with <off> added to file positions found in hexdump.
    -d          show offset in decimal instead of hex.
    -s [+][-]seek  start at <seek> bytes abs. (or +: rel.) infile offset.
    -u          use upper case hex letters.
    -v          show version: "xxd 2022-01-14 by Juergen Weigert et al.".
`;

/** xxd's default layout: offset, eight 2-byte groups, the printable ASCII beside them. */
export function xxdDump(bytes: Buffer): string {
  const out: string[] = [];
  for (let at = 0; at < bytes.length; at += 16) {
    const row = bytes.subarray(at, at + 16);
    let hex = "";
    let ascii = "";
    for (let i = 0; i < row.length; i++) {
      hex += row[i]!.toString(16).padStart(2, "0") + (i % 2 === 1 && i < 15 ? " " : "");
      ascii += row[i]! >= 0x20 && row[i]! <= 0x7e ? String.fromCharCode(row[i]!) : ".";
    }
    out.push(`${at.toString(16).padStart(8, "0")}: ${hex.padEnd(39)}  ${ascii}\n`);
  }
  return out.join("");
}

export function xxdCommand(): Command {
  return defineCommand("xxd", async (args, ctx) => {
    let limit = Infinity;
    const files: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      const len = /^-(?:l|len)(\d*)$/.exec(a);
      if (len) {
        const value = len[1] || args[++i];
        // xxd reads the number with strtol: no digits is 0.
        limit = Number(/^\d+/.exec(value ?? "")?.[0] ?? 0);
      } else if (a.startsWith("-") && a !== "-") return fail(XXD_USAGE.trimEnd(), 1);
      else files.push(a);
    }
    if (files.length > 1) return fail("xxd: writing to an output file is not allowed here", 1);
    const read = await readInput(ctx, files[0], "xxd");
    if ("error" in read) return fail(read.error, 2);
    return bytesResult(xxdDump(read.bytes.subarray(0, Math.min(read.bytes.length, limit))));
  });
}

// od

const OD_ESCAPES: Record<number, string> = {
  0: "\\0",
  7: "\\a",
  8: "\\b",
  9: "\\t",
  10: "\\n",
  11: "\\v",
  12: "\\f",
  13: "\\r",
};

/** One field of a line per type: its text for the bytes at `i`, and how many bytes it takes. */
interface OdType {
  size: number;
  field(b: Buffer, i: number): string;
}

export const OD_TYPES: Record<string, OdType> = {
  c: {
    size: 1,
    field: (b, i) => {
      const v = b[i]!;
      const shown = OD_ESCAPES[v] ?? (v >= 0x20 && v <= 0x7e ? String.fromCharCode(v) : v.toString(8).padStart(3, "0"));
      return shown.padStart(4);
    },
  },
  o1: { size: 1, field: (b, i) => ` ${b[i]!.toString(8).padStart(3, "0")}` },
  x1: { size: 1, field: (b, i) => ` ${b[i]!.toString(16).padStart(2, "0")}` },
  u1: { size: 1, field: (b, i) => ` ${String(b[i]!).padStart(3)}` },
  x2: { size: 2, field: (b, i) => ` ${((b[i + 1] ?? 0) * 256 + b[i]!).toString(16).padStart(4, "0")}` },
};

const TYPE_ALIASES: Record<string, string> = {
  c: "c",
  x1: "x1",
  xC: "x1",
  o1: "o1",
  oC: "o1",
  u1: "u1",
  uC: "u1",
  x2: "x2",
  xS: "x2",
};
const RADIX: Record<string, number | null> = { o: 8, x: 16, d: 10, n: null };

interface OdOptions {
  type: OdType;
  radix: number | null;
  verbose: boolean;
  skip: number;
  count: number;
  files: string[];
}

/** od's options this dump handles, or null for any other (just-bash's od answers). */
function parseOd(args: string[]): OdOptions | null {
  const o: OdOptions = { type: OD_TYPES.o1!, radix: 8, verbose: false, skip: 0, count: Infinity, files: [] };
  let typed = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const m = /^-([AtjN])(.*)$/.exec(a);
    if (m) {
      const value = m[2] || args[++i];
      if (value === undefined) return null;
      if (m[1] === "A") {
        if (!(value in RADIX)) return null;
        o.radix = RADIX[value]!;
      } else if (m[1] === "t") {
        const type = OD_TYPES[TYPE_ALIASES[value] ?? ""];
        if (!type || typed) return null;
        [o.type, typed] = [type, true];
      } else if (!/^\d+$/.test(value)) return null;
      else if (m[1] === "j") o.skip = Number(value);
      else o.count = Number(value);
    } else if (/^-[cbxv]+$/.test(a)) {
      for (const f of a.slice(1)) {
        if (f === "v") o.verbose = true;
        else if (typed) return null;
        else [o.type, typed] = [OD_TYPES[{ c: "c", b: "o1", x: "x2" }[f]!]!, true];
      }
    } else if (a.startsWith("-") && a !== "-") return null;
    else o.files.push(a);
  }
  // Without a type od dumps 2-byte octal words, which this dump does not draw.
  return typed && o.files.length <= 1 ? o : null;
}

/** od's lines: 16 bytes each, a repeat of the line before as one `*` (unless -v), then the end offset. */
export function odDump(bytes: Buffer, o: Pick<OdOptions, "type" | "radix" | "verbose" | "skip">): string {
  // coreutils' address widths: 7 octal or decimal digits, 6 hex.
  const offset = (n: number) => (o.radix === null ? "" : n.toString(o.radix).padStart(o.radix === 16 ? 6 : 7, "0"));
  const out: string[] = [];
  let previous: string | undefined;
  let starred = false;
  for (let at = 0; at < bytes.length; at += 16) {
    const row = bytes.subarray(at, at + 16);
    let fields = "";
    for (let i = 0; i < row.length; i += o.type.size) fields += o.type.field(row, i);
    if (!o.verbose && row.length === 16 && fields === previous) {
      if (!starred) out.push("*\n");
      starred = true;
      continue;
    }
    [previous, starred] = [fields, false];
    out.push(`${offset(o.skip + at)}${fields}\n`);
  }
  if (o.radix !== null) out.push(`${offset(o.skip + bytes.length)}\n`);
  return out.join("");
}

export function odCommand(): Command {
  return defineCommand("od", async (args, ctx) => {
    const o = parseOd(args);
    if (!o) return ctx.origCommand ? ctx.origCommand(args) : fail("od: unavailable");
    const read = await readInput(ctx, o.files[0], "od");
    if ("error" in read) return fail(read.error, 1);
    const end = Math.min(read.bytes.length, o.skip + o.count);
    return bytesResult(odDump(read.bytes.subarray(Math.min(o.skip, end), end), o));
  });
}
