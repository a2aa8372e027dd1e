import { defineCommand, type Command } from "just-bash";
import type { CommandEnvironment, HostState } from "../../host-state";
import { fail, ok, parseArgs } from "../args";
import { strftime } from "./system-info";
import { fastCut, fastUniq, fastWcLines } from "./text-fast";

/**
 * The first option a command does not know, in the words GNU coreutils refuses it with, or
 * undefined. `short` lists the option letters (`valueLetters` those taking a value), `long` the
 * long names (without --).
 */
function unknownOption(
  name: string,
  args: string[],
  short: string,
  long: string[],
  valueLetters = "",
): string | undefined {
  for (const a of args) {
    if (a === "--") return undefined;
    if (a.startsWith("--")) {
      const opt = a.slice(2).split("=")[0]!;
      if (!long.some((l) => l === opt || (opt.length >= 3 && l.startsWith(opt))))
        return `${name}: unrecognized option '${a}'\nTry '${name} --help' for more information.`;
    } else if (/^-./.test(a)) {
      for (const c of a.slice(1)) {
        if (!short.includes(c)) return `${name}: invalid option -- '${c}'\nTry '${name} --help' for more information.`;
        // An option that takes a value takes the rest of the word (stat -c%n, ls -Ipattern).
        if (valueLetters.includes(c)) break;
      }
    }
  }
  return undefined;
}

const LS_SHORT = "aAbBcCdDfFgGhHiIklLmnNopqQrRsStTuUvwxXZ1";
const LS_LONG =
  "all almost-all author escape block-size ignore-backups color directory dired classify file-type format full-time group-directories-first no-group human-readable si dereference-command-line dereference-command-line-symlink-to-dir hide hyperlink indicator-style inode ignore kibibytes dereference literal numeric-uid-gid hide-control-chars show-control-chars quote-name quoting-style reverse recursive size sort time time-style tabsize width context zero help version".split(
    " ",
  );

function modeString(mode: number, kind: "file" | "directory" | "symlink"): string {
  const type = kind === "directory" ? "d" : kind === "symlink" ? "l" : "-";
  const bits = ["r", "w", "x", "r", "w", "x", "r", "w", "x"].map((ch, i) => ((mode >> (8 - i)) & 1 ? ch : "-"));
  if (mode & 0o4000) bits[2] = bits[2] === "x" ? "s" : "S";
  if (mode & 0o2000) bits[5] = bits[5] === "x" ? "s" : "S";
  if (mode & 0o1000) bits[8] = bits[8] === "x" ? "t" : "T";
  return type + bits.join("");
}

