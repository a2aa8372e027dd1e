import { formatPrintf, type FormatArgs } from "./format";
import { LimitReached, Unsupported } from "./lexer";
import type { Expr, LValue, Program, Stmt } from "./parser";
import { RegexCache } from "./regex";
import { fromInput, isNumeric, numberToString, toBool, toNum, type Value } from "./values";

/**
 * Runs a parsed awk program over records. The tree is compiled once into closures (no source
 * text is ever evaluated as JavaScript), so a record costs a few function calls instead of the
 * per-record promises of just-bash's interpreter.
 */
type Get = () => Value;
type Put = (v: Value) => Value;
/** A statement's outcome: carry on, or unwind to the loop, the record loop or the end. */
type Exec = () => number;
const NORMAL = 0;
const BREAK = 1;
const CONTINUE = 2;
const NEXT = 3;
const EXIT = 4;

export interface RunLimits {
  /** Iterations of one while/for/do loop. */
  maxLoopIterations: number;
  /** Elements of all arrays together. */
  maxArrayElements: number;
  /** performance.now() past which the run stops with PastDeadline. */
  deadline: number;
  maxOutputChars: number;
}

/** The run passed its deadline; just-bash's awk is held to the same (see just-bash-patch.test.ts). */
export class PastDeadline extends Error {}

/** Work between two looks at the clock, in loop iterations or the like (see charge). */
const WORK_BETWEEN_CLOCKS = 4096;
/** Characters of string work counted as one loop iteration. */
const CHARS_PER_WORK = 256;

type LoopKind = "while" | "do-while" | "for";

export interface Input {
  name: string;
  text: string;
}

const asciiLower = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
const asciiUpper = (s: string) => s.replace(/[a-z]+/g, (m) => m.toUpperCase());

/** Fields split on runs of blanks and newlines, ignoring them at both ends (FS = " "). */
function splitDefault(s: string): string[] {
  // Single spaces only (most log lines): the native split, several times faster than the scan below.
  if (s.indexOf("  ") < 0 && s.indexOf("\t") < 0 && s.indexOf("\n") < 0) {
    const from = s.charCodeAt(0) === 32 ? 1 : 0;
    const to = s.charCodeAt(s.length - 1) === 32 ? s.length - 1 : s.length;
    return to > from ? (from === 0 && to === s.length ? s : s.slice(from, to)).split(" ") : [];
  }
  const out: string[] = [];
  const n = s.length;
  let i = 0;
  while (i < n) {
    let c = s.charCodeAt(i);
    while (i < n && (c === 32 || c === 9 || c === 10)) c = s.charCodeAt(++i);
    if (i >= n) break;
    const start = i;
    while (i < n && c !== 32 && c !== 9 && c !== 10) c = s.charCodeAt(++i);
    out.push(s.slice(start, i));
  }
  return out;
}

/** Field n (from 1) of a record under FS = " ", found without splitting the rest of the line. */
function nthDefaultField(s: string, n: number): string {
  const len = s.length;
  let i = 0;
  for (let field = 1; ; field++) {
    let c = s.charCodeAt(i);
    while (i < len && (c === 32 || c === 9 || c === 10)) c = s.charCodeAt(++i);
    if (i >= len) return "";
    const start = i;
    while (i < len && c !== 32 && c !== 9 && c !== 10) c = s.charCodeAt(++i);
    if (field === n) return s.slice(start, i);
  }
}

/** How a separator splits: a single space is awk's default, another single character is literal, longer is a regex. */
function splitterFor(sep: string, regexes: RegexCache): (s: string) => string[] {
  if (sep === " ") return splitDefault;
  if (sep === "") throw new Unsupported("empty FS");
  if (sep.length === 1) return (s) => (s === "" ? [] : s.split(sep));
  const re = regexes.get(sep);
  return (s) => (s === "" ? [] : s.split(re));
}

export class Runtime {
  private record = "";
  private fields: string[] | null = [];
  private nf = 0;
  private NR = 0;
  private FNR = 0;
  private FILENAME = "";
  private FS = " ";
  private OFS = " ";
  private ORS = "\n";
  private SUBSEP = "\x1c";
  private CONVFMT = "%.6g";
  private OFMT = "%.6g";
  private RSTART = 0;
  private RLENGTH = -1;
  private splitter: (s: string) => string[] = splitDefault;
  private readonly vars = new Map<string, Value>();
  private readonly arrays = new Map<string, Map<string, Value>>();
  private readonly regexes = new RegexCache();
  private readonly out: string[] = [];
  private outChars = 0;
  /**
   * Work so far, charged by loops, for-in and string builtins alike: nested short loops, and few
   * iterations over huge strings, must reach the clock too.
   */
  private work = 0;
  private nextClock = WORK_BETWEEN_CLOCKS;
  /** Elements of all arrays together, held to maxArrayElements as just-bash's awk holds them. */
  private elements = 0;
  exitCode = 0;

