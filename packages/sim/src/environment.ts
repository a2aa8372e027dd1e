import type { CaseWorld } from "@analystbench/scenarios";
import type { Bash } from "just-bash";
import { buildHost, cloneHost, copiedOnUse, copyFromInstead, isUntouchedCopy } from "./build-host";
import type { CommandEnvironment, HostState, StateChange } from "./host-state";
import { createRandom } from "./random";
import { restoreTables, snapshotTables, type SavedState } from "./saved-state";
import { createShell } from "./shell/create-shell";
import { ProvenanceProbe, type OutputProvenance } from "./shell/provenance";
import { sha256 } from "./tracked-fs";

/** Shell output handed to a model is capped; the note says so. */
export const OUTPUT_CAP_BYTES = 16 * 1024;

export interface ShellOutcome {
  ok: boolean;
  output: string;
  exitCode: number;
  truncated: boolean;
  /** Bytes the command printed before truncation. */
  bytes: number;
  provenance: OutputProvenance;
}

export interface CommandRecord {
  index: number;
  host: string;
  command: string;
  exitCode: number;
  /** Whether the command changed a file or the state of a service or process. */
  changedState: boolean;
  /** Whether its output printed its own text or read a file the agent wrote (see OutputProvenance). */
  provenance?: OutputProvenance;
}

export interface FileChange {
  host: string;
  path: string;
  change: "created" | "modified" | "deleted";
  commands: string[];
}

/** The environment after a run, compared with before: the grader's evidence of harm. */
export interface EnvironmentDiff {
  files: FileChange[];
  stateChanges: (StateChange & { commandText: string })[];
  commands: CommandRecord[];
}

export interface SimEnvironment {
  world: CaseWorld;
  seed: string;
  clockMs: number;
  hosts: HostState[];
  /**
   * SHA-256 over every host's files and tables as built (before any command ran): equal for
   * equal content and seed. Computed on first request, since it reads every generated log.
   */
  hash(): Promise<string>;
  /** Setup commands that failed (a content problem; `env verify` reports it). */
  setupFailures: { role: string; command: string; error: string }[];
  findHost(role: string): HostState | undefined;
  /**
   * findHost for reading a host's files outside a shell. A host nothing has used yet is copied
   * from its twin with an interpreter made on it, as a first command copies it: the files read
   * the same before and after the first command, and that command's interpreter writes nothing.
   * (A plain copy made by findHost's first touch makes its own interpreter: some 600 writes and
   * a restamp of the whole host.)
   */
  readHost(role: string): Promise<HostState | undefined>;
  roleNames(): string[];
  exec(role: string, command: string, opts?: { signal?: AbortSignal }): Promise<ShellOutcome>;
  commands: CommandRecord[];
  diff(): Promise<EnvironmentDiff>;
  /**
   * What commands changed since the last call (or since the build or restore): the commands run,
   * the changes recorded, and the current state of each path and table they touched.
   */
  takeDelta(): Promise<SavedState>;
  /**
   * Brings a freshly built environment (same world and seed) to a saved state without running
   * any command: afterwards diff() and every command behave as in the environment that saved it.
   */
  restore(state: SavedState): Promise<void>;
}

/** Truncates to the cap on a character boundary and says how much was left out. */
export function capOutput(text: string, cap = OUTPUT_CAP_BYTES): { text: string; truncated: boolean; bytes: number } {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes <= cap) return { text, truncated: false, bytes };
  let cut = Buffer.from(text, "utf8").subarray(0, cap).toString("utf8");
  if (cut.endsWith("\uFFFD")) cut = cut.slice(0, -1);
  return {
    text: `${cut}\n[output truncated: showing the first ${cap} of ${bytes} bytes; narrow the command with grep, head or tail]\n`,
    truncated: true,
    bytes,
  };
}

async function hashEnvironment(world: CaseWorld, hosts: HostState[]): Promise<string> {
  const parts: string[] = [world.clock];
  for (const host of [...hosts].sort((a, b) => a.spec.role.localeCompare(b.spec.role))) {
    parts.push(`host ${host.spec.role} ${host.spec.hostname} ${host.spec.ip} ${host.spec.os}`);
    for (const path of host.fs.getAllPaths().sort()) {
      const recipe = host.fs.lazyRecipes.get(path);
      if (recipe && host.fs.isPending(path)) {
        parts.push(`${path} lazy ${host.fs.knownMtimes.get(path)} ${host.fs.ownerOf(path)} ${recipe}`);
        continue;
      }
      const st = await host.fs.lstat(path);
      const body = st.isDirectory
        ? ""
        : st.isSymbolicLink
          ? await host.fs.readlink(path)
          : sha256(await host.fs.readFileBuffer(path));
      parts.push(
        `${path} ${st.isDirectory ? "d" : st.isSymbolicLink ? "l" : "f"} ${st.mode.toString(8)} ${st.mtime.getTime()} ${host.fs.ownerOf(path)} ${body}`,
      );
    }
    parts.push(JSON.stringify([host.processes, host.services, host.sockets, host.logins, host.journal]));
  }
  parts.push(JSON.stringify([world.repositories, world.pipelines, world.packages, world.groups]));
  return sha256(parts.join("\n"));
}