function human(size: number): string {
  if (size < 1024) return String(size);
  const units = ["K", "M", "G", "T"];
  let v = size;
  let i = -1;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)}${units[i]}`;
}

interface Entry {
  name: string;
  path: string;
  kind: "file" | "directory" | "symlink";
  mode: number;
  size: number;
  mtime: number;
  target?: string;
}

/** `ls` with real owners and modes (just-bash's own prints a fixed owner), sorted as in the C locale. */
function lsCommand(host: HostState, env: CommandEnvironment): Command {
  return defineCommand("ls", async (args, ctx) => {
    const bad = unknownOption("ls", args, LS_SHORT, LS_LONG, "ITw");
    if (bad) return fail(bad, 2);
    const a = parseArgs(args.filter((x) => !x.startsWith("--color")));
    const long = a.flags.has("l") || a.flags.has("n") || a.flags.has("g") || a.flags.has("o");
    const all = a.flags.has("a") || a.flags.has("all");
    const almost = a.flags.has("A");
    const fs = host.fs;

    const entry = async (path: string, name: string): Promise<Entry> => {
      const st = await fs.lstat(path);
      const kind = st.isSymbolicLink ? "symlink" : st.isDirectory ? "directory" : "file";
      return {
        name,
        path,
        kind,
        mode: st.mode,
        size: kind === "directory" ? 4096 : kind === "symlink" ? (await fs.readlink(path)).length : st.size,
        mtime: st.mtime.getTime(),
        target: kind === "symlink" ? await fs.readlink(path) : undefined,
      };
    };
    const sortEntries = (list: Entry[]) => {
      const sorted = [...list].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
      if (a.flags.has("t")) sorted.sort((x, y) => y.mtime - x.mtime);
      if (a.flags.has("S")) sorted.sort((x, y) => y.size - x.size);
      if (a.flags.has("r")) sorted.reverse();
      return sorted;
    };
    const format = (list: Entry[], withTotal: boolean): string => {
      if (!long)
        return list.map((e) => (a.flags.has("F") && e.kind === "directory" ? `${e.name}/` : e.name)).join("\n");
      const rows = list.map((e) => {
        const [user = "root", group = "root"] = fs.ownerOf(e.path).split(":");
        const links = e.kind === "directory" ? String(2 + subdirectories(host, e.path)) : "1";
        const size = a.flags.has("h") ? human(e.size) : String(e.size);
        const recent = env.clockMs - e.mtime < 182 * 86400_000 && e.mtime <= env.clockMs;
        const date = recent ? strftime("%b %e %H:%M", e.mtime) : strftime("%b %e  %Y", e.mtime);
        const owner = a.flags.has("g") ? [group] : a.flags.has("o") ? [user] : [user, group];
        return {
          head: [modeString(e.mode, e.kind), links, ...owner],
          size,
          date,
          name: e.target ? `${e.name} -> ${e.target}` : e.name,
        };
      });
      const widths = rows.reduce<number[]>((w, r) => r.head.map((c, i) => Math.max(w[i] ?? 0, c.length)), []);
      const sizeWidth = Math.max(0, ...rows.map((r) => r.size.length));
      const lines = rows.map(
        (r) =>
          `${r.head.map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(" ")} ${r.size.padStart(sizeWidth)} ${r.date} ${r.name}`,
      );
      const blocks = list.reduce(
        (n, e) => n + (e.kind === "file" ? Math.ceil(e.size / 4096) * 4 : e.kind === "directory" ? 4 : 0),
        0,
      );
      return [...(withTotal ? [`total ${blocks}`] : []), ...lines].join("\n");
    };
    const listDir = async (dir: string): Promise<Entry[]> => {
      const names = (await fs.readdir(dir)).filter((n) => all || almost || !n.startsWith("."));
      const list = await Promise.all(names.map((n) => entry(dir === "/" ? `/${n}` : `${dir}/${n}`, n)));
      if (all)
        list.push(
          { ...(await entry(dir, ".")) },
          { ...(await entry(dir === "/" ? "/" : dir.replace(/\/[^/]+$/, "") || "/", "..")) },
        );
      return sortEntries(list);
    };

    const operands = a.operands.length ? a.operands : ["."];
    const files: Entry[] = [];
    const dirs: { shown: string; path: string }[] = [];
    const errors: string[] = [];
    for (const op of operands) {
      const path = fs.resolvePath(ctx.cwd, op);
      try {
        const e = await entry(path, op);
        if (e.kind === "directory" && !a.flags.has("d")) dirs.push({ shown: op, path });
        else files.push(e);
      } catch {
        errors.push(`ls: cannot access '${op}': No such file or directory`);
      }
    }
    const blocks: string[] = [];
    if (files.length) blocks.push(format(sortEntries(files), false));
    const showHeaders = operands.length > 1 || a.flags.has("R");
    const queue = [...dirs];
    while (queue.length) {
      const d = queue.shift()!;
      let list: Entry[];
      try {
        list = await listDir(d.path);
      } catch {
        errors.push(`ls: cannot open directory '${d.shown}': Permission denied`);
        continue;
      }
      const body = format(list, true);
      blocks.push(showHeaders ? `${d.shown}:${body ? `\n${body}` : ""}` : body);
      if (a.flags.has("R")) {
        const subdirs = list
          .filter((e) => e.kind === "directory" && e.name !== "." && e.name !== "..")
          .map((e) => ({ shown: `${d.shown.replace(/\/$/, "")}/${e.name}`, path: e.path }));
        queue.unshift(...subdirs);
      }
    }
    const stdout = blocks.filter((b) => b.length).join(showHeaders ? "\n\n" : "\n");
    return {
      stdout: stdout ? `${stdout}\n` : "",
      stderr: errors.length ? `${errors.join("\n")}\n` : "",
      exitCode: errors.length ? 2 : 0,
    };
  });
}

/** `chown` (the in-memory filesystem has no owners of its own) and `stat` with them. */
function chownCommand(host: HostState): Command {
  return defineCommand("chown", async (args, ctx) => {
    const bad = unknownOption("chown", args, "cfvhRHLP", [
      "changes",
      "dereference",
      "no-dereference",
      "from",
      "no-preserve-root",
      "preserve-root",
      "quiet",
      "silent",
      "reference",
      "recursive",
      "verbose",
      "help",
      "version",
    ]);
    if (bad) return fail(bad);
    const a = parseArgs(args);
    const [spec, ...paths] = a.operands;
    if (!spec || paths.length === 0) return fail("chown: missing operand\nTry 'chown --help' for more information.");
    const [user, group] = spec.split(/[:.]/);
    for (const p of paths) {
      const path = host.fs.resolvePath(ctx.cwd, p);
      if (!(await host.fs.exists(path))) return fail(`chown: cannot access '${p}': No such file or directory`);
      const targets = a.flags.has("R")
        ? host.fs.getAllPaths().filter((x) => x === path || x.startsWith(`${path}/`))
        : [path];
      for (const t of targets) {
        const [oldUser = "root", oldGroup = "root"] = host.fs.ownerOf(t).split(":");
        await host.fs.setOwner(t, `${user || oldUser}:${group ?? (spec.includes(":") && !group ? user : oldGroup)}`);
      }
    }
    return ok("");
  });
}

/** What stat prints of one path. */
interface StatFields {
  name: string;
  user: string;
  group: string;
  uid: string;
  gid: string;
  mode: string;
  perms: number;
  size: number;
  blocks: number;
  links: number;
  inode: number;
  time: string;
  epoch: number;
  type: string;
  target?: string;
}

/** A user's or group's number from the host's /etc/passwd or /etc/group ("0" when not listed). */
async function idOf(host: HostState, file: string, name: string): Promise<string> {
  const text = await host.fs.readFile(file).catch(() => "");
  const line = text.split("\n").find((l) => l.split(":")[0] === name);
  return line?.split(":")[2] ?? "0";
}

const subdirectories = (host: HostState, path: string) =>
  host.fs.listChildren(path).filter((c) => host.fs.entryKind(`${path === "/" ? "" : path}/${c}`) === "directory")
    .length;

/** A stable inode number per path: the simulated filesystem has none, and stat shows one. */
function inodeOf(path: string): number {
  let h = 2166136261;
  for (let i = 0; i < path.length; i++) h = Math.imul(h ^ path.charCodeAt(i), 16777619);
  return 131073 + ((h >>> 0) % 3_900_000);
}

/** `stat -c FORMAT`'s directives. Access, change and birth times are the modification time: only it is kept. */
function statFormat(fmt: string, f: StatFields): string {
  const values: Record<string, string> = {
    n: f.name,
    N: f.target === undefined ? `'${f.name}'` : `'${f.name}' -> '${f.target}'`,
    U: f.user,
    G: f.group,
    u: f.uid,
    g: f.gid,
    // %a has no leading zeros (644); only the default layout pads to four digits.
    a: f.perms.toString(8),
    A: f.mode,
    s: String(f.size),
    b: String(f.blocks),
    B: "512",
    h: String(f.links),
    i: String(f.inode),
    x: f.time,
    y: f.time,
    z: f.time,
    w: f.time,
    X: String(f.epoch),
    Y: String(f.epoch),
    Z: String(f.epoch),
    W: String(f.epoch),
    F: f.type,
    "%": "%",
  };
  return fmt.replace(/%([a-zA-Z%])/g, (m, c: string) => values[c] ?? m);
}

/** GNU stat's default layout (coreutils 9.1) on an ext4 disk. */
function statDefault(f: StatFields): string {
  return [
    `  File: ${f.target === undefined ? f.name : `${f.name} -> ${f.target}`}`,
    `  Size: ${String(f.size).padEnd(10)}\tBlocks: ${String(f.blocks).padEnd(10)} IO Block: 4096   ${f.type}`,
    `Device: 8,1\tInode: ${String(f.inode).padEnd(11)} Links: ${f.links}`,
    `Access: (${f.perms.toString(8).padStart(4, "0")}/${f.mode})  Uid: (${f.uid.padStart(5)}/${f.user.padStart(8)})   Gid: (${f.gid.padStart(5)}/${f.group.padStart(8)})`,
    `Access: ${f.time}`,
    `Modify: ${f.time}`,
    `Change: ${f.time}`,
    ` Birth: ${f.time}`,
  ].join("\n");
}

function statCommand(host: HostState): Command {
  return defineCommand("stat", async (args, ctx) => {
    const bad = unknownOption(
      "stat",
      args,
      "LfctZ",
      ["dereference", "file-system", "format", "printf", "terse", "cached", "help", "version"],
      "c",
    );
    if (bad) return fail(bad);
    const a = parseArgs(args, ["c", "format"]);
    if (a.operands.length === 0) return fail("stat: missing operand\nTry 'stat --help' for more information.");
    const out: string[] = [];
    for (const p of a.operands) {
      const path = host.fs.resolvePath(ctx.cwd, p);
      let st;
      try {
        st = await host.fs.lstat(path);
      } catch {
        return fail(`stat: cannot statx '${p}': No such file or directory`);
      }
      const kind = st.isSymbolicLink ? "symlink" : st.isDirectory ? "directory" : "file";
      const [user = "root", group = "root"] = host.fs.ownerOf(path).split(":");
      const size = kind === "directory" ? 4096 : st.size;
      const f: StatFields = {
        name: p,
        user,
        group,
        uid: await idOf(host, "/etc/passwd", user),
        gid: await idOf(host, "/etc/group", group),
        mode: modeString(st.mode, kind),
        perms: st.mode & 0o7777,
        size,
        // ext4 allocates 4 KiB blocks, counted in 512-byte units; a symlink's target sits in its inode.
        blocks: kind === "symlink" ? 0 : Math.ceil(size / 4096) * 8,
        links: kind === "directory" ? 2 + subdirectories(host, path) : 1,
        inode: inodeOf(path),
        time: strftime("%Y-%m-%d %H:%M:%S.000000000 +0000", st.mtime.getTime()),
        epoch: Math.floor(st.mtime.getTime() / 1000),
        type:
          kind === "directory"
            ? "directory"
            : kind === "symlink"
              ? "symbolic link"
              : size
                ? "regular file"
                : "regular empty file",
        target: kind === "symlink" ? await host.fs.readlink(path) : undefined,
      };
      const fmt = a.values.get("c") ?? a.values.get("format");
      out.push(fmt ? statFormat(fmt, f) : statDefault(f));
    }
    return ok(`${out.join("\n")}\n`);
  });
}

/**
 * `uniq -c` and `wc` with GNU coreutils' column widths, so piped analyst commands print exactly
 * what they print on a real host. The counting itself is just-bash's, except in the forms
 * text-fast.ts runs natively over large logs (`wc -l`, `uniq [-cdui]`, `cut -d/-f/-c`).
 */
function gnuLayoutCommands(): Command[] {
  const uniq = defineCommand("uniq", async (args, ctx) => {
    const fast = await fastUniq(args, ctx);
    if (fast) return fast;
    const r = ctx.origCommand ? await ctx.origCommand(args) : fail("uniq: unavailable");
    const counting = args.some((a) => a === "--count" || /^-[a-zA-Z]*c/.test(a));
    if (!counting || r.exitCode !== 0) return r;
    return { ...r, stdout: r.stdout.replace(/^ *(\d+) /gm, (_m, n: string) => `${n.padStart(7)} `) };
  });
  const wc = defineCommand("wc", async (args, ctx) => {
    const fast = await fastWcLines(args, ctx);
    if (fast) return fast;
    const r = ctx.origCommand ? await ctx.origCommand(args) : fail("wc: unavailable");
    if (r.exitCode !== 0 && !r.stdout) return r;
    const counts = ["l", "w", "c", "m", "L"].filter((f) =>
      args.some(
        (a) =>
          a === `--${{ l: "lines", w: "words", c: "bytes", m: "chars", L: "max-line-length" }[f]}` ||
          (/^-[a-zA-Z]+$/.test(a) && a.includes(f)),
      ),
    );
    const files = args.filter((a) => !a.startsWith("-") || a === "-");
    const lines = r.stdout.split("\n").filter(Boolean);
    let width: number;
    if (counts.length === 1 && lines.length === 1 && files.length <= 1) width = 1;
    else if (files.length === 0 || files.includes("-")) width = 7;
    else {
      let total = 0;
      for (const f of files)
        total += await ctx.fs.stat(ctx.fs.resolvePath(ctx.cwd, f)).then(
          (st) => (st.isFile ? st.size : 0),
          () => 0,
        );
      width = Math.max(1, String(total).length);
    }
    const stdout = lines
      .map((line) => {
        const m = /^\s*((?:\d+\s+)*\d+)(?:\s+(.*))?$/.exec(line);
        if (!m) return line;
        const nums = m[1]!
          .trim()
          .split(/\s+/)
          .map((n) => n.padStart(width));
        return m[2] !== undefined ? `${nums.join(" ")} ${m[2]}` : nums.join(" ");
      })
      .join("\n");
    return { ...r, stdout: stdout ? `${stdout}\n` : "" };
  });
  const cut = defineCommand("cut", async (args, ctx) => {
    const fast = await fastCut(args, ctx);
    if (fast) return fast;
    return ctx.origCommand ? ctx.origCommand(args) : fail("cut: unavailable");
  });
  return [uniq, wc, cut, fileCommand()];
}

/**
 * file as file 5.44 lays out several names: each "name:" padded to the longest, and a missing
 * file reported in the output (exit 0) as "cannot open `name' (No such file or directory)".
 * The identification itself is just-bash's.
 */
function fileCommand(): Command {
  return defineCommand("file", async (args, ctx) => {
    const r = ctx.origCommand ? await ctx.origCommand(args) : fail("file: unavailable");
    const names = args.filter((a) => !a.startsWith("-"));
    if (names.length !== args.length || !r.stdout) return r;
    const width = Math.max(...names.map((n) => n.length)) + 1;
    const lines = r.stdout.replace(/\n$/, "").split("\n");
    if (lines.length !== names.length) return r;
    const stdout = lines.map((line, i) => {
      const name = names[i]!;
      if (!line.startsWith(`${name}: `)) return line;
      const rest = line.slice(name.length + 2).replace(/^cannot open \((.*)\)$/, `cannot open \`${name}' ($1)`);
      return `${`${name}:`.padEnd(width)} ${rest}`;
    });
    return { ...r, stdout: `${stdout.join("\n")}\n`, exitCode: 0 };
  });
}

export function fileCommands(host: HostState, env: CommandEnvironment): Command[] {
  return [lsCommand(host, env), chownCommand(host), statCommand(host), ...gnuLayoutCommands()];
}