  constructor(private readonly limits: RunLimits) {}

  // Values

  private str(v: Value): string {
    if (typeof v === "string") return v;
    if (typeof v === "number") return numberToString(v, this.CONVFMT, this.sprintf);
    return v === undefined ? "" : v.s;
  }

  private outStr(v: Value): string {
    return typeof v === "number" ? numberToString(v, this.OFMT, this.sprintf) : this.str(v);
  }

  private readonly sprintf = (format: string, values: Value[]): string => {
    const args: FormatArgs = {
      count: values.length,
      num: (i) => this.num(values[i]),
      str: (i) => this.str(values[i]),
      isNumber: (i) => typeof values[i] === "number",
    };
    return formatPrintf(format, args);
  };

  private emit(text: string): void {
    this.chargeText(text);
    this.outChars += text.length;
    if (this.outChars > this.limits.maxOutputChars) throw new Unsupported("output limit");
    this.out.push(text);
  }

  output(): string {
    return this.out.join("");
  }

  // Records and fields

  setRecord(text: string): void {
    // Its split, and every regex asked of it, go over it all.
    this.record = this.chargeText(text);
    this.fields = null;
  }

  private split(): string[] {
    if (this.fields === null) {
      this.fields = this.splitter(this.record);
      this.nf = this.fields.length;
    }
    return this.fields;
  }

  private getField(n: number): Value {
    if (n === 0) return fromInput(this.record);
    // `{print $1}` over a long line: the one field, not all of them.
    // A field is scanned for a number as it is read.
    if (this.fields === null && this.splitter === splitDefault)
      return fromInput(this.chargeText(nthDefaultField(this.record, n)));
    const fields = this.split();
    return n <= fields.length ? fromInput(this.chargeText(fields[n - 1]!)) : "";
  }

  private setField(n: number, v: Value): void {
    if (n === 0) return this.setRecord(this.str(v));
    const fields = this.split();
    while (fields.length < n) fields.push("");
    fields[n - 1] = this.str(v);
    this.nf = fields.length;
    this.record = fields.join(this.OFS);
  }

  private setNF(n: number): void {
    const fields = this.split();
    if (n < 0 || !Number.isInteger(n)) throw new Unsupported("NF value");
    while (fields.length < n) fields.push("");
    fields.length = n;
    this.nf = n;
    this.record = fields.join(this.OFS);
  }

  private fieldIndex(v: Value): number {
    const n = Math.trunc(this.num(v));
    if (n < 0) throw new Unsupported("negative field");
    return n;
  }

  setVar(name: string, v: Value): void {
    this.setter({ k: "var", name })(v);
  }

  // Compilation of expressions

  private arr(name: string): Map<string, Value> {
    let a = this.arrays.get(name);
    if (!a) this.arrays.set(name, (a = new Map()));
    return a;
  }

  /** Sets a[k], counting a new element against the limit on all arrays. */
  private put(a: Map<string, Value>, k: string, v: Value): void {
    if (!a.has(k)) this.countElements(1);
    a.set(k, v);
  }

  private countElements(added: number): void {
    this.elements += added;
    const max = this.limits.maxArrayElements;
    if (this.elements > max) throw new LimitReached(`array element limit exceeded (${max})`);
  }

  private key(subs: Get[]): () => string {
    if (subs.length === 1) {
      const [s] = subs as [Get];
      return () => this.str(s());
    }
    return () => subs.map((s) => this.str(s())).join(this.SUBSEP);
  }

  private getter(name: string): Get {
    switch (name) {
      case "NR":
        return () => this.NR;
      case "FNR":
        return () => this.FNR;
      case "NF":
        return () => (this.split(), this.nf);
      case "FILENAME":
        return () => this.FILENAME;
      case "FS":
        return () => this.FS;
      case "OFS":
        return () => this.OFS;
      case "ORS":
        return () => this.ORS;
      case "SUBSEP":
        return () => this.SUBSEP;
      case "CONVFMT":
        return () => this.CONVFMT;
      case "OFMT":
        return () => this.OFMT;
      case "RSTART":
        return () => this.RSTART;
      case "RLENGTH":
        return () => this.RLENGTH;
      default:
        return () => this.vars.get(name);
    }
  }