/** A host by role, hostname or the world's alias for it. */
function findHostIn(world: CaseWorld, hosts: HostState[], role: string): HostState | undefined {
  const key = role.trim().toLowerCase();
  const alias = world.aliases[key]?.toLowerCase();
  return hosts.find(
    (h) => h.spec.role.toLowerCase() === key || h.spec.hostname === key || h.spec.role.toLowerCase() === alias,
  );
}

/**
 * A host's interpreter. Making one lays down its command stubs in /bin (and its own
 * /proc/version) with the real time; settling stamps them like the rest of the built host.
 * On a copy of a laid host (`again`) they are there already, stamped: nothing needs settling.
 */
async function newShell(
  host: HostState,
  env: CommandEnvironment,
  probe: ProvenanceProbe,
  world: CaseWorld,
  again = false,
) {
  const createdAfter = Date.now() - 1000;
  let shell!: Bash;
  const make = () => void (shell = createShell(host, env, probe, world.repositories));
  if (!again) make();
  else if (host.fs.layDownAgain(make) === 0) return shell;
  // The interpreter rewrites its own /proc/version; let settling restamp it.
  host.fs.knownMtimes.delete("/proc/version");
  await host.fs.settleTimes(new Date(host.bootMs), createdAfter);
  return shell;
}

/** An environment's hosts as built and set up, before any command of a run: never changed, only copied. */
interface Pristine {
  hosts: HostState[];
  setupFailures: SimEnvironment["setupFailures"];
  /** Its hash, taken once: every copy starts out as it is. */
  hash?: Promise<string>;
  /** Each host with an interpreter made on it (see laidHost); never changed, only copied. */
  laid?: Map<HostState, Promise<HostState>>;
}

/**
 * A copy of a pristine host with an interpreter made on it, made once: a session's first command
 * on a host then copies this one, and making its own interpreter there writes nothing new. A new
 * interpreter on a plain copy writes some 300 command stubs and restamps the whole host, each time.
 * The pristine hosts themselves stay as built, so the environment's hash does not change.
 */
function laidHost(pristine: Pristine, built: HostState, world: CaseWorld): Promise<HostState> {
  const laid = (pristine.laid ??= new Map());
  let host = laid.get(built);
  if (!host) {
    const copy = cloneHost(built);
    host = newShell(copy, SETUP_ENV(Date.parse(world.clock)), new ProvenanceProbe(), world).then(() => copy);
    laid.set(built, host);
  }
  return host;
}

/** Setup commands run as the builder's, not a run's: no command index, no change recorded. */
const SETUP_ENV = (clockMs: number): CommandEnvironment => ({
  clockMs,
  currentCommand: () => -1,
  recordChange: () => {},
});

/** Builds every host of the world from content and seed and runs the blueprint's setup commands. */
async function buildPristine(world: CaseWorld, seed: string): Promise<Pristine> {
  const clockMs = Date.parse(world.clock);
  const rng = createRandom(`${seed}:${world.clock}`);
  const buildStartedMs = Date.now() - 1000;
  const hosts = world.hosts.map((spec) => buildHost({ spec, world, clockMs, rng }));
  for (const host of hosts) host.fs.simulatedNow = new Date(clockMs);
  const env = SETUP_ENV(clockMs);
  const shells = new Map<HostState, Bash>();
  const setupFailures: Pristine["setupFailures"] = [];
  for (const s of world.setupCommands) {
    const host = findHostIn(world, hosts, s.role);
    if (!host) {
      setupFailures.push({ role: s.role, command: s.command, error: "no such host role" });
      continue;
    }
    let shell = shells.get(host);
    if (!shell) shells.set(host, (shell = await newShell(host, env, new ProvenanceProbe(), world)));
    const r = await shell.exec(s.command, { cwd: "/" });
    if (r.exitCode !== 0)
      setupFailures.push({
        role: s.role,
        command: s.command,
        error: (r.stderr || r.stdout).trim() || `exit ${r.exitCode}`,
      });
  }
  for (const host of hosts) await host.fs.settleTimes(new Date(host.bootMs), buildStartedMs);
  return { hosts, setupFailures };
}

