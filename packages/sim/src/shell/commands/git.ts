import { defineCommand, type Command } from "just-bash";
import {
  blame,
  changedFiles,
  diffTrees,
  gitDate,
  type CommitNode,
  type RepositoryModel,
} from "../../git/repository-model";
import type { HostState } from "../../host-state";
import { fail, ok } from "../args";

const READ_ONLY = new Set([
  "commit",
  "push",
  "pull",
  "fetch",
  "reset",
  "checkout",
  "switch",
  "merge",
  "rebase",
  "cherry-pick",
  "revert",
  "add",
  "rm",
  "mv",
  "tag",
  "stash",
  "am",
  "apply",
  "gc",
  "prune",
  "update-ref",
  "filter-branch",
  "clone",
  "init",
  "remote",
  "config",
]);

function decorate(model: RepositoryModel, node: CommitNode): string {
  const names = [...model.branches.entries()].filter(([, n]) => n === node).map(([b]) => b);
  if (names.length === 0) return "";
  const labels = names.map((b) => (b === model.defaultBranch ? `HEAD -> ${b}` : b));
  return ` (${labels.join(", ")})`;
}

function prettyFormat(format: string, node: CommitNode): string {
  const c = node.commit;
  const subject = c.message.split("\n")[0] ?? "";
  const map: Record<string, string> = {
    H: c.hash,
    h: c.hash.slice(0, 7),
    P: node.parent?.commit.hash ?? "",
    p: node.parent?.commit.hash.slice(0, 7) ?? "",
    an: c.author.name,
    ae: c.author.email,
    ad: gitDate(c.date),
    aI: c.date.replace(/\.\d+Z$|Z$/, "+00:00"),
    ai: c.date.replace("T", " ").replace(/\.\d+Z$|Z$/, " +0000"),
    at: String(Math.floor(Date.parse(c.date) / 1000)),
    cn: c.author.name,
    ce: c.author.email,
    cd: gitDate(c.date),
    ci: c.date.replace("T", " ").replace(/\.\d+Z$|Z$/, " +0000"),
    cI: c.date.replace(/\.\d+Z$|Z$/, "+00:00"),
    s: subject,
    b: c.message.split("\n").slice(1).join("\n").trim(),
    B: c.message,
    n: "\n",
    d: "",
  };
  return format.replace(/%(aI|ai|an|ae|ad|at|cn|ce|cd|ci|cI|[HhPpsbBnd])/g, (_m, k: string) => map[k] ?? "");
}

function header(model: RepositoryModel, node: CommitNode): string {
  const c = node.commit;
  const body = c.message
    .replace(/\n+$/, "")
    .split("\n")
    .map((l) => (l ? `    ${l}` : ""))
    .join("\n");
  return `commit ${c.hash}${decorate(model, node)}\nAuthor: ${c.author.name} <${c.author.email}>\nDate:   ${gitDate(c.date)}\n\n${body}\n`;
}

function stat(node: CommitNode): string {
  const before = node.parent?.tree ?? new Map<string, string>();
  const files = changedFiles(node);
  let insertions = 0;
  let deletions = 0;
  const lines = files.map((f) => {
    const diff = diffTrees(before, node.tree, [f.path]);
    const plus = diff.split("\n").filter((l) => l.startsWith("+") && !l.startsWith("+++")).length;
    const minus = diff.split("\n").filter((l) => l.startsWith("-") && !l.startsWith("---")).length;
    insertions += plus;
    deletions += minus;
    return ` ${f.path} | ${plus + minus} ${"+".repeat(Math.min(plus, 40))}${"-".repeat(Math.min(minus, 40))}`;
  });
  return `${lines.join("\n")}\n ${files.length} file${files.length === 1 ? "" : "s"} changed, ${insertions} insertion${insertions === 1 ? "" : "s"}(+), ${deletions} deletion${deletions === 1 ? "" : "s"}(-)\n`;
}

/** The whole of `git show <commit>`: header, message and diff against its parent. */
export function showCommit(model: RepositoryModel, node: CommitNode, paths?: string[]): string {
  const diff = diffTrees(node.parent?.tree ?? new Map(), node.tree, paths);
  return `${header(model, node)}\n${diff}`;
}

interface GitArgs {
  options: Map<string, string | true>;
  revisions: string[];
  paths: string[];
}

