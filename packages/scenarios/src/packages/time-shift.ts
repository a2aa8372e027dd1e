/**
 * The time shift of a case variant: every date of the story moved by the same whole number of
 * weeks, so that a model cannot recognise a case by its dates while weekdays, office hours and
 * the gaps between events stay exactly as written. Because the shift is whole weeks, a time of
 * day never changes: only the date part of a timestamp is rewritten, in the shape it was written
 * in, and a timestamp in any zone moves correctly.
 *
 * Only full date shapes are matched (ISO 8601, syslog, CLF, ctime, RFC 2822, prose dates, compact
 * YYYYMMDD, epoch seconds, milliseconds and microseconds), and only dates within a window around
 * the case's clock: a port, a PID, a version or a size never reads as a date, and real-world
 * events of the background (2017, 2021) keep their dates.
 */

export interface TimeShift {
  /** Whole weeks to move every date by; negative moves it back. */
  weeks: number;
  /** The published case's clock (ms): the year of dates written without one, and the window. */
  referenceMs: number;
}

const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;
/** Dates this far before the clock (or after it) belong to the story; older ones are history. */
const WINDOW_BEFORE_MS = 2 * YEAR_MS;
const WINDOW_AFTER_MS = 1 * YEAR_MS;

const ABBR = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const FULL = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
/** Month names as written: full names first so that "March" is not read as "Mar" + "ch". */
const MONTH = `(${[...FULL, "Sept", ...ABBR].join("|")})`;

function monthIndex(name: string): number {
  const i = FULL.indexOf(name);
  return i >= 0 ? i : ABBR.indexOf(name.slice(0, 3));
}

/** The month's name in the style of `like`: full, "Sept" or three letters. */
function monthName(m: number, like: string): string {
  if (FULL.includes(like) && like.length > 3) return FULL[m]!;
  if (like === "Sept" && m === 8) return "Sept";
  return ABBR[m]!;
}

const p2 = (n: number) => String(n).padStart(2, "0");

/** A whole-week shift for one variant: 1 to 26 weeks, forwards or backwards. */
export function drawShiftWeeks(draw: () => number): number {
  const weeks = 1 + Math.floor(draw() * 26);
  return draw() < 0.5 ? -weeks : weeks;
}

/** A calendar date (UTC), or undefined when the numbers are no real date. */
function dateOf(y: number, m: number, d: number): number | undefined {
  if (m < 0 || m > 11 || d < 1 || d > 31) return undefined;
  const t = Date.UTC(y, m, d);
  const back = new Date(t);
  return back.getUTCMonth() === m && back.getUTCDate() === d ? t : undefined;
}

function inWindow(t: number, shift: TimeShift): boolean {
  return t >= shift.referenceMs - WINDOW_BEFORE_MS && t <= shift.referenceMs + WINDOW_AFTER_MS;
}

/** The date `(y, m, d)` moved by the shift, or undefined when it is no date of the story. */
function moved(y: number, m: number, d: number, shift: TimeShift): Date | undefined {
  const t = dateOf(y, m, d);
  if (t === undefined || !inWindow(t, shift)) return undefined;
  return new Date(t + shift.weeks * 7 * DAY_MS);
}

/** The year of a date written without one (syslog, "13 March"): the one nearest the clock. */
function yearOf(m: number, d: number, shift: TimeShift): number | undefined {
  const base = new Date(shift.referenceMs).getUTCFullYear();
  let best: number | undefined;
  for (const y of [base - 1, base, base + 1]) {
    const t = dateOf(y, m, d);
    if (t === undefined) continue;
    if (best === undefined || Math.abs(t - shift.referenceMs) < Math.abs(dateOf(best, m, d)! - shift.referenceMs))
      best = y;
  }
  return best;
}

/** A day number in the style of `like`: zero-padded ("09"), or as it comes. */
function dayLike(d: number, like: string): string {
  return like.length === 2 && like.startsWith("0") ? p2(d) : String(d);
}

type Rewrite = (shift: TimeShift, ...groups: string[]) => string | undefined;

/** One shape of date: where it stands in text and how its shifted form is written. */
interface DateShape {
  name: string;
  /** A cheap test a string must pass before the pattern runs over it (worlds are megabytes). */
  quick: RegExp;
  pattern: RegExp;
  rewrite: Rewrite;
}

const ORD = "(st|nd|rd|th)?";

