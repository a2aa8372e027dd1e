import type { EvidenceRequirement } from "@analystbench/scenarios";
import type { ToolEvent } from "../types";

/**
 * Evidence with provenance: a checkpoint's evidence counts only when the environment showed it
 * to the agent. So the call must have run (a shell command whatever its exit status: `diff`
 * exits 1 when it finds differences), and the evidence must not be text the call itself put
 * there: not in its own arguments (a tool repeating what it was asked, a grep for the very line
 * the model already knew), and not printed by a command that writes literal text (echo, printf,
 * a here-document) or reads a file the agent wrote itself.
 */

/**
 * Shell constructs that print text the command line supplies rather than the host: the fallback
 * for transcripts recorded before the simulation reported provenance.
 */
const FABRICATES_OUTPUT = /(?:^|[;&|(`$]\s*|\s)(?:echo|printf|yes|cat\s*<<|tee)\b|<<<?|\$'/;

export interface ProvenanceContext {
  /** Paths the agent created or modified, by host (from the environment diff). */
  agentWritten: { host: string; path: string }[];
}

/** Why a tool event cannot be evidence, or null when it can. */
export function notFromEnvironment(event: ToolEvent, ctx: ProvenanceContext): string | null {
  if (event.refused) return "the call never ran";
  if (!event.ok) return "the call failed";
  // The simulation watched the command run: trust what it saw over reading the command line.
  if (event.provenance?.printsOwnText) return "the command prints text of its own";
  if (event.provenance?.readsAgentWrittenFile) return "the command reads a file the agent wrote";
  if (event.provenance) return null;
  // Without the simulation's word, a non-zero exit may be an error message repeating the command's
  // own arguments ("ls: cannot access '…'"): not evidence, as it never was for such records.
  if (event.exitCode) return "the command exited non-zero and the record cannot show where its output came from";
  const args = event.arguments ?? {};
  const command = typeof args.command_with_args === "string" ? args.command_with_args : null;
  if (command !== null) {
    if (FABRICATES_OUTPUT.test(command)) return "the command prints text of its own";
    // A written file is reached by its path or by a glob or recursive search of its folder.
    const readsOwnFile = ctx.agentWritten.some(
      (w) => command.includes(w.path) || command.includes(w.path.slice(0, w.path.lastIndexOf("/") + 1)),
    );
    if (readsOwnFile) return "the command reads a file the agent wrote";
  }
  return null;
}

/**
 * Whether the agent saw a piece of evidence: the first event that shows it from the environment,
 * else the first that showed the text without being evidence, and why not (for the rationale).
 */
export type Sighting = { seen: ToolEvent } | { seen: null; rejected: { event: ToolEvent; why: string } | null };

export function sightEvidence(requirement: EvidenceRequirement, events: ToolEvent[], ctx: ProvenanceContext): Sighting {
  const needle = requirement.contains;
  let rejected: { event: ToolEvent; why: string } | null = null;
  for (const e of events) {
    if (requirement.tool && e.name !== requirement.tool) continue;
    if (!e.output.includes(needle)) continue;
    const why = JSON.stringify(e.arguments ?? {}).includes(JSON.stringify(needle).slice(1, -1))
      ? "the call's own arguments hold it"
      : notFromEnvironment(e, ctx);
    if (!why) return { seen: e };
    rejected ??= { event: e, why };
  }
  return { seen: null, rejected };
}

/**
 * Citations that name no call of the run (or one a limit kept from running): a submission that
 * invents its sources loses the credit those sources would have carried. Citing a call that failed,
 * or a command that exited non-zero, is allowed: a grep that matched nothing still shows something.
 */
export function badCitations(cited: string[], events: ToolEvent[]): string[] {
  const ran = new Map(events.map((e) => [e.callId, e]));
  return [...new Set(cited)].filter((id) => {
    const e = ran.get(id);
    return !e || e.refused !== undefined || e.name === "submit_findings";
  });
}