function parseGitArgs(args: string[], valueOptions: string[]): GitArgs {
  const options = new Map<string, string | true>();
  const revisions: string[] = [];
  const paths: string[] = [];
  let afterDashes = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (afterDashes) paths.push(a);
    else if (a === "--") afterDashes = true;
    else if (/^-\d+$/.test(a)) options.set("n", a.slice(1));
    else if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      if (eq >= 0) options.set(a.slice(2, eq), a.slice(eq + 1));
      else if (valueOptions.includes(a.slice(2)) && i + 1 < args.length) options.set(a.slice(2), args[++i]!);
      else options.set(a.slice(2), true);
    } else if (a.startsWith("-") && a.length > 1) {
      const key = a.slice(1, 2);
      if (valueOptions.includes(key)) options.set(key, a.length > 2 ? a.slice(2) : (args[++i] ?? ""));
      else for (const ch of a.slice(1)) options.set(ch, true);
    } else revisions.push(a);
  }
  return { options, revisions, paths };
}

function gitLog(model: RepositoryModel, args: string[]): { stdout: string; stderr: string; exitCode: number } {
  const g = parseGitArgs(args, [
    "n",
    "max-count",
    "author",
    "since",
    "after",
    "until",
    "before",
    "grep",
    "format",
    "pretty",
  ]);
  let nodes: CommitNode[];
  const range = g.revisions.find((r) => r.includes(".."));
  if (g.options.has("all")) nodes = [...model.commits].reverse();
  else if (range) {
    const [from, to] = range.split(/\.\.\.?/);
    const toNode = model.resolve(to || "HEAD");
    const fromNode = model.resolve(from || "HEAD");
    if (!toNode || !fromNode)
      return fail(`fatal: ambiguous argument '${range}': unknown revision or path not in the working tree.`, 128);
    const exclude = new Set(model.history(fromNode));
    nodes = model.history(toNode).filter((n) => !exclude.has(n));
  } else {
    const start = model.resolve(g.revisions[0] ?? "HEAD");
    if (!start)
      return fail(
        `fatal: ambiguous argument '${g.revisions[0]}': unknown revision or path not in the working tree.`,
        128,
      );
    nodes = model.history(start);
  }
  const author = g.options.get("author");
  if (typeof author === "string")
    nodes = nodes.filter((n) =>
      `${n.commit.author.name} <${n.commit.author.email}>`.toLowerCase().includes(author.toLowerCase()),
    );
  const grep = g.options.get("grep");
  if (typeof grep === "string")
    nodes = nodes.filter((n) => n.commit.message.toLowerCase().includes(grep.toLowerCase()));
  for (const [key, keep] of [
    ["since", (ms: number, t: number) => ms >= t],
    ["after", (ms: number, t: number) => ms >= t],
    ["until", (ms: number, t: number) => ms <= t],
    ["before", (ms: number, t: number) => ms <= t],
  ] as const) {
    const v = g.options.get(key);
    if (typeof v === "string" && !Number.isNaN(Date.parse(v)))
      nodes = nodes.filter((n) => keep(Date.parse(n.commit.date), Date.parse(v)));
  }
  if (g.paths.length)
    nodes = nodes.filter((n) =>
      changedFiles(n).some((f) => g.paths.some((p) => f.path === p || f.path.startsWith(`${p.replace(/\/$/, "")}/`))),
    );
  const max = g.options.get("n") ?? g.options.get("max-count");
  if (typeof max === "string") nodes = nodes.slice(0, Number(max));

  const pretty = g.options.get("format") ?? g.options.get("pretty");
  const out = nodes.map((n) => {
    let text: string;
    if (g.options.has("oneline") || pretty === "oneline")
      text = `${n.commit.hash.slice(0, 7)}${decorate(model, n)} ${n.commit.message.split("\n")[0]}\n`;
    else if (typeof pretty === "string") text = `${prettyFormat(pretty.replace(/^(format|tformat):/, ""), n)}\n`;
    else text = header(model, n);
    if (g.options.has("stat")) text += `\n${stat(n)}`;
    if (g.options.has("name-only"))
      text += `\n${changedFiles(n)
        .map((f) => f.path)
        .join("\n")}\n`;
    if (g.options.has("name-status"))
      text += `\n${changedFiles(n)
        .map((f) => `${f.status}\t${f.path}`)
        .join("\n")}\n`;
    if (g.options.has("p") || g.options.has("patch"))
      text += `\n${diffTrees(n.parent?.tree ?? new Map(), n.tree, g.paths)}`;
    return text;
  });
  const compact = g.options.has("oneline") || (typeof pretty === "string" && !g.options.has("p"));
  return ok(out.join(compact ? "" : "\n"));
}

