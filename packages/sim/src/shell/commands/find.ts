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

type Test = (e: { path: string; name: string; kind: "file" | "directory" | "symlink"; owner: string }) => boolean;

/** Parses the subset of find's expression language the fast path serves; null means "not that". */
function parseExpression(
  args: string[],
): { paths: string[]; tests: Test[]; minDepth: number; maxDepth: number } | null {
  const paths: string[] = [];
  let i = 0;
  while (i < args.length && !args[i]!.startsWith("-") && args[i] !== "!" && args[i] !== "(") paths.push(args[i++]!);
  const tests: Test[] = [];
  let minDepth = 0;
  let maxDepth = Infinity;
  for (; i < args.length; i++) {
    const op = args[i]!;
    const value = args[i + 1];
    switch (op) {
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
  return { paths: paths.length ? paths : ["."], tests, minDepth, maxDepth };
}

/**
 * find, with a fast path for the common analyst forms (-name, -iname, -path, -type, -user,
 * -maxdepth, -mindepth, implicitly and-ed) that walks the filesystem's path index instead of
 * awaiting a stat per entry. Any other expression, and every error case, goes to just-bash's
 * own find; a differential test keeps the two in agreement.
 */
export function findCommand(host: HostState): Command {
  return defineCommand("find", async (args, ctx) => {
    if (!ctx.origCommand) return fail("find: unavailable");
    const expr = parseExpression(args);
    const fs = host.fs;
    if (!expr) return ctx.origCommand(args);
    const starts: { shown: string; abs: string }[] = [];
    for (const p of expr.paths) {
      const abs = fs.resolvePath(ctx.cwd, p);
      if ((p.length > 1 && p.endsWith("/")) || !fs.entryKind(abs)) return ctx.origCommand(args);
      starts.push({ shown: p, abs });
    }
    const out: string[] = [];
    const visit = (shown: string, abs: string, depth: number) => {
      const kind = fs.entryKind(abs);
      if (!kind) return;
      const name =
        depth === 0 ? shown.replace(/\/+$/, "").split("/").pop() || shown : abs.slice(abs.lastIndexOf("/") + 1);
      if (depth >= expr.minDepth && expr.tests.every((t) => t({ path: shown, name, kind, owner: fs.ownerOf(abs) })))
        out.push(shown);
      if (kind !== "directory" || depth >= expr.maxDepth) return;
      for (const child of fs.listChildren(abs))
        visit(
          shown === "/" ? `/${child}` : `${shown}/${child}`,
          abs === "/" ? `/${child}` : `${abs}/${child}`,
          depth + 1,
        );
    };
    for (const s of starts) visit(s.shown, s.abs, 0);
    return { stdout: out.length ? `${out.join("\n")}\n` : "", stderr: "", exitCode: 0 };
  });
}
