import { Unsupported } from "./lexer";

/**
 * awk's values: numbers, strings, and "strnums" — input (fields, split() elements, -v values)
 * that looks numeric, which compares as a number but prints as typed. `undefined` is an
 * uninitialised variable: "" and 0 at once.
 */
export class StrNum {
  constructor(
    readonly s: string,
    readonly n: number,
  ) {}
}

export type Value = number | string | StrNum | undefined;

const NUMERIC = /^[ \t\n]*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?[ \t\n]*$/;
const LEADING_NUMBER = /^[ \t\n]*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/;
/** strtod, which mawk converts with, also reads hex, inf and nan: left to the full interpreter. */
const STRTOD_EXTRAS = /^[ \t\n]*[-+]?(?:0[xX]|[iInN])/;

/** Input text as awk holds it: a strnum when it looks like a number. */
export function fromInput(s: string): Value {
  return NUMERIC.test(s) ? new StrNum(s, Number(s)) : s;
}

/** The numeric value of a string: its leading number, or 0. */
export function stringToNumber(s: string): number {
  const m = LEADING_NUMBER.exec(s);
  if (m) return Number(m[1]);
  if (STRTOD_EXTRAS.test(s)) throw new Unsupported("strtod extension");
  return 0;
}

export function toNum(v: Value): number {
  if (typeof v === "number") return v;
  if (v === undefined) return 0;
  if (typeof v === "string") return stringToNumber(v);
  return v.n;
}

/** mawk prints an integral value as an integer only within a C int; beyond, through the format. */
const MAX_INT = 2147483647;

/** A number as text: integers as such, others through CONVFMT/OFMT (%.6g unless changed). */
export function numberToString(n: number, format: string, sprintf: (f: string, args: Value[]) => string): string {
  if (Number.isInteger(n) && Math.abs(n) <= MAX_INT) return n === 0 ? "0" : String(n);
  return sprintf(format, [n]);
}

export function toBool(v: Value): boolean {
  if (typeof v === "number") return v !== 0;
  if (v === undefined) return false;
  if (typeof v === "string") return v !== "";
  return v.n !== 0;
}

/** Whether a value compares as a number against another that does. */
export const isNumeric = (v: Value): boolean => typeof v === "number" || v instanceof StrNum || v === undefined;