function runGit(
  model: RepositoryModel,
  sub: string,
  args: string[],
): { stdout: string; stderr: string; exitCode: number } {
  switch (sub) {
    case "log":
      return gitLog(model, args);
    case "show": {
      const g = parseGitArgs(args, ["format", "pretty"]);
      const rev = g.revisions[0] ?? "HEAD";
      const blobRef = /^([^:]+):(.+)$/.exec(rev);
      if (blobRef) {
        const node = model.resolve(blobRef[1]!);
        const content = node?.tree.get(blobRef[2]!);
        if (!node) return fail(`fatal: invalid object name '${blobRef[1]}'.`, 128);
        if (content === undefined) return fail(`fatal: path '${blobRef[2]}' does not exist in '${blobRef[1]}'`, 128);
        return ok(content);
      }
      const node = model.resolve(rev);
      if (!node)
        return fail(`fatal: ambiguous argument '${rev}': unknown revision or path not in the working tree.`, 128);
      if (g.options.has("stat")) return ok(`${header(model, node)}\n${stat(node)}`);
      if (g.options.has("name-only"))
        return ok(
          `${header(model, node)}\n${changedFiles(node)
            .map((f) => f.path)
            .join("\n")}\n`,
        );
      if (g.options.has("name-status"))
        return ok(
          `${header(model, node)}\n${changedFiles(node)
            .map((f) => `${f.status}\t${f.path}`)
            .join("\n")}\n`,
        );
      return ok(showCommit(model, node, g.paths));
    }
    case "diff": {
      const g = parseGitArgs(args, []);
      const revs = g.revisions.flatMap((r) => (r.includes("..") ? r.split(/\.\.\.?/) : [r]));
      if (revs.length === 0) return ok("");
      const a = model.resolve(revs[0]!);
      const b = revs[1] ? model.resolve(revs[1]) : a?.parent ? a : undefined;
      if (!a || !b)
        return fail(
          `fatal: ambiguous argument '${g.revisions.join(" ")}': unknown revision or path not in the working tree.`,
          128,
        );
      const [from, to] = revs.length === 1 ? [a.parent?.tree ?? new Map<string, string>(), a.tree] : [a.tree, b.tree];
      if (g.options.has("stat") || g.options.has("name-only")) {
        const files = [...new Set([...from.keys(), ...to.keys()])].filter((p) => from.get(p) !== to.get(p)).sort();
        return ok(`${files.join("\n")}${files.length ? "\n" : ""}`);
      }
      return ok(diffTrees(from, to, g.paths));
    }
    case "blame": {
      const g = parseGitArgs(args, ["L"]);
      const path = g.paths[0] ?? g.revisions[g.revisions.length - 1];
      const rev = g.paths.length ? g.revisions[0] : g.revisions.length > 1 ? g.revisions[0] : "HEAD";
      const at = model.resolve(rev ?? "HEAD");
      if (!path || !at) return fail("usage: git blame [<options>] [<rev-opts>] [<rev>] [--] <file>", 129);
      const lines = blame(model, at, path);
      if (!lines) return fail(`fatal: no such path '${path}' in ${rev ?? "HEAD"}`, 128);
      let range: [number, number] = [1, lines.length];
      const L = g.options.get("L");
      if (typeof L === "string") {
        const [s, e] = L.split(",");
        range = [
          Number(s) || 1,
          e ? (e.startsWith("+") ? (Number(s) || 1) + Number(e.slice(1)) - 1 : Number(e)) : lines.length,
        ];
      }
      const width = String(lines.length).length;
      const out = lines
        .map((l, i) => ({ l, n: i + 1 }))
        .filter(({ n }) => n >= range[0] && n <= range[1])
        .map(
          ({ l, n }) =>
            `${l.node.commit.hash.slice(0, 8)} (${l.node.commit.author.name.padEnd(14)} ${l.node.commit.date.replace("T", " ").replace(/(\.\d+)?Z$/, " +0000")} ${String(n).padStart(width)}) ${l.line}`,
        );
      return ok(`${out.join("\n")}\n`);
    }
    case "branch": {
      const names = [...model.branches.keys()].sort();
      return ok(`${names.map((b) => `${b === model.defaultBranch ? "*" : " "} ${b}`).join("\n")}\n`);
    }
    case "rev-parse": {
      const out: string[] = [];
      for (const r of args.filter((x) => !x.startsWith("-"))) {
        const node = model.resolve(r);
        if (!node)
          return fail(`fatal: ambiguous argument '${r}': unknown revision or path not in the working tree.`, 128);
        out.push(args.includes("--short") ? node.commit.hash.slice(0, 7) : node.commit.hash);
      }
      if (args.includes("--is-bare-repository")) out.push("true");
      return ok(`${out.join("\n")}\n`);
    }
    case "ls-tree":
    case "ls-files": {
      const rev = sub === "ls-tree" ? (args.filter((x) => !x.startsWith("-"))[0] ?? "HEAD") : "HEAD";
      const node = model.resolve(rev);
      if (!node) return fail(`fatal: Not a valid object name ${rev}`, 128);
      return ok(`${[...node.tree.keys()].sort().join("\n")}\n`);
    }
    case "cat-file": {
      const rev = args.filter((x) => !x.startsWith("-"))[0] ?? "";
      const blobRef = /^([^:]+):(.+)$/.exec(rev);
      if (blobRef) return runGit(model, "show", [rev]);
      const node = model.resolve(rev);
      if (!node) return fail(`fatal: Not a valid object name ${rev}`, 128);
      if (args.includes("-t")) return ok("commit\n");
      const c = node.commit;
      const ts = `${Math.floor(Date.parse(c.date) / 1000)} +0000`;
      return ok(
        `tree ${c.hash.split("").reverse().join("")}\n${node.parent ? `parent ${node.parent.commit.hash}\n` : ""}author ${c.author.name} <${c.author.email}> ${ts}\ncommitter ${c.author.name} <${c.author.email}> ${ts}\n\n${c.message.replace(/\n*$/, "\n")}`,
      );
    }
    case "shortlog": {
      const counts = new Map<string, number>();
      for (const n of model.history(model.resolve("HEAD")!))
        counts.set(
          `${n.commit.author.name}${args.includes("-e") ? ` <${n.commit.author.email}>` : ""}`,
          (counts.get(`${n.commit.author.name}${args.includes("-e") ? ` <${n.commit.author.email}>` : ""}`) ?? 0) + 1,
        );
      return ok(
        `${[...counts.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([name, n]) => `${String(n).padStart(6)}\t${name}`)
          .join("\n")}\n`,
      );
    }
    case "status":
      return fail("fatal: this operation must be run in a work tree", 128);
    default:
      if (READ_ONLY.has(sub))
        return fail(
          `fatal: '${sub}' is not available: repositories on this host are read-only in the simulated environment`,
          128,
        );
      return fail(`git: '${sub}' is not a git command. See 'git --help'.`, 1);
  }
}

