import { formatDate } from "./dates";
import { decorations, type RefView } from "./refs";
import type { CommitNode } from "./repository-model";

/** How commits are printed: the --pretty/--format choice, --date style and the clock for "ago". */
export interface CommitFormat {
  /** A named format (medium, oneline, short, full, fuller, reference) or a format string. */
  pretty: string;
  /** Whether a format string separates entries (format:) or terminates them (tformat:). */
  separator: boolean;
  abbrev: boolean;
  decorate: boolean;
  date: string;
  nowMs: number;
}

const subject = (node: CommitNode) => node.commit.message.split("\n")[0] ?? "";
const person = (node: CommitNode) => `${node.commit.author.name} <${node.commit.author.email}>`;
const hashOf = (node: CommitNode, abbrev: boolean) => (abbrev ? node.commit.hash.slice(0, 7) : node.commit.hash);

/** The message as git log shows it: every line (blank ones too) indented by four spaces. */
export function indentedMessage(node: CommitNode, titleOnly = false): string {
  const lines = node.commit.message.replace(/\s+$/, "").split("\n");
  return (titleOnly ? lines.slice(0, 1) : lines).map((l) => `    ${l.trimEnd()}`).join("\n");
}

function namedFormat(view: RefView, node: CommitNode, f: CommitFormat): string {
  const decor = f.decorate ? decorations(view, node) : "";
  const date = formatDate(node.commit.date, f.date, f.nowMs);
  const commit = `commit ${hashOf(node, f.abbrev)}${decor}`;
  switch (f.pretty) {
    case "oneline":
      return `${hashOf(node, f.abbrev)}${decor} ${subject(node)}`;
    case "reference":
      return `${node.commit.hash.slice(0, 7)} (${subject(node)}, ${formatDate(node.commit.date, "short", f.nowMs)})`;
    case "short":
      return `${commit}\nAuthor: ${person(node)}\n\n${indentedMessage(node, true)}\n`;
    case "full":
      return `${commit}\nAuthor: ${person(node)}\nCommit: ${person(node)}\n\n${indentedMessage(node)}\n`;
    case "fuller":
      return `${commit}\nAuthor:     ${person(node)}\nAuthorDate: ${date}\nCommit:     ${person(node)}\nCommitDate: ${date}\n\n${indentedMessage(node)}\n`;
    default:
      return `${commit}\nAuthor: ${person(node)}\nDate:   ${date}\n\n${indentedMessage(node)}\n`;
  }
}

/** The placeholders of --format (git-log(1) "PRETTY FORMATS") that a content commit can answer. */
function placeholders(view: RefView, node: CommitNode, f: CommitFormat): Record<string, string> {
  const c = node.commit;
  const dates = (p: string): Record<string, string> => ({
    [`${p}d`]: formatDate(c.date, f.date, f.nowMs),
    [`${p}D`]: formatDate(c.date, "rfc", f.nowMs),
    [`${p}r`]: formatDate(c.date, "relative", f.nowMs),
    [`${p}t`]: formatDate(c.date, "unix", f.nowMs),
    [`${p}i`]: formatDate(c.date, "iso", f.nowMs),
    [`${p}I`]: formatDate(c.date, "iso-strict", f.nowMs),
    [`${p}s`]: formatDate(c.date, "short", f.nowMs),
    [`${p}n`]: c.author.name,
    [`${p}e`]: c.author.email,
    [`${p}l`]: c.author.email.split("@")[0] ?? "",
  });
  const body = c.message.split("\n").slice(1).join("\n").replace(/^\n+/, "");
  return {
    H: c.hash,
    h: c.hash.slice(0, 7),
    P: node.parent?.commit.hash ?? "",
    p: node.parent?.commit.hash.slice(0, 7) ?? "",
    ...dates("a"),
    ...dates("c"),
    s: subject(node),
    b: body.replace(/\s*$/, body.trim() ? "\n" : ""),
    B: c.message.replace(/\s*$/, "\n"),
    d: decorations(view, node),
    D: decorations(view, node).replace(/^ \((.*)\)$/, "$1"),
    n: "\n",
    "%": "%",
  };
}

const PLACEHOLDER = /%(%|[ac][dDrtiIsnel]|[HhPpsbBdDn]|C\([^)]*\)|C(?:red|green|blue|reset))/g;

export function formatString(view: RefView, node: CommitNode, f: CommitFormat): string {
  const map = placeholders(view, node, f);
  return f.pretty.replace(PLACEHOLDER, (m, key: string) => (key.startsWith("C") ? "" : (map[key] ?? m)));
}

/** One commit in the chosen format, without the patch or stat that may follow it. */
export function formatCommit(view: RefView, node: CommitNode, f: CommitFormat): string {
  if (isNamedFormat(f.pretty)) return namedFormat(view, node, f);
  return formatString(view, node, f);
}

export function isNamedFormat(pretty: string): boolean {
  return ["medium", "oneline", "short", "full", "fuller", "reference"].includes(pretty);
}

/**
 * Reads --pretty/--format/--oneline into a format (or git's complaint about it). `--format=X` and `--pretty=tformat:X` end every
 * entry with a newline; `--pretty=format:X` only separates them, as git does.
 */
export function chooseFormat(
  options: Map<string, string | true>,
  nowMs: number,
  defaults: Partial<CommitFormat> = {},
): CommitFormat | string {
  const f: CommitFormat = {
    pretty: "medium",
    separator: false,
    abbrev: false,
    decorate: true,
    date: "default",
    nowMs,
    ...defaults,
  };
  const pretty = options.get("format") ?? options.get("pretty");
  if (options.has("oneline")) Object.assign(f, { pretty: "oneline", abbrev: true });
  else if (typeof pretty === "string") {
    const named = /^(format|tformat):([\s\S]*)$/.exec(pretty);
    if (named) Object.assign(f, { pretty: named[2], separator: named[1] === "format" && options.has("pretty") });
    else if (isNamedFormat(pretty) || pretty.includes("%")) f.pretty = pretty;
    else return `fatal: invalid --pretty format: ${pretty}`;
  }
  if (options.has("abbrev-commit")) f.abbrev = true;
  if (options.has("no-abbrev-commit")) f.abbrev = false;
  if (options.has("no-decorate") || options.get("decorate") === "no") f.decorate = false;
  const date = options.get("date");
  if (typeof date === "string") f.date = date;
  return f;
}
