/**
 * Argument parsing for the git subcommands, with the options each one knows, so that an unknown
 * option is refused in git's words instead of being silently ignored.
 */
export interface GitArgs {
  options: Map<string, string | true>;
  /** Words before `--` that are not options: revisions, or paths git finds in the working tree. */
  words: string[];
  /** Words after `--`: always paths. */
  paths: string[];
  dashDash: boolean;
}

export interface OptionSpec {
  /** Options without a value, long names or single letters ("oneline", "p"). */
  flags: string[];
  /** Options with a value ("author", "n"): `--author=x`, `--author x`, `-n5`, `-n 5`. */
  values: string[];
  /** Long options whose value is only given with `=`, if at all (`--decorate[=short]`, `--format=…`). */
  optional?: string[];
}

/** The first unknown option, as written, or the parsed arguments. */
export function parseGitArgs(args: string[], spec: OptionSpec): GitArgs | { unknown: string } {
  const g: GitArgs = { options: new Map(), words: [], paths: [], dashDash: false };
  const known = (name: string) =>
    spec.flags.includes(name) || spec.values.includes(name) || (spec.optional ?? []).includes(name);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (g.dashDash) g.paths.push(a);
    else if (a === "--") g.dashDash = true;
    else if (/^-\d+$/.test(a)) g.options.set("n", a.slice(1));
    else if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      if (!known(name)) return { unknown: a };
      if (eq >= 0) g.options.set(name, a.slice(eq + 1));
      else if (spec.values.includes(name)) {
        if (i + 1 >= args.length) return { unknown: a };
        g.options.set(name, args[++i]!);
      } else g.options.set(name, true);
    } else if (a.startsWith("-") && a.length > 1) {
      const bad = parseShortCluster(a, args, i, spec, g);
      if (typeof bad === "string") return { unknown: bad };
      i = bad;
    } else g.words.push(a);
  }
  return g;
}

/** `-sb`, `-n5`, `-L 1,5`: flags until one takes the rest of the word (or the next word) as value. */
function parseShortCluster(a: string, args: string[], i: number, spec: OptionSpec, g: GitArgs): number | string {
  for (let j = 1; j < a.length; j++) {
    const ch = a[j]!;
    if (spec.values.includes(ch)) {
      if (j + 1 < a.length) g.options.set(ch, a.slice(j + 1));
      else if (i + 1 < args.length) g.options.set(ch, args[++i]!);
      else return a;
      return i;
    }
    if (!spec.flags.includes(ch)) return a.length === 2 ? a : `-${ch}`;
    g.options.set(ch, true);
  }
  return i;
}

/** Options every history command (log, show, reflog) takes from git's revision machinery. */
export const REVISION_OPTIONS: OptionSpec = {
  flags: [
    "oneline",
    "all",
    "stat",
    "shortstat",
    "numstat",
    "p",
    "u",
    "patch",
    "s",
    "no-patch",
    "name-only",
    "name-status",
    "reverse",
    "no-merges",
    "merges",
    "first-parent",
    "no-decorate",
    "follow",
    "abbrev-commit",
    "no-abbrev-commit",
    "i",
    "regexp-ignore-case",
    "no-color",
    "full-history",
    "date-order",
    "topo-order",
    "branches",
    "remotes",
    "g",
    "walk-reflogs",
    "graph",
  ],
  values: ["n", "max-count", "skip", "author", "committer", "since", "after", "until", "before", "grep", "date"],
  optional: ["decorate", "color", "pretty", "format"],
};
