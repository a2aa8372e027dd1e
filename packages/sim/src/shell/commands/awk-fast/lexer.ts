/**
 * Tokens of the awk subset the fast path runs (see awk.ts). Anything outside it — user functions,
 * getline, output redirection, I/O and random builtins, non-ASCII program text — throws
 * Unsupported, and just-bash's full interpreter runs the program instead.
 */
export class Unsupported extends Error {}

/**
 * The program passed one of just-bash's awk limits; the message is its own. Reported by this
 * path, not handed to just-bash's awk: that would run the program again from the start only to
 * say the same, a hundred times slower (a printf loop took a minute to reach the loop limit).
 */
export class LimitReached extends Error {}

/** just-bash's awk's largest printf field width. */
export const MAX_PRINTF_WIDTH = 10_000;

export type TokenType = "num" | "str" | "re" | "name" | "builtin" | "kw" | "op" | "nl" | "eof";

export interface Token {
  type: TokenType;
  /** The operator, keyword, name, string value or regular-expression source. */
  text: string;
  num?: number;
}

export const KEYWORDS = new Set([
  "BEGIN",
  "END",
  "if",
  "else",
  "while",
  "for",
  "do",
  "in",
  "next",
  "exit",
  "break",
  "continue",
  "delete",
  "print",
  "printf",
]);

export const BUILTINS = new Set([
  "length",
  "substr",
  "index",
  "split",
  "sub",
  "gsub",
  "match",
  "sprintf",
  "tolower",
  "toupper",
  "int",
  "sqrt",
  "exp",
  "log",
  "sin",
  "cos",
  "atan2",
]);

/** Words whose meaning the fast path does not implement: the program goes to the full interpreter. */
const UNSUPPORTED_WORDS = new Set([
  "function",
  "func",
  "getline",
  "nextfile",
  "rand",
  "srand",
  "system",
  "close",
  "fflush",
  "RS",
  "ENVIRON",
  "ARGV",
  "ARGC",
  "PROCINFO",
]);

const OPERATORS = [
  "&&",
  "||",
  "==",
  "<=",
  ">=",
  "!=",
  "++",
  "--",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "^=",
  "**",
  ">>",
  "!~",
  "{",
  "}",
  "(",
  ")",
  "[",
  "]",
  ";",
  ",",
  "+",
  "-",
  "*",
  "/",
  "%",
  "^",
  "!",
  ">",
  "<",
  "|",
  "?",
  ":",
  "~",
  "$",
  "=",
];

/** After these a `/` divides; anywhere else it opens a regular expression. */
const OPERAND_END = new Set(["num", "str", "re", "name", "builtin"]);
const OPERAND_END_OPS = new Set([")", "]", "++", "--"]);

const STRING_ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  f: "\f",
  v: "\v",
  a: "\x07",
  b: "\b",
  "\\": "\\",
  '"': '"',
  "/": "/",
};

/** A string literal's escapes, as awk reads them (octal `\ooo` too; others keep their backslash). */
export function unescapeString(body: string): string {
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== "\\" || i + 1 >= body.length) {
      out += ch;
      continue;
    }
    const next = body[++i]!;
    const octal = /^[0-7]{1,3}/.exec(body.slice(i, i + 3));
    if (octal) {
      out += String.fromCharCode(parseInt(octal[0], 8) & 0xff);
      i += octal[0].length - 1;
    } else out += STRING_ESCAPES[next] ?? `\\${next}`;
  }
  return out;
}

function readNumber(src: string, at: number): [number, number] {
  const m = /^(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(src.slice(at))!;
  return [Number(m[0]), at + m[0].length];
}

/** Reads up to the unescaped `close` quote; returns the raw body and the index after the quote. */
function readDelimited(src: string, at: number, close: string): [string, number] {
  let i = at;
  while (i < src.length && src[i] !== close) {
    if (src[i] === "\n") throw new Unsupported("newline in literal");
    i += src[i] === "\\" ? 2 : 1;
  }
  if (i >= src.length) throw new Unsupported("unterminated literal");
  return [src.slice(at, i), i + 1];
}

export function tokenize(src: string): Token[] {
  // The program is handled as bytes, like mawk; only ASCII text means the same either way.
  if (/[^\x00-\x7f]/.test(src)) throw new Unsupported("non-ASCII program");
  const tokens: Token[] = [];
  const regexAllowed = () => {
    const last = tokens[tokens.length - 1];
    return !last || !(OPERAND_END.has(last.type) || (last.type === "op" && OPERAND_END_OPS.has(last.text)));
  };
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === " " || ch === "\t" || ch === "\r") i++;
    else if (ch === "\\" && src[i + 1] === "\n") i += 2;
    else if (ch === "#") while (i < src.length && src[i] !== "\n") i++;
    else if (ch === "\n") {
      tokens.push({ type: "nl", text: "\n" });
      i++;
    } else if (/[0-9]/.test(ch) || (ch === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      const [num, end] = readNumber(src, i);
      tokens.push({ type: "num", text: src.slice(i, end), num });
      i = end;
    } else if (ch === '"') {
      const [body, end] = readDelimited(src, i + 1, '"');
      tokens.push({ type: "str", text: unescapeString(body) });
      i = end;
    } else if (ch === "/" && regexAllowed()) {
      const [body, end] = readDelimited(src, i + 1, "/");
      tokens.push({ type: "re", text: body });
      i = end;
    } else if (/[A-Za-z_]/.test(ch)) {
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i))![0];
      i += word.length;
      if (UNSUPPORTED_WORDS.has(word)) throw new Unsupported(word);
      const type = KEYWORDS.has(word) ? "kw" : BUILTINS.has(word) ? "builtin" : "name";
      // A name directly followed by "(" calls a user function, which this subset does not define.
      if (type === "name" && src[i] === "(") throw new Unsupported("function call");
      tokens.push({ type, text: word });
    } else {
      const op = OPERATORS.find((o) => src.startsWith(o, i));
      if (!op) throw new Unsupported(`character ${ch}`);
      tokens.push({ type: "op", text: op });
      i += op.length;
    }
  }
  tokens.push({ type: "eof", text: "" });
  return tokens;
}
