import { defineCommand, type Command } from "just-bash";
import type { HostState } from "../../host-state";
import { fail } from "../args";

/** fnmatch(3) without FNM_PERIOD, as find's -name and -path use it. */
function globToRegExp(glob: string, caseInsensitive: boolean): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === "*") re += ".*";
    else if (ch === "?") re += ".";
    else if (ch === "[") {
      const end = glob.indexOf("]", i + 2);
      if (end < 0) re += "\\[";
      else {
        const body = glob
          .slice(i + 1, end)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\");
        re += `[${body}]`;
        i = end;
      }
    } else if (ch === "\\" && i + 1 < glob.length) re += `\\${glob[++i]}`;
    else re += /[.+^${}()|\\/]/.test(ch) ? `\\${ch}` : ch;
  }
  return new RegExp(`^${re}$`, caseInsensitive ? "is" : "s");
}

interface Visited {
  path: string;
  name: string;
  kind: "file" | "directory" | "symlink";
  owner: string;
  /** Only when a test needs it (-newermt): statting a pending log generates it. */
  mtimeMs?: number;
}
type Test = (e: Visited) => boolean;

/**
 * A -newermt date as GNU find reads the forms analysts type (`2026-03-15`, `2026-03-15 12:00`,
 * `2026-03-15T12:00:00`, `@1773532800`), in the hosts' UTC; undefined when unreadable.
 */
export function parseFindDate(text: string): number | undefined {
  const epoch = /^@(\d+)$/.exec(text);
  if (epoch) return Number(epoch[1]) * 1000;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = "0", mi = "0", sec = "0"] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec));
  const back = new Date(ms);
  // Date.UTC rolls 2026-02-31 over into March; find refuses it.
  if (back.getUTCDate() !== Number(d) || back.getUTCHours() !== Number(h)) return undefined;
  return ms;
}

/** Parses the subset of find's expression language the fast path serves; null means "not that". */
function parseExpression(
  args: string[],
):
  | { paths: string[]; tests: Test[]; minDepth: number; maxDepth: number; needsTime: boolean }
  | { error: string }
  | null {
  const paths: string[] = [];
  let i = 0;
  while (i < args.length && !args[i]!.startsWith("-") && args[i] !== "!" && args[i] !== "(") paths.push(args[i++]!);
  const all: Test[] = [];
  let negate = false;
  // `! TEST` and `-not TEST`: the next test, negated.
  const tests = {
    push(t: Test) {
      const negated = negate;
      negate = false;
      all.push(negated ? (e) => !t(e) : t);
    },
  };
  let minDepth = 0;
  let maxDepth = Infinity;
  let needsTime = false;
  for (; i < args.length; i++) {
    const op = args[i]!;
    const value = args[i + 1];
    if (negate && (op === "-maxdepth" || op === "-mindepth" || op === "-print")) return null;
    switch (op) {
      case "!":
      case "-not":
        if (negate) return null;
        negate = true;
        break;
      case "-newermt": {
        if (value === undefined) return null;
        const ms = parseFindDate(value);
        if (ms === undefined)
          return { error: `find: I cannot figure out how to interpret ‘${value}’ as a date or time` };
        needsTime = true;
        tests.push((e) => (e.mtimeMs ?? 0) > ms);
        i++;
        break;
      }
      case "-name":
      case "-iname": {
        if (value === undefined) return null;
        const re = globToRegExp(value, op === "-iname");
        tests.push((e) => re.test(e.name));
        i++;
        break;
      }
      case "-path":
      case "-wholename":
      case "-ipath": {
        if (value === undefined) return null;
        const re = globToRegExp(value, op === "-ipath");
        tests.push((e) => re.test(e.path));
        i++;
        break;
      }
      case "-type": {
        if (value === undefined || !/^[fdl](,[fdl])*$/.test(value)) return null;
        const kinds = new Set(value.split(",").map((k) => ({ f: "file", d: "directory", l: "symlink" })[k]));
        tests.push((e) => kinds.has(e.kind));
        i++;
        break;
      }
      case "-user": {
        if (value === undefined) return null;
        tests.push((e) => e.owner.split(":")[0] === value);
        i++;
        break;
      }
      case "-maxdepth":
      case "-mindepth": {
        if (value === undefined || !/^\d+$/.test(value)) return null;
        if (op === "-maxdepth") maxDepth = Number(value);
        else minDepth = Number(value);
        i++;
        break;
      }
      case "-print":
        break;
      default:
        return null;
    }
  }
  if (negate) return null;
  return { paths: paths.length ? paths : ["."], tests: all, minDepth, maxDepth, needsTime };
}

/**
 * find, with a fast path for the common analyst forms (-name, -iname, -path, -type, -user,
 * -newermt, -maxdepth, -mindepth, implicitly and-ed, each test negated by ! or -not) that walks the filesystem's path index instead of
 * awaiting a stat per entry. Any other expression, and every error case, goes to just-bash's
 * own find; a differential test keeps the two in agreement.
 */
export function findCommand(host: HostState): Command {
  return defineCommand("find", async (args, ctx) => {
    if (!ctx.origCommand) return fail("find: unavailable");
    const expr = parseExpression(args);
    const fs = host.fs;
    if (!expr) return ctx.origCommand(args);
    if ("error" in expr) return { stdout: "", stderr: `${expr.error}\n`, exitCode: 1 };
    const starts: { shown: string; abs: string }[] = [];
    for (const p of expr.paths) {
      const abs = fs.resolvePath(ctx.cwd, p);
      if ((p.length > 1 && p.endsWith("/")) || !fs.entryKind(abs)) return ctx.origCommand(args);
      starts.push({ shown: p, abs });
    }
    const out: string[] = [];
    const visit = async (shown: string, abs: string, depth: number): Promise<void> => {
      const kind = fs.entryKind(abs);
      if (!kind) return;
      const name =
        depth === 0 ? shown.replace(/\/+$/, "").split("/").pop() || shown : abs.slice(abs.lastIndexOf("/") + 1);
      if (depth >= expr.minDepth) {
        const e: Visited = { path: shown, name, kind, owner: fs.ownerOf(abs) };
        if (expr.needsTime) e.mtimeMs = (await fs.lstat(abs)).mtime.getTime();
        if (expr.tests.every((t) => t(e))) out.push(shown);
      }
      if (kind !== "directory" || depth >= expr.maxDepth) return;
      for (const child of fs.listChildren(abs))
        await visit(
          shown === "/" ? `/${child}` : `${shown}/${child}`,
          abs === "/" ? `/${child}` : `${abs}/${child}`,
          depth + 1,
        );
    };
    for (const s of starts) await visit(s.shown, s.abs, 0);
    return { stdout: out.length ? `${out.join("\n")}\n` : "", stderr: "", exitCode: 0 };
  });
}