  private setter(target: LValue): Put {
    if (target.k === "field") {
      const index = this.expr(target.e);
      return (v) => (this.setField(this.fieldIndex(index()), v), v);
    }
    if (target.k === "idx") {
      const key = this.key(target.subs.map((s) => this.expr(s)));
      const name = target.name;
      return (v) => (this.put(this.arr(name), key(), v), v);
    }
    const name = target.name;
    const special: Record<string, (v: Value) => void> = {
      NR: (v) => (this.NR = Math.trunc(this.num(v))),
      FNR: (v) => (this.FNR = Math.trunc(this.num(v))),
      NF: (v) => this.setNF(Math.trunc(this.num(v))),
      FILENAME: (v) => (this.FILENAME = this.str(v)),
      FS: (v) => {
        this.FS = this.str(v);
        this.splitter = splitterFor(this.FS, this.regexes);
      },
      OFS: (v) => (this.OFS = this.str(v)),
      ORS: (v) => (this.ORS = this.str(v)),
      SUBSEP: (v) => (this.SUBSEP = this.str(v)),
      CONVFMT: (v) => (this.CONVFMT = this.str(v)),
      OFMT: (v) => (this.OFMT = this.str(v)),
      RSTART: (v) => (this.RSTART = this.num(v)),
      RLENGTH: (v) => (this.RLENGTH = this.num(v)),
    };
    const set = special[name];
    if (set) return (v) => (set(v), v);
    return (v) => (this.vars.set(name, v), v);
  }

  private lvalueGetter(target: LValue): Get {
    if (target.k === "var") return this.getter(target.name);
    if (target.k === "field") {
      const index = this.expr(target.e);
      return () => this.getField(this.fieldIndex(index()));
    }
    const key = this.key(target.subs.map((s) => this.expr(s)));
    const name = target.name;
    return () => {
      // Referring to an element creates it, as in awk (`if (a[k] == "")` then `k in a`).
      const a = this.arr(name);
      const k = key();
      if (!a.has(k)) this.put(a, k, undefined);
      return a.get(k);
    };
  }

  /** A regex operand: a literal is compiled once, anything else is a dynamic regex. */
  private regexOf(e: Expr, flags = ""): () => RegExp {
    if (e.k === "re") {
      const re = this.regexes.get(e.src, flags);
      return () => re;
    }
    const src = this.expr(e);
    return () => this.regexes.get(this.str(src()), flags);
  }

  private compare(op: string, a: Value, b: Value): boolean {
    let x: number | string;
    let y: number | string;
    if (isNumeric(a) && isNumeric(b)) [x, y] = [this.num(a), this.num(b)];
    else [x, y] = [this.chargeText(this.str(a)), this.chargeText(this.str(b))];
    switch (op) {
      case "<":
        return x < y;
      case "<=":
        return x <= y;
      case ">":
        return x > y;
      case ">=":
        return x >= y;
      case "==":
        return x === y;
      default:
        return x !== y;
    }
  }

  private arith(op: string, a: number, b: number): number {
    switch (op) {
      case "+":
        return a + b;
      case "-":
        return a - b;
      case "*":
        return a * b;
      case "/":
        if (b === 0) throw new Unsupported("division by zero");
        return a / b;
      case "%":
        if (b === 0) throw new Unsupported("division by zero");
        return a % b;
      default:
        return Math.pow(a, b);
    }
  }