/** Read-only `git` over the repositories this host serves, selected by -C, --git-dir or the cwd. */
export function gitCommand(host: HostState): Command {
  return defineCommand("git", async (args, ctx) => {
    let dir = ctx.cwd;
    const rest: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === "-C" && i + 1 < args.length) dir = host.fs.resolvePath(dir, args[++i]!);
      else if (a.startsWith("--git-dir=")) dir = host.fs.resolvePath(ctx.cwd, a.slice(10));
      else if (a === "--no-pager" || a === "-P") continue;
      else if (a === "-c" && i + 1 < args.length) i++;
      else rest.push(a);
    }
    const [sub, ...subArgs] = rest;
    if (!sub || sub === "--version")
      return ok(
        sub ? "git version 2.39.5\n" : "usage: git [-v | --version] [-h | --help] [-C <path>] <command> [<args>]\n",
      );
    let model: RepositoryModel | undefined;
    for (const [repoDir, m] of host.repositories) if (dir === repoDir || dir.startsWith(`${repoDir}/`)) model = m;
    if (!model) {
      const known = [...host.repositories.keys()];
      return fail(
        `fatal: not a git repository (or any of the parent directories): .git${known.length ? `\n(repositories on this host: ${known.join(", ")})` : ""}`,
        128,
      );
    }
    return runGit(model, sub, subArgs);
  });
}