/** Seeds per world whose pristine hosts are kept; a run uses one seed for all its samples. */
const SEEDS_PER_WORLD = 4;
/**
 * Pristine environments by world object and seed: every sample and epoch of a case builds the
 * same hosts, so they are built once and each session gets a copy. Held as long as the world
 * object is (a worker keeps a bounded number of worlds).
 */
const pristines = new WeakMap<CaseWorld, Map<string, Promise<Pristine>>>();

function pristineOf(world: CaseWorld, seed: string): Promise<Pristine> {
  let bySeed = pristines.get(world);
  if (!bySeed) pristines.set(world, (bySeed = new Map()));
  let pristine = bySeed.get(seed);
  if (pristine) {
    bySeed.delete(seed);
    bySeed.set(seed, pristine);
    return pristine;
  }
  pristine = buildPristine(world, seed);
  bySeed.set(seed, pristine);
  // A failed build is not kept: the next session tries again.
  pristine.catch(() => bySeed.get(seed) === pristine && bySeed.delete(seed));
  if (bySeed.size > SEEDS_PER_WORLD) bySeed.delete(bySeed.keys().next().value!);
  return pristine;
}

/**
 * Builds the live environment of a case from its world and a seed. The same world and seed give
 * a byte-identical environment (the hash proves it).
 */