const SHAPES: DateShape[] = [
  {
    // 2026-03-13, 2026-03-13T22:16:04Z, 2026-03-13 22:16:04.120, 2026-02-06T13_57_40_118Z-debug-0.log
    name: "iso",
    quick: /\d{4}-\d\d-\d\d/,
    pattern: /(?<![A-Za-z0-9])(\d{4})-(\d{2})-(\d{2})(?!\d)/g,
    rewrite: (s, y, m, d) => {
      const t = moved(+y!, +m! - 1, +d!, s);
      return t && `${t.getUTCFullYear()}-${p2(t.getUTCMonth() + 1)}-${p2(t.getUTCDate())}`;
    },
  },
  {
    // Go's log package (Gitea): 2026/03/13 22:16:04
    name: "slash",
    quick: /\d{4}\/\d\d\/\d\d/,
    pattern: /(?<![A-Za-z0-9/])(\d{4})\/(\d{2})\/(\d{2})(?![\d/])/g,
    rewrite: (s, y, m, d) => {
      const t = moved(+y!, +m! - 1, +d!, s);
      return t && `${t.getUTCFullYear()}/${p2(t.getUTCMonth() + 1)}/${p2(t.getUTCDate())}`;
    },
  },
  {
    // Windows event exports, US order, only before a time (so 13/03/2026 is never misread): 03/13/2026 22:16
    name: "us",
    quick: /\d\d\/\d\d\/\d{4}/,
    pattern: /(?<![A-Za-z0-9/])(\d{2})\/(\d{2})\/(\d{4})(?=[ T]\d{2}:\d{2})/g,
    rewrite: (s, m, d, y) => {
      const t = moved(+y!, +m! - 1, +d!, s);
      return t && `${p2(t.getUTCMonth() + 1)}/${p2(t.getUTCDate())}/${t.getUTCFullYear()}`;
    },
  },
  {
    // Common Log Format and BIND: 13/Mar/2026:22:16:04 +0000, 13-Mar-2026 22:16:04.120
    name: "clf",
    quick: /\d\d[/-][A-S][a-u][b-y][/-]\d{4}/,
    pattern: new RegExp(`(?<![A-Za-z0-9])(\\d{2})([/-])${MONTH}\\2(\\d{4})(?!\\d)`, "g"),
    rewrite: (s, d, sep, mon, y) => {
      const t = moved(+y!, monthIndex(mon!), +d!, s);
      return t && `${p2(t.getUTCDate())}${sep}${monthName(t.getUTCMonth(), mon!)}${sep}${t.getUTCFullYear()}`;
    },
  },
  {
    // Compact dates in names and IDs: DET-20260416-0113, backup-20260313.tar, 20260313221604
    name: "compact",
    quick: /\d{8}/,
    pattern:
      /(?<![A-Za-z0-9]|\d\.)((?:19|20)\d{2})([01]\d)([0-3]\d)((?:[0-2]\d[0-5]\d(?:[0-5]\d)?)?)(?![0-9A-SU-Za-z])/g,
    rewrite: (s, y, m, d, time) => {
      const t = moved(+y!, +m! - 1, +d!, s);
      return t && `${t.getUTCFullYear()}${p2(t.getUTCMonth() + 1)}${p2(t.getUTCDate())}${time}`;
    },
  },
  {
    // Prose ranges: "16 and 17 March", "11–12 March", "14 to 17 March 2026"
    name: "day-range",
    quick: /(?:\d|st|nd|rd|th)(?: and | to | or |[–-])\d/,
    pattern: new RegExp(
      `(?<![\\d:.,/A-Za-z])(\\d{1,2})${ORD}( and |–|-| to | or )(\\d{1,2})${ORD} ${MONTH}(?:( )(\\d{4}))?(?![A-Za-z\\d])`,
      "g",
    ),
    rewrite: (s, d1, o1, sep, d2, o2, mon, space, y) => {
      const m = monthIndex(mon!);
      const year = y ? +y : yearOf(m, +d2!, s);
      if (year === undefined || +d1! > 31) return undefined;
      // The first day falls in the month before when it is the larger number (30 March to 2 April).
      const m1 = +d1! > +d2! ? m - 1 : m;
      const a = moved(year, m1 < 0 ? 11 : m1, +d1!, s);
      const b = moved(year, m, +d2!, s);
      if (!a || !b) return undefined;
      const yearText = y ? `${space}${b.getUTCFullYear()}` : "";
      const first = `${dayLike(a.getUTCDate(), d1!)}${o1 ? ordinal(a.getUTCDate()) : ""}`;
      const second = `${dayLike(b.getUTCDate(), d2!)}${o2 ? ordinal(b.getUTCDate()) : ""}`;
      const sameMonth = a.getUTCMonth() === b.getUTCMonth();
      const head = sameMonth ? first : `${first} ${monthName(a.getUTCMonth(), mon!)}`;
      return `${head}${sep}${second} ${monthName(b.getUTCMonth(), mon!)}${yearText}`;
    },
  },
  {
    // Day before month: "13 March", "6 Feb 2026", "Fri, 13 Mar 2026 22:16:04 +0000", "13th of March"
    name: "day-month",
    quick: /(?:\d|st|nd|rd|th) (?:of )?[A-S][a-u][b-y]/,
    pattern: new RegExp(
      `(?:((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), )|(?<![\\d:.,/A-Za-z]))(\\d{1,2})${ORD} (of )?${MONTH}(?:(,? )(\\d{4}))?(?![A-Za-z\\d])`,
      "g",
    ),
    rewrite: (s, dow, d, ord, of, mon, sep, y) => {
      const m = monthIndex(mon!);
      const year = y ? +y : yearOf(m, +d!, s);
      const t = year === undefined ? undefined : moved(year, m, +d!, s);
      if (!t) return undefined;
      // RFC 2822 after a weekday writes two digits ("Fri, 03 Apr 2026"); prose writes the number.
      const day = `${dow ? p2(t.getUTCDate()) : dayLike(t.getUTCDate(), d!)}${ord ? ordinal(t.getUTCDate()) : ""}`;
      const yearText = y ? `${sep}${t.getUTCFullYear()}` : "";
      return `${dow}${day} ${of}${monthName(t.getUTCMonth(), mon!)}${yearText}`;
    },
  },
  {
    // Month before day, with an optional time, zone and year after it: syslog "Mar  4 02:17:09",
    // ctime "Fri Mar 13 22:16:04 2026", openssl "Mar 13 22:16:04 2026 GMT", Cisco "Thu Mar 12 2026",
    // prose "February 6, 2026" and "March 13".
    name: "month-day",
    quick: /[A-S][a-u][b-y][a-z]* +\d/,
    pattern: new RegExp(
      `(?<![A-Za-z])${MONTH}( +)(\\d{1,2})${ORD}(?![\\d:])((?: \\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?)?(?: (?:UTC|GMT|[+-]\\d{4}))?)(?:(,? )(\\d{4}))?(?![A-Za-z\\d])`,
      "g",
    ),
    rewrite: (s, mon, gap, d, ord, rest, sep, y) => {
      const m = monthIndex(mon!);
      const year = y ? +y : yearOf(m, +d!, s);
      const t = year === undefined ? undefined : moved(year, m, +d!, s);
      if (!t) return undefined;
      const day = t.getUTCDate();
      // Syslog and ctime pad the day to two columns with a space: "Mar  4 02:17:09".
      const padded = !d!.startsWith("0") && (gap!.length === 2 || /^ \d{2}:/.test(rest!));
      const spaced = padded ? (day < 10 ? "  " : " ") : gap!;
      const yearText = y ? `${sep}${t.getUTCFullYear()}` : "";
      return `${monthName(t.getUTCMonth(), mon!)}${spaced}${dayLike(day, d!)}${ord ? ordinal(day) : ""}${rest}${yearText}`;
    },
  },
  {
    // Seconds, milliseconds or microseconds since the epoch (git, auditd, journald, JSON logs),
    // never part of a decimal number or of a name.
    name: "epoch",
    quick: /\d{10}/,
    pattern: /(?<![A-Za-z0-9_]|\d\.)(\d{16}|\d{13}|\d{10})(?=\.\d|[^A-Za-z0-9_]|$)/g,
    rewrite: (s, digits) => {
      const extra = digits!.length - 10;
      if (!inWindow(Number(digits) / 10 ** (extra - 3), s)) return undefined;
      return String(BigInt(digits!) + BigInt(s.weeks * 7 * 86_400) * 10n ** BigInt(extra));
    },
  },
];

