/**
 * The part of npm's semver ranges that package.json files use (^, ~, comparators, x-ranges,
 * hyphen ranges, ||), enough to pick the version an install resolves a dependency to. Prerelease
 * versions match only an exact range, as npm's default.
 */
type Triple = [number, number, number];

function parse(version: string): { v: Triple; pre: boolean } | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?(\+.*)?$/.exec(version.trim());
  return m ? { v: [Number(m[1]), Number(m[2]), Number(m[3])], pre: m[4] !== undefined } : undefined;
}

export function compareVersions(a: string, b: string): number {
  const pa = parse(a)?.v ?? [0, 0, 0];
  const pb = parse(b)?.v ?? [0, 0, 0];
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i]! - pb[i]!;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A partial version ("1", "1.2", "1.x") as its parts, undefined where it is a wildcard. */
function partial(text: string): (number | undefined)[] {
  const parts = text.replace(/^v/, "").split("-")[0]!.split(".");
  return [0, 1, 2].map((i) => {
    const p = parts[i];
    return p === undefined || /^[xX*]$/.test(p) ? undefined : Number(p);
  });
}

const cmp = (a: Triple, b: Triple) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
const fill = (p: (number | undefined)[]): Triple => [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0];

/** The [lower, upper) bounds of one caret, tilde, exact or x-range comparator. */
function bounds(op: string, p: (number | undefined)[]): [Triple, Triple | undefined] {
  const low = fill(p);
  const [major, minor, patch] = p;
  if (major === undefined) return [[0, 0, 0], undefined];
  if (minor === undefined) return [low, [major + 1, 0, 0]];
  if (op === "^") {
    if (major > 0) return [low, [major + 1, 0, 0]];
    if (minor > 0 || patch === undefined) return [low, [0, minor + 1, 0]];
    return [low, [0, 0, low[2] + 1]];
  }
  if (op === "~" || patch === undefined) return [low, [major, minor + 1, 0]];
  return [low, [major, minor, patch + 1]];
}

function comparatorHolds(v: Triple, comparator: string): boolean {
  const m = /^(\^|~|>=|<=|>|<|=)?\s*(.*)$/.exec(comparator)!;
  const op = m[1] ?? "";
  const p = partial(m[2]!);
  if (op === ">=") return cmp(v, fill(p)) >= 0;
  if (op === ">") return cmp(v, fill(p)) > 0;
  if (op === "<") return cmp(v, fill(p)) < 0;
  if (op === "<=") return p[2] === undefined ? cmp(v, bounds("", p)[1] ?? v) < 0 : cmp(v, fill(p)) <= 0;
  const [low, high] = bounds(op === "=" ? "" : op, p);
  return cmp(v, low) >= 0 && (high === undefined || cmp(v, high) < 0);
}

/** Whether `version` is in `range`. */
export function satisfies(version: string, range: string): boolean {
  const parsed = parse(version);
  if (!parsed) return false;
  return range.split("||").some((alternative) => {
    const text = alternative.trim();
    if (text === "" || text === "*" || text === "latest") return !parsed.pre;
    if (parsed.pre) return text.replace(/^[=v]+/, "") === version;
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
    if (hyphen) return comparatorHolds(parsed.v, `>=${hyphen[1]}`) && comparatorHolds(parsed.v, `<=${hyphen[2]}`);
    return text
      .replace(/(\^|~|>=|<=|>|<|=)\s+/g, "$1")
      .split(/\s+/)
      .every((c) => comparatorHolds(parsed.v, c));
  });
}

/** The lowest version a range allows: what a package at an unknown version is given. */
export function floorOf(range: string): string {
  const first = range
    .split("||")[0]!
    .trim()
    .split(/\s+/)[0]!
    .replace(/^(\^|~|>=|>|=|v)+/, "");
  const p = partial(first);
  return p[0] === undefined ? "1.0.0" : fill(p).join(".");
}