  expr(e: Expr): Get {
    switch (e.k) {
      case "num":
      case "str": {
        const v = e.v;
        return () => v;
      }
      case "re": {
        const re = this.regexes.get(e.src);
        return () => (re.test(this.chargeText(this.record)) ? 1 : 0);
      }
      case "var":
      case "idx":
      case "field":
        return this.lvalueGetter(e);
      case "assign":
        return this.assignment(e.op, e.target, this.expr(e.e));
      case "cond": {
        const [c, a, b] = [this.expr(e.c), this.expr(e.a), this.expr(e.b)];
        return () => (toBool(c()) ? a() : b());
      }
      case "and": {
        const [a, b] = [this.expr(e.a), this.expr(e.b)];
        return () => (toBool(a()) && toBool(b()) ? 1 : 0);
      }
      case "or": {
        const [a, b] = [this.expr(e.a), this.expr(e.b)];
        return () => (toBool(a()) || toBool(b()) ? 1 : 0);
      }
      case "in": {
        const key = this.key(e.subs.map((s) => this.expr(s)));
        const name = e.name;
        return () => (this.arr(name).has(key()) ? 1 : 0);
      }
      case "match": {
        const [a, re, neg] = [this.expr(e.a), this.regexOf(e.re), e.neg];
        return () => (re().test(this.chargeText(this.str(a()))) !== neg ? 1 : 0);
      }
      case "cmp": {
        const [a, b, op] = [this.expr(e.a), this.expr(e.b), e.op];
        return () => (this.compare(op, a(), b()) ? 1 : 0);
      }
      case "cat": {
        const [a, b] = [this.expr(e.a), this.expr(e.b)];
        return () => this.chargeText(this.str(a()) + this.str(b()));
      }
      case "bin": {
        const [a, b, op] = [this.expr(e.a), this.expr(e.b), e.op];
        return () => this.arith(op, this.num(a()), this.num(b()));
      }
      case "unary": {
        const v = this.expr(e.e);
        if (e.op === "!") return () => (toBool(v()) ? 0 : 1);
        return e.op === "-" ? () => -this.num(v()) : () => this.num(v());
      }
      case "incdec": {
        const [get, set] = [this.lvalueGetter(e.target), this.setter(e.target)];
        const [delta, prefix] = [e.op === "++" ? 1 : -1, e.prefix];
        return () => {
          const old = this.num(get());
          set(old + delta);
          return prefix ? old + delta : old;
        };
      }
      case "call":
        return this.call(e.name, e.args);
    }
  }

  private assignment(op: string, target: LValue, value: Get): Get {
    const set = this.setter(target);
    if (op === "=") return () => set(value());
    const get = this.lvalueGetter(target);
    const arithOp = op.slice(0, 1);
    return () => {
      // awk evaluates the right side first: `x += x++` reads x after the increment.
      const v = this.num(value());
      return set(this.arith(arithOp, this.num(get()), v));
    };
  }

  // Builtins

  private call(name: string, argNodes: Expr[]): Get {
    if (name === "split") return this.splitCall(argNodes);
    if (name === "sub" || name === "gsub") return this.substitute(name === "gsub", argNodes);
    if (name === "length" && argNodes.length === 1 && argNodes[0]!.k === "var") {
      const v = argNodes[0].name;
      const get = this.getter(v);
      return () => (this.arrays.has(v) ? this.arrays.get(v)!.size : this.str(get()).length);
    }
    if (name === "match") {
      const [s, re] = [this.expr(argNodes[0] ?? { k: "str", v: "" }), this.regexOf(argNodes[1] ?? { k: "str", v: "" })];
      return () => {
        const m = re().exec(this.chargeText(this.str(s())));
        this.RSTART = m ? m.index + 1 : 0;
        this.RLENGTH = m ? m[0].length : -1;
        return this.RSTART;
      };
    }
    const args = argNodes.map((a) => this.expr(a));
    const arity: Record<string, [number, number]> = {
      length: [0, 1],
      substr: [2, 3],
      index: [2, 2],
      sprintf: [1, Infinity],
      atan2: [2, 2],
    };
    const [min, max] = arity[name] ?? [1, 1];
    if (args.length < min || args.length > max) throw new Unsupported(`${name} arity`);
    /** A string argument, its length charged: the builtins' work grows with it. */
    const s = (i: number) => this.chargeText(this.str(args[i]!()));
    const n = (i: number) => this.num(args[i]!());
    switch (name) {
      case "length":
        return args.length ? () => s(0).length : () => this.record.length;
      case "substr":
        return () => this.substr(s(0), n(1), args.length > 2 ? n(2) : undefined);
      case "index":
        return () => s(0).indexOf(s(1)) + 1;
      case "sprintf":
        return () =>
          this.sprintf(
            s(0),
            args.slice(1).map((a) => a()),
          );
      case "tolower":
        return () => asciiLower(s(0));
      case "toupper":
        return () => asciiUpper(s(0));
      case "int":
        return () => Math.trunc(n(0));
      case "atan2":
        return () => Math.atan2(n(0), n(1));
      default: {
        const f = { sqrt: Math.sqrt, exp: Math.exp, log: Math.log, sin: Math.sin, cos: Math.cos }[name];
        if (!f) throw new Unsupported(name);
        return () => f(n(0));
      }
    }
  }

