import { bytesOutput, defineCommand, latin1FromBytes, unsafeBytesFromLatin1, type Command } from "just-bash";
import type { CommandContext } from "just-bash";
import { fileBytes } from "../byte-output";
import {
  bytes,
  compareValues,
  keyText,
  keyValue,
  orderingFrom,
  parseKey,
  type Key,
  type KeyValue,
  type Ordering,
} from "./sort-keys";

/**
 * sort as GNU coreutils sorts in the C locale. just-bash's collates with localeCompare (so "B"
 * sorts after "a", and punctuation is ignored) and splits fields differently, which reorders the
 * `sort | uniq -c | sort -rn` pipelines analysts rank evidence with.
 */
interface SortOptions {
  global: Ordering;
  blanks: boolean;
  keyDefs: string[];
  tab?: string;
  unique: boolean;
  stable: boolean;
  check: "" | "c" | "C";
  output?: string;
  zero: boolean;
  files: string[];
}

const ORDER_FLAGS = "bdfghiMnrV";
const LONG_FLAGS: Record<string, string> = {
  "ignore-leading-blanks": "b",
  "dictionary-order": "d",
  "ignore-case": "f",
  "general-numeric-sort": "g",
  "human-numeric-sort": "h",
  "ignore-nonprinting": "i",
  "month-sort": "M",
  "numeric-sort": "n",
  reverse: "r",
  "version-sort": "V",
  unique: "u",
  stable: "s",
  check: "c",
  "zero-terminated": "z",
  merge: "m",
};
const LONG_VALUES: Record<string, string> = {
  key: "k",
  "field-separator": "t",
  output: "o",
  "buffer-size": "S",
  "temporary-directory": "T",
  parallel: "P",
};

const usage = (what: string) => ({ error: `sort: ${what}\nTry 'sort --help' for more information.` });

function applyLetter(o: SortOptions, ch: string): void {
  if (ch === "b") o.blanks = true;
  if (ch === "u") o.unique = true;
  if (ch === "s") o.stable = true;
  if (ch === "c" || ch === "C") o.check = ch;
  if (ch === "z") o.zero = true;
  Object.assign(o.global, Object.fromEntries(Object.entries(orderingFrom(ch)).filter(([, v]) => v)));
}

function applyValue(o: SortOptions, ch: string, value: string): { error: string } | undefined {
  if (ch === "k") o.keyDefs.push(value);
  if (ch === "o") o.output = value;
  if (ch === "t") {
    if (value.length !== 1) return { error: `sort: multi-character tab ‘${value}’` };
    o.tab = value;
  }
  return undefined;
}

type Step = { error: string } | { usedNext: boolean };

/** `--numeric-sort`, `--key=2,2`, `--key 2,2`… */
function parseLong(o: SortOptions, a: string, next: string | undefined): Step {
  const eq = a.indexOf("=");
  const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
  if (LONG_FLAGS[name]) {
    applyLetter(o, LONG_FLAGS[name]!);
    return { usedNext: false };
  }
  if (!LONG_VALUES[name]) return usage(`unrecognized option '${a}'`);
  return applyValue(o, LONG_VALUES[name]!, eq >= 0 ? a.slice(eq + 1) : (next ?? "")) ?? { usedNext: eq < 0 };
}

/** `-rn`, `-k2,2`, `-t :`: letters until one takes the rest of the word (or the next word) as value. */
function parseShort(o: SortOptions, a: string, next: string | undefined): Step {
  for (let j = 1; j < a.length; j++) {
    const ch = a[j]!;
    if ("ktoST".includes(ch)) {
      const value = a.slice(j + 1) || next;
      if (value === undefined) return usage(`option requires an argument -- '${ch}'`);
      return applyValue(o, ch, value) ?? { usedNext: !a.slice(j + 1) };
    }
    if (!`${ORDER_FLAGS}usczCmR`.includes(ch)) return usage(`invalid option -- '${ch}'`);
    applyLetter(o, ch);
  }
  return { usedNext: false };
}

function parseSort(args: string[]): SortOptions | { error: string } {
  const o: SortOptions = {
    global: {},
    blanks: false,
    keyDefs: [],
    unique: false,
    stable: false,
    check: "",
    zero: false,
    files: [],
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      o.files.push(...args.slice(i + 1));
      break;
    }
    if (!a.startsWith("-") || a === "-") {
      o.files.push(a);
      continue;
    }
    const step = a.startsWith("--") ? parseLong(o, a, args[i + 1]) : parseShort(o, a, args[i + 1]);
    if ("error" in step) return step;
    if (step.usedNext) i++;
  }
  return o;
}

/** A line with its keys' values, computed once before sorting. */
interface Decorated {
  line: string;
  values: KeyValue[];
}

