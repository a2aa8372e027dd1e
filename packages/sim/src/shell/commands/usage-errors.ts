import { getCommandNames, defineCommand, type Command } from "just-bash";

/**
 * What a tool prints after "invalid option -- 'Q'" or "unrecognized option '--x'": just-bash
 * prints that first line only and exits 1; the real tools add their usage hint and have their
 * own exit codes. The versions are those of the hosts: GNU coreutils 9.1, grep 3.8, sed 4.9,
 * diffutils 3.8, mawk (Debian and Ubuntu's awk), jq 1.6, file 5.44.
 */
interface Complaint {
  /** What follows the first line. */
  rest: (name: string) => string;
  exitCode: number;
  /** A first line of another shape (mawk, jq), from the option as written. */
  first?: (option: string) => string;
}

const SED_USAGE =
  "Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...\n\n  -n, --quiet, --silent\n                 suppress automatic printing of pattern space\n      --debug\n                 annotate program execution\n  -e script, --expression=script\n                 add the script to the commands to be executed\n  -f script-file, --file=script-file\n                 add the contents of script-file to the commands to be executed\n  --follow-symlinks\n                 follow symlinks when processing in place\n  -i[SUFFIX], --in-place[=SUFFIX]\n                 edit files in place (makes backup if SUFFIX supplied)\n  -l N, --line-length=N\n                 specify the desired line-wrap length for the `l' command\n  --posix\n                 disable all GNU extensions.\n  -E, -r, --regexp-extended\n                 use extended regular expressions in the script\n                 (for portability use POSIX -E).\n  -s, --separate\n                 consider files as separate rather than as a single,\n                 continuous long stream.\n      --sandbox\n                 operate in sandbox mode (disable e/r/w commands).\n  -u, --unbuffered\n                 load minimal amounts of data from the input files and flush\n                 the output buffers more often\n  -z, --null-data\n                 separate lines by NUL characters\n      --help     display this help and exit\n      --version  output version information and exit\n\nIf no -e, --expression, -f, or --file option is given, then the first\nnon-option argument is taken as the sed script to interpret.  All\nremaining arguments are names of input files; if no input files are\nspecified, then the standard input is read.\n\nGNU sed home page: <https://www.gnu.org/software/sed/>.\nGeneral help using GNU software: <https://www.gnu.org/gethelp/>.\n";

const FILE_USAGE =
  "Usage: file [-bcCdEhikLlNnprsSvzZ0] [--apple] [--extension] [--mime-encoding]\n            [--mime-type] [-e <testname>] [-F <separator>]  [-f <namefile>]\n            [-m <magicfiles>] [-P <parameter=value>] [--exclude-quiet]\n            <file> ...\n       file -C [-m <magicfiles>]\n       file [--help]\n";

const tryHelp = (name: string) => `Try '${name} --help' for more information.\n`;
const coreutils: Complaint = { rest: tryHelp, exitCode: 1 };

const COMPLAINTS: Record<string, Complaint> = {
  ...Object.fromEntries(
    "cat cut wc uniq tr nl tee du sha1sum sha256sum sha512sum md5sum base64 xargs comm join paste fold expand split readlink mkdir rm cp mv touch ln chmod env column rev"
      .split(" ")
      .map((n) => [n, coreutils]),
  ),
  grep: { rest: (n) => `Usage: grep [OPTION]... PATTERNS [FILE]...\n${tryHelp(n)}`, exitCode: 2 },
  sed: { rest: () => SED_USAGE, exitCode: 1 },
  diff: { rest: (n) => `diff: ${tryHelp(n)}`, exitCode: 2 },
  file: { rest: () => FILE_USAGE, exitCode: 1 },
  awk: { rest: () => "", exitCode: 2, first: (o) => `awk: not an option: ${o}` },
  jq: {
    rest: () =>
      "Use jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://stedolan.github.io/jq\n",
    exitCode: 2,
    first: (o) => `jq: Unknown option ${o}`,
  },
  gzip: { rest: () => "Try `gzip --help' for more information.\n", exitCode: 1 },
  zcat: { rest: () => "Try `gzip --help' for more information.\n", exitCode: 1 },
};

type Result = { stdout: string; stderr: string; exitCode: number };

/** just-bash's one-line complaint, completed as the real tool words it. Other results pass unchanged. */
export function completeComplaint<R extends Result>(name: string, r: R): R {
  const c = COMPLAINTS[name];
  const m = /^[\w-]+: (?:invalid option -- '(.)'|unrecognized option '(--[^']*)')\n$/.exec(r.stderr);
  if (!c || !m || r.stdout) return r;
  const option = m[1] !== undefined ? `-${m[1]}` : m[2]!;
  const prog = name === "zcat" ? "gzip" : name;
  const first = c.first?.(option) ?? r.stderr.trimEnd().replace(/^[\w-]+:/, `${prog}:`);
  return { ...r, stderr: `${first}\n${c.rest(name)}`, exitCode: c.exitCode };
}

/** find's own words quote the predicate as `-x' (GNU findutils 4.9). */
function completeFind<R extends Result>(r: R): R {
  const m = /^find: unknown predicate '(.*)'\n$/.exec(r.stderr);
  return m ? { ...r, stderr: `find: unknown predicate \`${m[1]}'\n` } : r;
}

function wrap(command: Command): Command {
  const fix = command.name === "find" ? completeFind : <R extends Result>(r: R) => completeComplaint(command.name, r);
  return { ...command, execute: async (args, ctx) => fix(await command.execute(args, ctx)) };
}

/**
 * The commands with their unknown-option complaints completed, plus wrappers for the bundled
 * tools in the table that no command here replaces.
 */
export function withUsageErrors(commands: Command[]): Command[] {
  const own = new Set(commands.map((c) => c.name));
  const bundled = new Set<string>(getCommandNames());
  const extra = Object.keys(COMPLAINTS)
    .filter((n) => !own.has(n) && bundled.has(n))
    .map((n) =>
      defineCommand(n, async (args, ctx) =>
        ctx.origCommand
          ? ctx.origCommand(args)
          : { stdout: "", stderr: `bash: ${n}: command not found\n`, exitCode: 127 },
      ),
    );
  return [...commands, ...extra].map((c) => (COMPLAINTS[c.name] || c.name === "find" ? wrap(c) : c));
}
