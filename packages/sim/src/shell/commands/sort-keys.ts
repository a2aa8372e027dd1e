/**
 * GNU sort's keys and comparisons in the C locale (the hosts run C.UTF-8, which collates by
 * byte). Lines are latin1 strings, one char per byte, so comparing chars compares bytes.
 */
export interface Ordering {
  numeric?: boolean;
  general?: boolean;
  human?: boolean;
  month?: boolean;
  version?: boolean;
  fold?: boolean;
  dictionary?: boolean;
  printable?: boolean;
  reverse?: boolean;
}

export interface Key {
  startField: number;
  startChar: number;
  /** 0: to the end of the line. */
  endField: number;
  /** 0: to the end of the end field. */
  endChar: number;
  skipStartBlanks: boolean;
  skipEndBlanks: boolean;
  order: Ordering;
}

const isBlank = (c: string) => c === " " || c === "\t";

/** Where each field starts and ends. Without -t a field is its leading blanks plus the non-blanks after them. */
function fieldBounds(line: string, tab: string | undefined): [number, number][] {
  const out: [number, number][] = [];
  if (tab !== undefined) {
    let start = 0;
    for (let at = line.indexOf(tab); at >= 0; at = line.indexOf(tab, start)) {
      out.push([start, at]);
      start = at + 1;
    }
    out.push([start, line.length]);
    return out;
  }
  let i = 0;
  while (i < line.length) {
    const start = i;
    while (i < line.length && isBlank(line[i]!)) i++;
    while (i < line.length && !isBlank(line[i]!)) i++;
    out.push([start, i]);
  }
  return out.length ? out : [[0, 0]];
}

function skipBlanks(line: string, at: number, end: number): number {
  while (at < end && isBlank(line[at]!)) at++;
  return at;
}

/** The text of a -k key in a line, as GNU sort's begfield/limfield find it. */
export function keyText(line: string, key: Key, tab: string | undefined): string {
  // The default key (no -k): the whole line, without splitting it into fields.
  if (key.startField === 1 && key.startChar === 1 && !key.skipStartBlanks && !key.endField) return line;
  const fields = fieldBounds(line, tab);
  const sf = fields[key.startField - 1];
  if (!sf) return "";
  let begin = key.skipStartBlanks ? skipBlanks(line, sf[0], sf[1]) : sf[0];
  begin = Math.min(begin + key.startChar - 1, sf[1]);
  let end = line.length;
  if (key.endField) {
    const ef = fields[key.endField - 1];
    if (ef) {
      const from = key.skipEndBlanks ? skipBlanks(line, ef[0], ef[1]) : ef[0];
      end = key.endChar ? Math.min(from + key.endChar, ef[1]) : ef[1];
    }
  }
  return end > begin ? line.slice(begin, end) : "";
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const SI = " KMGTPEZY";

function leadingNumber(s: string): number {
  const m = /^[ \t]*(-?(?:\d+\.?\d*|\.\d+))/.exec(s);
  return m ? Number(m[1]) : 0;
}

function human(s: string): [number, number] {
  const m = /^[ \t]*(-?(?:\d+\.?\d*|\.\d+))([KMGTPEZY]?)/.exec(s);
  if (!m) return [0, 0];
  const n = Number(m[1]);
  return [Math.sign(n) * (m[2] ? SI.indexOf(m[2]) : 0), n];
}

/** Digits compare as numbers, everything else by byte, in turn (an approximation of filevercmp). */
function versionCompare(a: string, b: string): number {
  const pa = a.split(/(\d+)/);
  const pb = b.split(/(\d+)/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? "";
    const y = pb[i] ?? "";
    const d = i % 2 ? Number(x || 0) - Number(y || 0) : bytes(x, y);
    if (d) return d;
  }
  return 0;
}

export const bytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function transform(s: string, o: Ordering): string {
  let t = s;
  if (o.dictionary) t = t.replace(/[^A-Za-z0-9 \t]/g, "");
  if (o.printable) t = t.replace(/[^\x20-\x7e]/g, "");
  if (o.fold) t = t.toUpperCase();
  return t;
}

/** What a key is compared by: a number, a pair (human sizes) or a string. */
export type KeyValue = number | string | readonly [number, number];

const monthOf = (s: string) => MONTHS.indexOf(s.trimStart().slice(0, 3).toUpperCase()) + 1;

/**
 * A key's text made into what it is compared by, once per line: parsing it again in every
 * comparison made `sort -rn` over 100,000 lines take seconds.
 */
export function keyValue(text: string, o: Ordering): KeyValue {
  if (o.numeric) return leadingNumber(text);
  if (o.general) return parseFloat(text);
  if (o.human) return human(text);
  if (o.month) return monthOf(text);
  if (o.version) return text;
  return transform(text, o);
}

/** Two keys' values compared under their ordering (without the reversal). */
export function compareValues(a: KeyValue, b: KeyValue, o: Ordering): number {
  if (o.numeric || o.month) return Math.sign((a as number) - (b as number));
  if (o.general) {
    const [x, y] = [a as number, b as number];
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : -1) : 1;
    return Math.sign(x - y);
  }
  if (o.human) {
    const [x, y] = [a as readonly [number, number], b as readonly [number, number]];
    return Math.sign(x[0] - y[0]) || Math.sign(x[1] - y[1]);
  }
  if (o.version) return Math.sign(versionCompare(a as string, b as string));
  return bytes(a as string, b as string);
}

/** A -k KEYDEF: F[.C][OPTS][,F[.C][OPTS]], or undefined when malformed. */
export function parseKey(def: string, global: Ordering, globalBlanks: boolean): Key | undefined {
  const m = /^(\d+)(?:\.(\d+))?([bdfghiMnrV]*)(?:,(\d+)(?:\.(\d+))?([bdfghiMnrV]*))?$/.exec(def);
  if (!m || Number(m[1]) < 1) return undefined;
  const opts = `${m[3]}${m[6] ?? ""}`;
  // A key with options of its own ignores the global ordering options.
  const order = opts.replace(/b/g, "") ? orderingFrom(opts) : { ...global };
  const inherit = opts === "";
  return {
    startField: Number(m[1]),
    startChar: m[2] ? Number(m[2]) : 1,
    endField: m[4] ? Number(m[4]) : 0,
    endChar: m[5] ? Number(m[5]) : 0,
    skipStartBlanks: m[3]!.includes("b") || (inherit && globalBlanks),
    skipEndBlanks: (m[6] ?? "").includes("b") || (inherit && globalBlanks),
    order,
  };
}

export function orderingFrom(letters: string): Ordering {
  const has = (c: string) => letters.includes(c);
  return {
    numeric: has("n"),
    general: has("g"),
    human: has("h"),
    month: has("M"),
    version: has("V"),
    fold: has("f"),
    dictionary: has("d"),
    printable: has("i"),
    reverse: has("r"),
  };
}