export async function buildEnvironment(
  world: CaseWorld,
  opts: {
    seed?: string;
    /**
     * The hash this world and seed are known to build (from an earlier build of the same
     * inputs in this process). Builds are deterministic, so it need not be computed again.
     */
    knownHash?: string;
  } = {},
): Promise<SimEnvironment> {
  const seed = opts.seed ?? "analystbench";
  const clockMs = Date.parse(world.clock);
  const commands: CommandRecord[] = [];
  const changes: StateChange[] = [];
  let current = -1;
  /** Roles of hosts whose tables a command changed since the last delta. */
  const tablesChanged = new Set<string>();
  const commandEnv: CommandEnvironment = {
    clockMs,
    currentCommand: () => current,
    recordChange: (c) => {
      if (current < 0) return;
      changes.push({ ...c, command: current });
      tablesChanged.add(c.host);
    },
  };
  const pristine = await pristineOf(world, seed);
  const hosts = pristine.hosts.map(copiedOnUse);
  const builtOf = new Map(hosts.map((h, i) => [h, pristine.hosts[i]!]));
  // Interpreters are made on a host's first command (see newShell and laidHost).
  const shells = new Map<HostState, Bash>();
  /** What each host's shell saw its command print of its own (see shell/provenance.ts). */
  const probes = new Map<HostState, ProvenanceProbe>();
  /** Hosts copied from their laid twin: their first interpreter lays down nothing new. */
  const copiedFromLaid = new WeakSet<HostState>();
  /** Untouched, a host is copied from its laid twin on first use; a copy made already is left as it is. */
  const preferLaid = async (host: HostState): Promise<void> => {
    if (!isUntouchedCopy(host)) return;
    const laid = await laidHost(pristine, builtOf.get(host)!, world);
    if (!isUntouchedCopy(host)) return;
    copyFromInstead(host, laid);
    copiedFromLaid.add(host);
  };
  const shellOf = async (host: HostState): Promise<Bash> => {
    let shell = shells.get(host);
    if (!shell) {
      const probe = new ProvenanceProbe();
      probes.set(host, probe);
      await preferLaid(host);
      shells.set(host, (shell = await newShell(host, commandEnv, probe, world, copiedFromLaid.has(host))));
    }
    return shell;
  };
  const findHost = (role: string) => findHostIn(world, hosts, role);
  const setupFailures = pristine.setupFailures.map((f) => ({ ...f }));

  // The hash covers the environment as built: it is taken of the pristine hosts, once, on first
  // request (forcing it at build would cost every build the noise), however the copy changed since.
  let hashPromise: Promise<string> | undefined;
  const hash = () =>
    (hashPromise ??= opts.knownHash
      ? Promise.resolve(opts.knownHash)
      : (pristine.hash ??= hashEnvironment(world, pristine.hosts)));
  let hashTaken = false;
  const takePristineHash = async () => {
    if (hashTaken) return;
    hashTaken = true;
    await hash();
  };
  /** How many commands and changes earlier deltas carried. */
  const delivered = { commands: 0, changes: 0 };

  const takeDelta = async (): Promise<SavedState> => {
    const delta: SavedState = {
      commands: commands.slice(delivered.commands),
      changes: changes.slice(delivered.changes),
      hosts: new Map(),
    };
    delivered.commands = commands.length;
    delivered.changes = changes.length;
    for (const host of hosts) {
      if (isUntouchedCopy(host)) continue;
      const paths = await host.fs.takeChanged();
      const tables = tablesChanged.has(host.spec.role) ? snapshotTables(host) : undefined;
      if (paths.size > 0 || tables) delta.hosts.set(host.spec.role, { paths, tables });
    }
    tablesChanged.clear();
    return delta;
  };

  const restore = async (state: SavedState): Promise<void> => {
    if (commands.length > 0) throw new Error("only a freshly built environment can be restored");
    // The hash describes the environment as built, so it is taken before anything is restored.
    await takePristineHash();
    for (const record of state.commands) commands.push(record);
    for (const change of state.changes) changes.push(change);
    delivered.commands = commands.length;
    delivered.changes = changes.length;
    for (const [role, saved] of state.hosts) {
      const host = hosts.find((h) => h.spec.role === role);
      if (!host) throw new Error(`the saved state names a host "${role}" this world does not have`);
      // Commands ran on this host (a changed table is a command's too: kill, systemctl), so its
      // interpreter had laid down its /bin stubs before them.
      if (saved.paths.size > 0 || saved.tables) await shellOf(host);
      await host.fs.restoreChanged(saved.paths);
      if (saved.tables) restoreTables(host, saved.tables);
    }
  };

  return {
    world,
    seed,
    clockMs,
    hosts,
    hash,
    setupFailures,
    findHost,
    async readHost(role) {
      const host = findHost(role);
      if (host) await preferLaid(host);
      return host;
    },
    roleNames: () => hosts.map((h) => (world.scenario === "S1" ? `${h.spec.role} (${h.spec.hostname})` : h.spec.role)),
    commands,
    takeDelta,
    restore,
    async exec(role, command, execOpts = {}) {
      const host = findHost(role);
      if (!host) throw new Error(`no host "${role}"`);
      await takePristineHash();
      const index = commands.length;
      current = index;
      const before = changes.length;
      const startedMs = Date.now();
      let result;
      try {
        // The interpreter first: on a host nothing has used yet, it picks what the copy is made from.
        const shell = await shellOf(host);
        host.fs.currentCommand = index;
        host.fs.readAgentWritten = false;
        probes.get(host)!.reset();
        result = await shell.exec(command, { cwd: "/root", signal: execOpts.signal });
      } catch (e) {
        result = { stdout: "", stderr: `bash: ${(e as Error).message}\n`, exitCode: 126 };
      } finally {
        host.fs.currentCommand = -1;
        current = -1;
      }
      host.fs.settleCommandTimes(startedMs, Date.now());
      const touched = [...host.fs.touchedBy.values()].some((set) => set.has(index));
      const combined = result.stdout + (result.stderr ? result.stderr : "");
      const capped = capOutput(combined);
      // Judged on what the agent is shown: an echoed argument cut off by the cap was never seen.
      const provenance: OutputProvenance = {
        printsOwnText: probes.get(host)?.printedOwnText(capped.text) ?? false,
        readsAgentWrittenFile: host.fs.readAgentWritten,
      };
      commands.push({
        index,
        host: host.spec.role,
        command,
        exitCode: result.exitCode,
        changedState: touched || changes.length > before,
        provenance,
      });
      return {
        ok: result.exitCode === 0,
        output: capped.text,
        exitCode: result.exitCode,
        truncated: capped.truncated,
        bytes: capped.bytes,
        provenance,
      };
    },
    async diff() {
      const files: FileChange[] = [];
      for (const host of hosts) {
        if (isUntouchedCopy(host)) continue;
        for (const [path, prior] of host.fs.priors) {
          const now = await host.fs.describe(path);
          let change: FileChange["change"] | null = null;
          if (!prior.exists && now.exists) change = "created";
          else if (prior.exists && !now.exists) change = "deleted";
          else if (
            prior.exists &&
            now.exists &&
            (prior.sha256 !== now.sha256 ||
              prior.mode !== now.mode ||
              prior.kind !== now.kind ||
              prior.owner !== now.owner)
          )
            change = "modified";
          if (!change) continue;
          const by = [...(host.fs.touchedBy.get(path) ?? [])]
            .sort((a, b) => a - b)
            .map((i) => commands[i]?.command ?? "");
          files.push({ host: host.spec.role, path, change, commands: by });
        }
      }
      files.sort((a, b) => a.host.localeCompare(b.host) || a.path.localeCompare(b.path));
      return {
        files,
        stateChanges: changes.map((c) => ({ ...c, commandText: commands[c.command]?.command ?? "" })),
        commands: [...commands],
      };
    },
  };
}
