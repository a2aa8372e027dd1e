import { defineCommand, type Command } from "just-bash";
import type { HostState } from "../../host-state";
import { fail } from "../args";
import { breToEre, fastGrep } from "./grep-fast";

type Mode = "G" | "E" | "F" | "P";

/** Short grep options that take an argument (the rest of the cluster, or the next word). */
const SHORT_WITH_ARG = new Set(["e", "f", "m", "A", "B", "C", "d", "D"]);

const escapeEre = (s: string) => s.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`);

function globToRegExp(glob: string): RegExp {
  let re = "";
  for (const ch of glob)
    re += ch === "*" ? "[^/]*" : ch === "?" ? "[^/]" : /[\\^$.|+()[\]{}]/.test(ch) ? `\\${ch}` : ch;
  return new RegExp(`^${re}$`);
}

/**
 * grep as GNU grep behaves, on top of just-bash's matcher, which has two gaps an analyst would
 * trip over: several -e patterns must match lines matching any of them (just-bash keeps the last),
 * and -r must search dotfiles such as .env and .bash_history (just-bash skips them). Patterns are
 * folded into one equivalent expression; recursion is done here and the files are handed over.
 */
export function grepCommand(host: HostState): Command {
  return defineCommand("grep", async (args, ctx) => {
    if (!ctx.origCommand) return fail("grep: unavailable");
    const patterns: string[] = [];
    const options: string[] = [];
    const positional: string[] = [];
    const includes: RegExp[] = [];
    const excludes: RegExp[] = [];
    const excludeDirs: RegExp[] = [];
    let mode = "G" as Mode;
    let recursive = false;
    let noFilename = false;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === "--") {
        positional.push(...args.slice(i + 1));
        break;
      }
      if (a.startsWith("--")) {
        const [name, inline] = a.includes("=")
          ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]
          : [a, undefined];
        const value = () => inline ?? args[++i] ?? "";
        if (name === "--regexp") patterns.push(value());
        else if (name === "--include") includes.push(globToRegExp(value()));
        else if (name === "--exclude") excludes.push(globToRegExp(value()));
        else if (name === "--exclude-dir") excludeDirs.push(globToRegExp(value()));
        else if (name === "--recursive" || name === "--dereference-recursive") recursive = true;
        else if (name === "--no-filename") noFilename = true;
        else if (["--extended-regexp", "--fixed-strings", "--perl-regexp", "--basic-regexp"].includes(name)) {
          mode = (
            { "--extended-regexp": "E", "--fixed-strings": "F", "--perl-regexp": "P", "--basic-regexp": "G" } as Record<
              string,
              Mode
            >
          )[name]!;
        } else options.push(a);
        continue;
      }
      if (/^-[A-Za-z]/.test(a)) {
        let kept = "-";
        for (let j = 1; j < a.length; j++) {
          const ch = a[j]!;
          if (SHORT_WITH_ARG.has(ch)) {
            const value = j + 1 < a.length ? a.slice(j + 1) : (args[++i] ?? "");
            if (ch === "e") patterns.push(value);
            else options.push(`-${ch}`, value);
            break;
          }
          if ("EFPG".includes(ch)) mode = ch as Mode;
          else if (ch === "r" || ch === "R") recursive = true;
          else {
            if (ch === "h") noFilename = true;
            kept += ch;
          }
        }
        if (kept.length > 1) options.push(kept);
        continue;
      }
      positional.push(a);
    }
    if (patterns.length === 0) {
      const first = positional.shift();
      if (first === undefined)
        return fail("Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.", 2);
      patterns.push(first);
    }

    let files = positional;
    if (recursive) {
      const roots = positional.length ? positional : ["."];
      files = [];
      // Walk the host's path index (no async stat per entry); symlinks are not followed.
      const fs = host.fs;
      const walk = (shown: string, abs: string, top: boolean): void => {
        let kind = fs.entryKind(abs);
        if (top && kind === "symlink") kind = fs.entryKind(fs.resolvePath("/", abs)) ?? kind;
        if (!kind) {
          files.push(shown);
          return;
        }
        if (kind === "symlink" && !top) return;
        if (kind !== "directory") {
          const base = shown.split("/").pop() ?? shown;
          if ((includes.length === 0 || includes.some((re) => re.test(base))) && !excludes.some((re) => re.test(base)))
            files.push(shown);
          return;
        }
        for (const name of fs.listChildren(abs)) {
          const childAbs = `${abs === "/" ? "" : abs}/${name}`;
          if (fs.entryKind(childAbs) === "directory" && excludeDirs.some((re) => re.test(name))) continue;
          walk(
            shown === "." && positional.length === 0 ? name : `${shown.replace(/\/$/, "")}/${name}`,
            childAbs,
            false,
          );
        }
      };
      for (const root of roots) walk(root, fs.resolvePath(ctx.cwd, root), true);
      if (files.length === 0) return { stdout: "", stderr: "", exitCode: 1 };
    }
    const fast = await fastGrep({
      patterns,
      mode,
      options,
      files,
      defaultNames: recursive || files.length > 1,
      ctx,
      keyed: host.fs,
    });
    if (fast) return fast;

    // grep -r names the file even when it found only one; just-bash has no -H, so a second,
    // empty input makes it print names, and that input's own lines are dropped again.
    const forceNames = recursive && !noFilename && files.length === 1;
    if (forceNames) files.push("/dev/null");

    let patternArgs: string[];
    if (patterns.length === 1) patternArgs = [...(mode === "G" ? [] : [`-${mode}`]), "-e", patterns[0]!];
    else {
      const alternatives = mode === "F" ? patterns.map(escapeEre) : mode === "G" ? patterns.map(breToEre) : patterns;
      patternArgs = [
        mode === "P" ? "-P" : "-E",
        "-e",
        alternatives.map((p) => (mode === "P" ? `(?:${p})` : `(${p})`)).join("|"),
      ];
    }
    const r = await ctx.origCommand([...options, ...patternArgs, ...files]);
    if (!forceNames) return r;
    const stdout = r.stdout
      .split("\n")
      .filter((l) => l !== "/dev/null" && !l.startsWith("/dev/null:"))
      .join("\n");
    return { ...r, stdout };
  });
}
