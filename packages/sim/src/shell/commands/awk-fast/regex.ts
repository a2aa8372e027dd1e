import { ereToJs } from "../grep-fast";
import { Unsupported } from "./lexer";

const CONTROL: Record<string, string> = { t: "\t", n: "\n", r: "\r", f: "\f", v: "\v" };

/**
 * awk's escapes in a regular expression (`\t`, `\/`), then grep's ERE translation. What mawk
 * 1.3.4-20200120 (Debian's awk) reads differently from JavaScript is Unsupported: brace
 * intervals (mawk takes them literally), GNU's `\w`, `\<`, `\y`, and escapes inside brackets.
 */
export function awkEreToJs(src: string): string {
  let pre = "";
  let inBracket = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (ch === "\\") {
      const next = src[++i];
      if (next === undefined) throw new Unsupported("trailing backslash");
      if (CONTROL[next]) pre += CONTROL[next];
      else if (/[A-Za-z0-9]/.test(next) || inBracket) throw new Unsupported("regex escape");
      else pre += next === "/" || next === '"' ? next : `\\${next}`;
      continue;
    }
    if (inBracket) {
      if (ch === "[" && src[i + 1] === ":") {
        const end = src.indexOf(":]", i + 2);
        if (end < 0) throw new Unsupported("bracket class");
        pre += src.slice(i, end + 2);
        i = end + 1;
        continue;
      }
      if (ch === "]") inBracket = false;
      pre += ch;
      continue;
    }
    if (ch === "{" || ch === "}") throw new Unsupported("interval");
    if (ch === "[") {
      inBracket = true;
      pre += ch;
      // A leading ] (after an optional ^) is a member, not the end.
      if (src[i + 1] === "^") pre += src[++i];
      if (src[i + 1] === "]") pre += src[++i];
      continue;
    }
    pre += ch;
  }
  if (inBracket) throw new Unsupported("unclosed bracket");
  const js = ereToJs(pre);
  if (js === null) throw new Unsupported("regex");
  return nonCapturing(js);
}

/** Groups made non-capturing: split() with a capturing separator would return the captures too. */
function nonCapturing(js: string): string {
  let out = "";
  let inBracket = false;
  for (let i = 0; i < js.length; i++) {
    const ch = js[i]!;
    if (ch === "\\") {
      out += js.slice(i, i + 2);
      i++;
    } else if (inBracket) {
      if (ch === "]") inBracket = false;
      out += ch;
    } else if (ch === "[") {
      inBracket = true;
      out += ch;
      if (js[i + 1] === "^") out += js[++i];
      if (js[i + 1] === "]") out += js[++i];
    } else out += ch === "(" && js[i + 1] !== "?" ? "(?:" : ch;
  }
  return out;
}

/** Compiled expressions, by source and flags: dynamic regexes are compiled once. */
export class RegexCache {
  private readonly cache = new Map<string, RegExp>();

  get(src: string, flags = ""): RegExp {
    const key = `${flags}/${src}`;
    let re = this.cache.get(key);
    if (!re) {
      try {
        re = new RegExp(awkEreToJs(src), flags);
      } catch (e) {
        if (e instanceof Unsupported) throw e;
        throw new Unsupported("regex syntax");
      }
      this.cache.set(key, re);
    }
    return re;
  }
}