  /** substr with whole-number arguments; mawk rounds fractional ones its own way. */
  private substr(s: string, m: number, len: number | undefined): string {
    if (!Number.isInteger(m) || (len !== undefined && !Number.isInteger(len))) throw new Unsupported("substr");
    const end = len === undefined ? s.length + 1 : m + len;
    const start = Math.max(m, 1);
    return end > start ? s.slice(start - 1, Math.min(end, s.length + 1) - 1) : "";
  }

  private splitCall(argNodes: Expr[]): Get {
    const [src, target, sep] = argNodes;
    if (!src || !target || target.k !== "var" || argNodes.length > 3) throw new Unsupported("split arguments");
    const s = this.expr(src);
    const name = target.name;
    let splitter: () => (text: string) => string[];
    if (!sep) splitter = () => this.splitter;
    else if (sep.k === "re") {
      const re = this.regexes.get(sep.src);
      splitter = () => (text) => (text === "" ? [] : text.split(re));
    } else {
      const value = this.expr(sep);
      splitter = () => splitterFor(this.str(value()), this.regexes);
    }
    return () => {
      const parts = splitter()(this.chargeText(this.str(s())));
      const a = this.arr(name);
      this.elements -= a.size;
      a.clear();
      this.countElements(parts.length);
      parts.forEach((p, i) => a.set(String(i + 1), fromInput(p)));
      return parts.length;
    };
  }

  private substitute(global: boolean, argNodes: Expr[]): Get {
    const [reNode, replNode, targetNode = { k: "field", e: { k: "num", v: 0 } } as LValue] = argNodes;
    if (!reNode || !replNode || argNodes.length > 3) throw new Unsupported("sub arguments");
    if (targetNode.k !== "var" && targetNode.k !== "idx" && targetNode.k !== "field")
      throw new Unsupported("sub target");
    const re = this.regexOf(reNode, global ? "g" : "");
    const repl = this.expr(replNode);
    const [get, set] = [this.lvalueGetter(targetNode), this.setter(targetNode)];
    return () => {
      const r = this.str(repl());
      let count = 0;
      const replaced = this.chargeText(this.str(get())).replace(re(), (m) => {
        count++;
        // & is the match, \& a literal &, \\ a backslash.
        return r.replace(/\\([&\\])|&/g, (x, escaped: string | undefined) => escaped ?? m);
      });
      if (count > 0) set(this.chargeText(replaced));
      return count;
    };
  }

  // Statements

  private block(stmts: Stmt[]): Exec {
    const body = stmts.map((s) => this.stmt(s));
    if (body.length === 1) return body[0]!;
    return () => {
      for (const s of body) {
        const r = s();
        if (r !== NORMAL) return r;
      }
      return NORMAL;
    };
  }

  private loop(kind: LoopKind, c: Get | undefined, body: Exec, step: Get | undefined): Exec {
    const { maxLoopIterations } = this.limits;
    const testFirst = kind !== "do-while";
    return () => {
      let n = 0;
      for (let first = true; ; first = false) {
        if ((testFirst || !first) && c && !toBool(c())) return NORMAL;
        if (++n > maxLoopIterations)
          throw new LimitReached(`awk: ${kind} loop exceeded maximum iterations (${maxLoopIterations})`);
        this.charge(1);
        const r = body();
        if (r === BREAK) return NORMAL;
        if (r !== NORMAL && r !== CONTINUE) return r;
        step?.();
      }
    };
  }

  /** A value as a number: a long string's scan is work like any other. */
  private num(v: Value): number {
    if (typeof v === "string") this.chargeText(v);
    return toNum(v);
  }

  /** Charges the work of going over `text`, and passes it on. */
  private chargeText(text: string): string {
    if (text.length >= CHARS_PER_WORK) this.charge(text.length / CHARS_PER_WORK);
    return text;
  }

  /** Counts `units` of work, and looks at the clock each WORK_BETWEEN_CLOCKS. */
  private charge(units: number): void {
    this.work += units;
    if (this.work < this.nextClock) return;
    this.nextClock = this.work + WORK_BETWEEN_CLOCKS;
    this.checkDeadline();
  }