function ordinal(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return "th";
  return ["th", "st", "nd", "rd"][n % 10] ?? "th";
}

/**
 * `text` with every date of the story moved by the shift. Each shape is replaced in turn; a
 * shifted date is held behind a placeholder until the end so that no later shape reads it again.
 */
export function shiftTimesInText(text: string, shift: TimeShift): string {
  if (shift.weeks === 0 || !/\d/.test(text)) return text;
  const held: string[] = [];
  let out = text;
  for (const shape of SHAPES) {
    if (!shape.quick.test(out)) continue;
    out = out.replace(shape.pattern, (whole: string, ...args: unknown[]) => {
      // The captures come first, then the offset (a number): optional groups that did not take part are "".
      const groups = args
        .slice(
          0,
          args.findIndex((a) => typeof a === "number"),
        )
        .map((g) => (g as string) ?? "");
      const rewritten = shape.rewrite(shift, ...groups);
      if (rewritten === undefined) return whole;
      held.push(rewritten);
      return placeholder(held.length - 1);
    });
  }
  return held.length ? out.replace(/\uE010([\uE000-\uE00F]+)\uE011/g, (_, i: string) => held[indexOf(i)]!) : out;
}

/**
 * A held date's index written in private-use characters: no shape reads a digit or a letter in
 * it, and it never looks like a boundary character either.
 */
function placeholder(i: number): string {
  const digits = [...i.toString(16)].map((c) => String.fromCharCode(0xe000 + parseInt(c, 16))).join("");
  return `\uE010${digits}\uE011`;
}

function indexOf(encoded: string): number {
  return parseInt([...encoded].map((c) => (c.charCodeAt(0) - 0xe000).toString(16)).join(""), 16);
}

/** `value` with every string in it (deeply: arrays, objects) replaced by `f` of it; other values kept. */
export function mapStrings<T>(value: T, f: (text: string) => string): T {
  const map = (v: unknown): unknown => {
    if (typeof v === "string") return f(v);
    if (Array.isArray(v)) return v.map(map);
    if (v && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = map(x);
      return out;
    }
    return v;
  };
  return map(value) as T;
}

/** Every string in `value` (deeply) with its dates moved by the shift. */
export function shiftTimes<T>(value: T, shift: TimeShift): T {
  if (shift.weeks === 0) return value;
  return mapStrings(value, (text) => shiftTimesInText(text, shift));
}
