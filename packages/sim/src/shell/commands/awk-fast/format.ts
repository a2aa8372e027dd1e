import { LimitReached, MAX_PRINTF_WIDTH, Unsupported } from "./lexer";

/**
 * printf conversions as glibc's printf formats them (what mawk calls). Written here because
 * neither just-bash nor the project's dependencies export a C printf formatter.
 */
interface Spec {
  flags: string;
  width?: number;
  precision?: number;
  conv: string;
}

function pad(body: string, spec: Spec, numeric: boolean): string {
  const width = spec.width ?? 0;
  if (body.length >= width) return body;
  if (spec.flags.includes("-")) return body.padEnd(width);
  if (numeric && spec.flags.includes("0") && (spec.precision === undefined || !"dioxXu".includes(spec.conv))) {
    const sign = /^[-+ ]|^0[xX]/.exec(body)?.[0] ?? "";
    return sign + body.slice(sign.length).padStart(width - sign.length, "0");
  }
  return body.padStart(width);
}

const signOf = (n: number, flags: string) =>
  n < 0 || Object.is(n, -0) ? "-" : flags.includes("+") ? "+" : flags.includes(" ") ? " " : "";

/** C's exponent: at least two digits. */
const cExponent = (s: string) => s.replace(/e([+-])(\d)$/, "e$10$2");

function nonFinite(n: number, spec: Spec): string {
  if (Number.isNaN(n)) throw new Unsupported("nan output");
  const text = "inf";
  return signOf(n, spec.flags) + (spec.conv === spec.conv.toUpperCase() ? text.toUpperCase() : text);
}

/** %g: the shorter of %e and %f at `precision` significant digits, trailing zeros dropped. */
export function formatG(n: number, precision: number, alt = false): string {
  const p = precision === 0 ? 1 : precision;
  const exp = Number(
    Math.abs(n)
      .toExponential(p - 1)
      .split("e")[1],
  );
  let body: string;
  if (exp < -4 || exp >= p) {
    body = Math.abs(n).toExponential(p - 1);
    if (!alt) body = body.replace(/\.?0+e/, "e");
    body = cExponent(body);
  } else {
    body = Math.abs(n).toFixed(p - 1 - exp);
    if (!alt && body.includes(".")) body = body.replace(/\.?0+$/, "");
  }
  return body;
}

function formatFloat(n: number, spec: Spec): string {
  if (!Number.isFinite(n)) return pad(nonFinite(n, spec), spec, false);
  const precision = spec.precision ?? 6;
  const alt = spec.flags.includes("#");
  let body: string;
  const lower = spec.conv.toLowerCase();
  if (lower === "f") body = Math.abs(n).toFixed(precision);
  else if (lower === "e") body = cExponent(Math.abs(n).toExponential(precision));
  else body = formatG(n, precision, alt);
  if (alt && lower !== "g" && precision === 0 && !body.includes(".")) body = body.replace(/^(\d+)/, "$1.");
  if (spec.conv !== lower) body = body.toUpperCase();
  return pad(signOf(n, spec.flags) + body, spec, true);
}

function formatInteger(n: number, spec: Spec): string {
  if (!Number.isFinite(n)) return pad(nonFinite(n, spec), spec, false);
  const int = Math.trunc(n);
  if (Math.abs(int) > Number.MAX_SAFE_INTEGER) throw new Unsupported("integer beyond 2^53");
  const unsigned = "oxXu".includes(spec.conv);
  // mawk's unsigned conversions of a negative number are its own business.
  if (unsigned && int < 0) throw new Unsupported("negative unsigned conversion");
  const radix = spec.conv === "o" ? 8 : spec.conv === "x" || spec.conv === "X" ? 16 : 10;
  let digits = Math.abs(int).toString(radix);
  if (spec.conv === "X") digits = digits.toUpperCase();
  if (spec.precision !== undefined)
    digits = spec.precision === 0 && int === 0 ? "" : digits.padStart(spec.precision, "0");
  // Not signOf: the integer conversion of -0.5 is 0, printed without a sign.
  let prefix = unsigned ? "" : int < 0 ? "-" : signOf(1, spec.flags);
  if (spec.flags.includes("#") && int !== 0)
    prefix += spec.conv === "o" ? "0" : spec.conv === "x" ? "0x" : spec.conv === "X" ? "0X" : "";
  return pad(prefix + digits, spec, true);
}

/** Values for printf's arguments: the caller's conversions of awk values. */
export interface FormatArgs {
  count: number;
  num(i: number): number;
  str(i: number): string;
  /** Whether argument i is a number (for %c: a character code, else the first character). */
  isNumber(i: number): boolean;
}

const SPEC = /%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d*))?([diouxXeEfFgGcs%])/y;

export function formatPrintf(format: string, args: FormatArgs): string {
  let out = "";
  let next = 0;
  const take = () => {
    if (next >= args.count) throw new Unsupported("not enough arguments passed to printf");
    return next++;
  };
  for (let i = 0; i < format.length;) {
    const at = format.indexOf("%", i);
    if (at < 0) {
      out += format.slice(i);
      break;
    }
    out += format.slice(i, at);
    SPEC.lastIndex = at;
    const m = SPEC.exec(format);
    if (!m) throw new Unsupported("printf format");
    i = SPEC.lastIndex;
    if (m[4] === "%") {
      out += "%";
      continue;
    }
    const spec: Spec = { flags: m[1]!, conv: m[4]! };
    if (m[2] !== undefined) spec.width = m[2] === "*" ? Math.trunc(args.num(take())) : Number(m[2]);
    if (m[3] !== undefined) spec.precision = m[3] === "*" ? Math.trunc(args.num(take())) : Number(m[3] || 0);
    if (spec.width !== undefined && spec.width < 0) {
      spec.flags += "-";
      spec.width = -spec.width;
    }
    if (spec.width !== undefined && spec.width > MAX_PRINTF_WIDTH)
      throw new LimitReached(`printf width limit exceeded (${MAX_PRINTF_WIDTH} bytes)`);
    const arg = take();
    if (spec.conv === "s") {
      const s = args.str(arg);
      out += pad(spec.precision === undefined ? s : s.slice(0, spec.precision), spec, false);
    } else if (spec.conv === "c") {
      const c = args.isNumber(arg) ? String.fromCharCode(Math.trunc(args.num(arg)) & 0xff) : args.str(arg).slice(0, 1);
      out += pad(c, spec, false);
    } else if ("eEfFgG".includes(spec.conv)) out += formatFloat(args.num(arg), spec);
    else out += formatInteger(args.num(arg), spec);
  }
  return out;
}