  private checkDeadline(): void {
    if (performance.now() > this.limits.deadline) throw new PastDeadline();
  }

  private stmt(s: Stmt): Exec {
    switch (s.k) {
      case "print": {
        const args = s.args.map((a) => this.expr(a));
        if (args.length === 0) return () => (this.emit(this.record + this.ORS), NORMAL);
        if (args.length === 1) {
          const [a] = args as [Get];
          return () => (this.emit(this.outStr(a()) + this.ORS), NORMAL);
        }
        return () => (this.emit(args.map((a) => this.outStr(a())).join(this.OFS) + this.ORS), NORMAL);
      }
      case "printf": {
        const [format, ...rest] = s.args.map((a) => this.expr(a));
        return () => (
          this.emit(
            this.sprintf(
              this.str(format!()),
              rest.map((a) => a()),
            ),
          ),
          NORMAL
        );
      }
      case "expr": {
        const e = this.expr(s.e);
        return () => (e(), NORMAL);
      }
      case "if": {
        const [c, t] = [this.expr(s.c), this.stmt(s.t)];
        const f = s.f ? this.stmt(s.f) : () => NORMAL;
        return () => (toBool(c()) ? t() : f());
      }
      case "while":
        return this.loop("while", this.expr(s.c), this.stmt(s.body), undefined);
      case "do":
        return this.loop("do-while", this.expr(s.c), this.stmt(s.body), undefined);
      case "for": {
        const init = s.init ? this.expr(s.init) : undefined;
        const loop = this.loop(
          "for",
          s.c ? this.expr(s.c) : undefined,
          this.stmt(s.body),
          s.step ? this.expr(s.step) : undefined,
        );
        return () => (init?.(), loop());
      }
      case "forin": {
        const [body, set, name] = [this.stmt(s.body), this.setter({ k: "var", name: s.v }), s.arr];
        return () => {
          const keys = [...this.arr(name).keys()];
          this.charge(keys.length);
          for (const k of keys) {
            this.charge(1);
            set(k);
            const r = body();
            if (r === BREAK) break;
            if (r !== NORMAL && r !== CONTINUE) return r;
          }
          return NORMAL;
        };
      }
      case "block":
        return this.block(s.body);
      case "next":
        return () => NEXT;
      case "break":
        return () => BREAK;
      case "continue":
        return () => CONTINUE;
      case "exit": {
        const code = s.e ? this.expr(s.e) : undefined;
        return () => {
          if (code) this.exitCode = Math.trunc(this.num(code())) & 0xff;
          return EXIT;
        };
      }
      case "delete": {
        const name = s.name;
        const a = () => this.arr(name);
        if (!s.subs)
          return () => {
            const all = a();
            this.elements -= all.size;
            all.clear();
            return NORMAL;
          };
        const key = this.key(s.subs.map((x) => this.expr(x)));
        return () => (a().delete(key()) && this.elements--, NORMAL);
      }
    }
  }

  /** Runs BEGIN, every record of `inputs` (read only if a rule or END needs them), then END. */
  run(program: Program, inputs: () => Input[]): void {
    const begin = program.begin.map((b) => this.block(b));
    const end = program.end.map((b) => this.block(b));
    const rules = program.rules.map((r) => ({
      test: r.pattern ? this.expr(r.pattern) : undefined,
      body: r.body ? this.block(r.body) : () => (this.emit(this.record + this.ORS), NORMAL),
    }));
    // exit in BEGIN or in a rule skips the remaining input; END still runs, unless it exits itself.
    const exited = begin.some((b) => b() === EXIT);
    if (!exited && (rules.length > 0 || end.length > 0)) this.records(rules, inputs());
    for (const b of end) if (b() === EXIT) break;
  }

  /** Every record through the rules; true when a rule exited. */
  private records(rules: { test?: Get; body: Exec }[], inputs: Input[]): boolean {
    for (const input of inputs) {
      this.FILENAME = input.name;
      this.FNR = 0;
      const lines = input.text.split("\n");
      if (lines[lines.length - 1] === "") lines.pop();
      for (const line of lines) {
        this.NR++;
        this.FNR++;
        this.charge(1);
        this.setRecord(line);
        for (const rule of rules) {
          if (rule.test && !toBool(rule.test())) continue;
          const r = rule.body();
          if (r === NEXT) break;
          if (r === EXIT) return true;
        }
      }
    }
    return false;
  }
}
