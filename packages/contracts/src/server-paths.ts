import { existsSync, realpathSync } from "node:fs";
import path from "node:path";

/**
 * The console shows paths relative to the workspace, never where the server keeps its files.
 * Output of programs the server runs (eval, Environment Control scripts, the viewer) and error
 * messages built from Node errors ("EACCES: permission denied, mkdir '/srv/…/results'") carry
 * absolute paths; a scrubber rewrites them before they reach a response, a saved record or the
 * activity log:
 *
 *   <workspace>/results/x.md  →  results/x.md        <workspace>    →  .
 *   <data dir>/private/db     →  ../private/db       (the workspace's parent, as the config lays it out)
 *   <install dir>/packages/…  →  <install>/packages/… (stack traces of the programs themselves)
 *
 * (the last two only when they are two names deep or more: see spellings).
 *
 * Each directory is matched as configured and as the kernel resolves it (a workspace under a
 * symlinked /tmp appears both ways), longest first, and only as a whole path: a sibling such as
 * <workspace>-old is left alone.
 */
/*
 * Node only: the server and the log viewer import it as "@analystbench/contracts/server-paths";
 * the package index (which the browser loads) does not export it.
 */
export type PathScrubber = (text: string) => string;

/** The scrubbed text, or null for no text (an optional error message). */
export const scrubNullable = (scrub: PathScrubber, text: string | null): string | null =>
  text === null ? null : scrub(text);

/** Where this checkout lives: packages/contracts/src → the repository root. */
export const INSTALL_DIR = path.resolve(import.meta.dirname, "../../..");

interface Rule {
  dir: string;
  /** What replaces "<dir>/" before a relative rest. */
  prefix: string;
  /** What replaces the directory itself. */
  bare: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Characters that continue a path name: after the directory they make it another name. */
const NAME_CHAR = /[\w.~@+-]/;

/** Whether the text at `i` continues a name ("-old", ".bak"), unlike a sentence's closing "." or a quote. */
function continuesName(text: string, i: number): boolean {
  const c = text[i];
  if (c === undefined) return false;
  if (c === ".") return NAME_CHAR.test(text[i + 1] ?? "");
  return NAME_CHAR.test(c);
}

function realOrSame(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

/** How many names a path has below "/": "/tmp" 1, "/srv/bench" 2. */
const depthOf = (dir: string) => dir.split(path.sep).filter(Boolean).length;

/**
 * One rule per spelling of `dir` (as given and real) at least `minDepth` names deep. "/" would
 * match everything; a short directory such as /tmp, /app or /data would also match the paths of
 * the simulated hosts that runs and scripts print (/tmp/payload.sh, /app/package.json), so the
 * data and install dirs are rewritten only when they are specific (two names or more).
 */
function spellings(dir: string, prefix: string, bare: string, minDepth: number, escape: (s: string) => string): Rule[] {
  const resolved = path.resolve(dir);
  return [...new Set([resolved, realOrSame(resolved)])]
    .filter((d) => depthOf(d) >= minDepth)
    .map((d) => ({ dir: escape(d), prefix: escape(prefix), bare: escape(bare) }));
}

function scrubWith(rules: Rule[], text: string): string {
  let out = text;
  for (const rule of rules) {
    if (!out.includes(rule.dir)) continue;
    const pattern = new RegExp(`${escapeRegExp(rule.dir)}(/+)?`, "g");
    out = out.replace(pattern, (match: string, slashes: string | undefined, offset: number, whole: string) => {
      const more = continuesName(whole, offset + match.length);
      // "/srv/ws-old" is not the workspace "/srv/ws": leave it alone.
      if (!slashes && more) return match;
      return slashes && more ? rule.prefix : rule.bare;
    });
  }
  return out;
}

/**
 * The scrubber for a workspace directory. The directories' real paths are looked up on each call
 * until they exist (the workspace may be created after the server starts), then kept.
 */
export function workspacePathScrubber(
  workspaceDir: string,
  opts: {
    installDir?: string;
    /** How the text spells a path: the viewer scrubs finished HTML, where "&" is "&amp;". */
    escape?: (s: string) => string;
  } = {},
): PathScrubber {
  const escape = opts.escape ?? ((s: string) => s);
  const workspace = path.resolve(workspaceDir);
  const dataDir = path.dirname(workspace);
  const installDir = opts.installDir ?? INSTALL_DIR;
  let kept: Rule[] | null = null;
  const build = () =>
    [
      ...spellings(workspace, "", ".", 1, escape),
      ...spellings(dataDir, "../", "..", 2, escape),
      ...spellings(installDir, "<install>/", "<install>", 2, escape),
    ]
      // Longest first: the workspace usually lies inside the data dir, which may lie inside the install dir.
      .sort((a, b) => b.dir.length - a.dir.length);
  return (text) => {
    if (!text) return text;
    const rules = kept ?? build();
    // Once the workspace exists its real path is known for good; until then, look again next time.
    if (!kept && existsSync(workspace)) kept = rules;
    return scrubWith(rules, text);
  };
}