const decorate =
  (o: SortOptions, keys: Key[]) =>
  (line: string): Decorated => ({
    line,
    values: keys.map((k) => keyValue(keyText(line, k, o.tab), k.order)),
  });

function comparator(o: SortOptions, keys: Key[]): (a: Decorated, b: Decorated) => number {
  return (a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const d = compareValues(a.values[i]!, b.values[i]!, k.order);
      if (d) return k.order.reverse ? -d : d;
    }
    if (o.stable || o.unique) return 0;
    // GNU's last resort: the whole lines, byte by byte, reversed too by a global -r.
    return o.global.reverse ? -bytes(a.line, b.line) : bytes(a.line, b.line);
  };
}

async function readAll(ctx: CommandContext, files: string[]): Promise<string | { error: string }> {
  let data = "";
  for (const f of files.length ? files : ["-"]) {
    if (f === "-") data += latin1FromBytes(ctx.stdin);
    else {
      const path = ctx.fs.resolvePath(ctx.cwd, f);
      const bytes = await fileBytes(ctx.fs, path).catch(() => undefined);
      if (bytes === undefined) return { error: `sort: cannot read: ${f}: No such file or directory` };
      data += bytes;
    }
    if (data && !/[\n\0]$/.test(data)) data += "\n";
  }
  return data;
}

/** GNU sort's complaint about a -k it cannot read (C.UTF-8 quotes). */
function keySpecError(def: string): string {
  if (/^0/.test(def)) return `sort: field number is zero: invalid field specification ‘${def}’`;
  return `sort: invalid number at field start: invalid count at start of ‘${def}’`;
}

function unique(lines: Decorated[], cmp: (a: Decorated, b: Decorated) => number): Decorated[] {
  return lines.filter((l, i) => i === 0 || cmp(lines[i - 1]!, l) !== 0);
}

export function sortCommand(): Command {
  return defineCommand("sort", async (args, ctx) => {
    const o = parseSort(args);
    if ("error" in o) return { stdout: "", stderr: `${o.error}\n`, exitCode: 2 };
    const defs = o.keyDefs.length ? o.keyDefs : ["1"];
    const keys = defs.map((d) => parseKey(d, o.global, o.blanks));
    const bad = defs.find((_, i) => !keys[i]);
    if (bad !== undefined) return { stdout: "", stderr: `${keySpecError(bad)}\n`, exitCode: 2 };
    const data = await readAll(ctx, o.files);
    if (typeof data !== "string") return { stdout: "", stderr: `${data.error}\n`, exitCode: 2 };
    const sep = o.zero ? "\0" : "\n";
    const raw = data ? data.slice(0, -1).split(sep) : [];
    if (isPlainByteSort(o)) {
      // Whole lines by byte, the engine's own string order: no comparator call per comparison.
      raw.sort();
      if (o.global.reverse) raw.reverse();
      const out = (o.unique ? raw.filter((l, i) => i === 0 || l !== raw[i - 1]) : raw)
        .map((l) => `${l}${sep}`)
        .join("");
      return writeSorted(ctx, o, out);
    }
    const lines = raw.map(decorate(o, keys as Key[]));
    const cmp = comparator(o, keys as Key[]);
    if (o.check) return checkSorted(lines, cmp, o);
    const sorted = lines.sort(cmp);
    const out = (o.unique ? unique(sorted, cmp) : sorted).map((l) => `${l.line}${sep}`).join("");
    return writeSorted(ctx, o, out);
  });
}

/** No keys and no ordering but -r: the lines compare as byte strings. */
function isPlainByteSort(o: SortOptions): boolean {
  return !o.keyDefs.length && !o.check && !o.blanks && !Object.entries(o.global).some(([k, v]) => v && k !== "reverse");
}

async function writeSorted(ctx: CommandContext, o: SortOptions, out: string) {
  if (o.output) {
    await ctx.fs.writeFile(ctx.fs.resolvePath(ctx.cwd, o.output), Buffer.from(out, "latin1"));
    return { stdout: "", stderr: "", exitCode: 0 };
  }
  return { ...bytesOutput(unsafeBytesFromLatin1(out)), stderr: "", exitCode: 0 };
}

function checkSorted(lines: Decorated[], cmp: (a: Decorated, b: Decorated) => number, o: SortOptions) {
  for (let i = 1; i < lines.length; i++) {
    const d = cmp(lines[i - 1]!, lines[i]!);
    if (d > 0 || (o.unique && d === 0)) {
      const where = `${o.files[0] ?? "-"}:${i + 1}: disorder: ${Buffer.from(lines[i]!.line, "latin1").toString("utf8")}`;
      return { stdout: "", stderr: o.check === "C" ? "" : `sort: ${where}\n`, exitCode: 1 };
    }
  }
  return { stdout: "", stderr: "", exitCode: 0 };
}
