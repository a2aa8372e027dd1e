import type { GitRepository } from "@analystbench/scenarios";
import { Bash, DefenseInDepthBox } from "just-bash";
import { restoreProcVersion } from "../host-model/proc";
import type { CommandEnvironment, HostState } from "../host-state";
import { awkCommand } from "./commands/awk";
import { diffCommand } from "./commands/diff";
import { odCommand, xxdCommand } from "./commands/dump";
import { fileCommands } from "./commands/files";
import { findCommand } from "./commands/find";
import { gitCommand } from "./commands/git";
import { grepCommand } from "./commands/grep";
import { journalCommands } from "./commands/journal";
import { headTailCommands } from "./commands/head-tail";
import { sortCommand } from "./commands/sort";
import { miscCommands } from "./commands/misc";
import { networkCommands } from "./commands/network";
import { processCommands } from "./commands/processes";
import { serviceCommands } from "./commands/services";
import { serviceViewCommands } from "./commands/service-views";
import { systemInfoCommands } from "./commands/system-info";
import { withUsageErrors } from "./commands/usage-errors";
import { withByteOutput } from "./byte-output";
import { provenancePlugin, ProvenanceProbe, withProvenance } from "./provenance";

/** Limits of one command. The worker's kill timer is the hard stop behind these. */
export const SHELL_LIMITS = {
  maxExecutionTimeMs: 5_000,
  maxCommandCount: 20_000,
  maxLoopIterations: 100_000,
  maxCallDepth: 64,
  maxLiveBytes: 32 * 1024 * 1024,
  maxInputBytes: 64 * 1024 * 1024,
  maxFileSystemBytes: 256 * 1024 * 1024,
  maxSourceBytes: 256 * 1024,
} as const;

/**
 * just-bash's defence in depth, as every shell here asks for it: on. (Its box is one per thread,
 * and every shell must ask for it alike.)
 */
export const DEFENCE_IN_DEPTH = true;

/**
 * Keeps just-bash's defence in depth applied on this thread until the returned function is called.
 * A shell patches the thread's globals when a command starts and restores them when the last
 * running command ends (it counts them); that patching was some 40 % of a command as small as
 * `cat /dev/null` (0.45 of 1.1 ms). Held, the patches stay, and each command only counts itself
 * in. Nothing outside a command is blocked: every check looks at the async context it runs in,
 * and inside a command they block as before. What stays for good is what the box freezes while
 * it is applied (the properties of Reflect, JSON and Math, the iterators and species of the
 * built-ins), which only code that changes them would notice: for the simulation workers, whose
 * thread runs commands and the host's own code only. A patched global that JavaScript run in a
 * command changed is no longer put back when the command ends; but a script that could run
 * JavaScript in a worker could reach every session there anyway, restored globals or not.
 */
export function holdDefenceInDepth(): () => void {
  const held = DefenseInDepthBox.getInstance(DEFENCE_IN_DEPTH).activate();
  return () => held.deactivate();
}

/**
 * `sleep` returns at once. The simulated hosts are static (their clock does not move), so waiting
 * shows nothing new; real waiting only let a model hold a shared worker, and made every command
 * replayed after a rebuild wait again.
 */
const instantSleep = async (): Promise<void> => {};

/**
 * A bash interpreter over one host's in-memory filesystem, with the commands an analyst expects
 * that just-bash lacks, or that must read the simulated host instead of the real machine.
 * No network, no interpreters: nothing typed here reaches the real machine.
 *
 * Every command and every parsed script reports to `probe` what the command line printed of its
 * own (echo, printf, here-documents…): see provenance.ts.
 *
 * `repositories` are the world's: git answers in a working copy of any of them, on any host.
 */
export function createShell(
  host: HostState,
  env: CommandEnvironment,
  probe = new ProvenanceProbe(),
  repositories: readonly GitRepository[] = [],
): Bash {
  /** The variables the shell starts with: env and printenv print the command line's own text beyond them. */
  const baseline: Record<string, string> = {};
  const bash = new Bash({
    fs: host.fs,
    cwd: "/root",
    env: {
      HOME: "/root",
      USER: "root",
      LOGNAME: "root",
      SHELL: "/bin/bash",
      HOSTNAME: host.spec.hostname,
      PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      LANG: "C.UTF-8",
      TERM: "dumb",
      ...host.spec.env,
    },
    executionLimits: SHELL_LIMITS,
    defenseInDepth: DEFENCE_IN_DEPTH,
    sleep: instantSleep,
    processInfo: { pid: 31337, ppid: 31336, uid: 0, gid: 0 },
    customCommands: withByteOutput(
      withProvenance(
        withUsageErrors([
          ...systemInfoCommands(host, env),
          ...processCommands(host, env),
          ...networkCommands(host),
          ...serviceCommands(host, env),
          ...serviceViewCommands(host),
          ...journalCommands(host, env),
          ...fileCommands(host, env),
          gitCommand(host, env, repositories),
          grepCommand(host),
          findCommand(host),
          ...miscCommands(host),
          ...headTailCommands(host),
          sortCommand(),
          awkCommand(),
          xxdCommand(),
          odCommand(),
          diffCommand(env.clockMs),
        ]),
        probe,
        baseline,
      ),
    ),
  });
  Object.assign(baseline, bash.getEnv());
  // The interpreter writes a /proc/version of its own; the host's kernel says otherwise.
  restoreProcVersion(host);
  bash.registerTransformPlugin(provenancePlugin(probe));
  return bash;
}
