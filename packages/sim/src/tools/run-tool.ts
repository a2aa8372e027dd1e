// The schema entry point only: the worker must not load (and evaluate) all scenario content.
import { ToolArgsSchemas, TOOL_NAMES, type ToolName } from "@analystbench/scenarios/schema";
import { GIT_ROOT, JENKINS_HOME } from "../build-host";
import { capOutput, type SimEnvironment } from "../environment";
import type { CommitNode, RepositoryModel } from "../git/repository-model";
import type { HostState } from "../host-state";
import { columns } from "../shell/args";
import { showCommit } from "../shell/commands/git";
import type { OutputProvenance } from "../shell/provenance";
import { describeValue } from "./arguments";

export type { OutputProvenance } from "../shell/provenance";

/**
 * Runs one analyst tool against a live environment. Expected failures (unknown host, missing
 * file, bad arguments) are results with ok: false and a sentence that helps the model recover.
 */
export interface ToolResult {
  ok: boolean;
  output: string;
  truncated?: boolean;
  /**
   * Where the output came from, for the grader's evidence with provenance: set by
   * execute_shell_command (both flags) and get_file_content (printsOwnText is always false).
   */
  provenance?: OutputProvenance;
}

const fail = (output: string): ToolResult => ({ ok: false, output });
const capped = (text: string): ToolResult => {
  const c = capOutput(text);
  return { ok: true, output: c.text, truncated: c.truncated };
};

function unknownHost(env: SimEnvironment, role: string): ToolResult {
  return fail(`Unknown device_role (${describeValue(role)}). Valid roles: ${env.roleNames().join(", ")}.`);
}

function topology(env: SimEnvironment): ToolResult {
  const t = env.world.topology;
  const segments = columns([
    ["SEGMENT", "CIDR", "DESCRIPTION"],
    ...t.segments.map((s) => [s.name, s.cidr, s.description]),
  ]);
  const hosts = columns([
    ["NAME (device_role)", "HOSTNAME", "IP", "OS", "SEGMENT", "ROLES"],
    ...t.hosts.map((h) => [h.name, h.hostname, h.ip, h.os, h.segment, h.roles.join("; ")]),
  ]);
  return capped(
    `${t.name}\n\nSegments\n${segments}\n\nHosts and devices\n${hosts}\n\nNotes\n${t.notes.map((n) => `- ${n}`).join("\n")}\n`,
  );
}

function repositories(env: SimEnvironment): Map<string, RepositoryModel> {
  const all = new Map<string, RepositoryModel>();
  for (const host of env.hosts) for (const model of host.repositories.values()) all.set(model.name, model);
  return all;
}

function commitDiff(env: SimEnvironment, repository: string, commit: string): ToolResult {
  const repos = repositories(env);
  const name = repository
    .trim()
    .replace(/^.*\//, "")
    .replace(/\.git$/, "");
  const model = repos.get(name);
  if (!model) {
    return fail(
      repos.size
        ? `No repository of that name (${describeValue(repository)}) on the Git server. Repositories: ${[...repos.keys()].sort().join(", ")}.`
        : "There are no repositories on the Git server in this environment.",
    );
  }
  const node = model.resolve(commit);
  if (!node) {
    const recent = model
      .history(model.resolve("HEAD")!)
      .slice(0, 10)
      .map(
        (n) =>
          `${n.commit.hash.slice(0, 7)} ${n.commit.date.slice(0, 10)} ${n.commit.author.name}: ${n.commit.message.split("\n")[0]}`,
      );
    const others = [...model.branches.keys()].filter((b) => b !== model.defaultBranch);
    return fail(
      `No commit in ${model.name} matches the commit you gave (${describeValue(commit)}). Recent commits on ${model.defaultBranch}:\n${recent.join("\n")}${others.length ? `\nOther branches: ${others.join(", ")}` : ""}`,
    );
  }
  return capped(
    `Repository: ${model.name} (${GIT_ROOT}/${model.name}.git on the Git server)\n${shownCommit(model, node)}`,
  );
}

/**
 * Each commit's diff, worked out once per worker: a repository model is read-only and a commit
 * belongs to one, so what it shows never changes, and every session and epoch asks for the same few.
 */
const shownCommits = new WeakMap<CommitNode, string>();

function shownCommit(model: RepositoryModel, node: CommitNode): string {
  let shown = shownCommits.get(node);
  if (shown === undefined) shownCommits.set(node, (shown = showCommit(model, node)));
  return shown;
}

function pipelineLog(env: SimEnvironment, pipeline: string, runId: string | undefined): ToolResult {
  const all = env.world.pipelines;
  const name = pipeline.trim().replace(/^job\//, "");
  const runs = all.filter((r) => r.pipeline === name);
  if (runs.length === 0) {
    const names = [...new Set(all.map((r) => r.pipeline))].sort();
    return fail(
      names.length
        ? `No pipeline of that name (${describeValue(pipeline)}) on the CI server. Pipelines: ${names.join(", ")}.`
        : "There are no pipeline runs on the CI server in this environment.",
    );
  }
  const sorted = [...runs].sort((a, b) => Date.parse(b.started) - Date.parse(a.started));
  if (runId === undefined) {
    const rows = sorted.map((r) => [
      r.run_id,
      r.status,
      r.branch,
      r.commit ? r.commit.slice(0, 7) : "-",
      r.trigger,
      r.started,
      `${r.duration_seconds}s`,
      r.runner,
    ]);
    return capped(
      `Pipeline ${name}: ${runs.length} run${runs.length === 1 ? "" : "s"} (newest first). Logs are at ${JENKINS_HOME}/jobs/${name}/builds/<run>/log on the CI/CD server.\n${columns([["RUN", "STATUS", "BRANCH", "COMMIT", "TRIGGER", "STARTED", "DURATION", "RUNNER"], ...rows])}\n`,
    );
  }
  const id = runId.trim().replace(/^#/, "");
  const run = runs.find((r) => r.run_id === id);
  if (!run)
    return fail(
      `Pipeline ${name} has no run with that run_id (${describeValue(runId)}). Runs: ${sorted.map((r) => r.run_id).join(", ")}.`,
    );
  const head = `Pipeline ${run.pipeline} run ${run.run_id} — ${run.status.toUpperCase()} — branch ${run.branch}${run.commit ? ` @ ${run.commit}` : ""} — triggered by ${run.trigger} — started ${run.started}, ${run.duration_seconds}s on ${run.runner}\n`;
  return capped(`${head}${"-".repeat(72)}\n${run.log.endsWith("\n") ? run.log : `${run.log}\n`}`);
}

function searchArtifacts(env: SimEnvironment, query: string, repository: string | undefined): ToolResult {
  const q = query.trim().toLowerCase();
  const groups = env.world.groups;
  const group = repository ? groups.find((g) => g.name === repository) : undefined;
  const repoNames = [...new Set([...env.world.packages.map((p) => p.repository), ...groups.map((g) => g.name)])].sort();
  if (repository && !group && !env.world.packages.some((p) => p.repository === repository)) {
    return fail(
      `No repository of that name (${describeValue(repository)}) in the artifact repository. Repositories: ${repoNames.join(", ") || "none"}.`,
    );
  }
  const inScope = (repo: string) =>
    !repository || repo === repository || (group?.attributes.group.memberNames.includes(repo) ?? false);
  const packages = env.world.packages
    .filter((p) => inScope(p.repository) && p.name.toLowerCase().includes(q))
    .map((p) => ({
      name: p.name,
      repository: p.repository,
      format: p.format,
      latest_version: p.latest_version,
      author: p.author,
      first_published: p.first_published,
      downloads_last_month: p.downloads_last_month,
      summary: p.summary,
      versions: p.versions,
    }));
  const matchingGroups = groups.filter((g) => g.name === repository || g.name.toLowerCase().includes(q));
  if (packages.length === 0 && matchingGroups.length === 0) {
    return {
      ok: true,
      output: `No packages whose name contains the query (${describeValue(query)})${repository ? ` in ${repository}` : ""}. Repositories: ${repoNames.join(", ") || "none"}.\n`,
    };
  }
  return capped(
    // Not the query itself: a group's configuration matches whatever the query, so echoing it
    // would print any text a model sends.
    `${JSON.stringify({ repository: repository ?? null, results: packages, groups: matchingGroups }, null, 2)}\n`,
  );
}

/** The nearest directory at or above `abs` that exists: a listing that helps, naming only what is there. */
async function nearestDirectory(host: HostState, abs: string): Promise<string> {
  for (let dir = abs; ; dir = dir.replace(/\/[^/]*$/, "") || "/") {
    const st = await host.fs.stat(dir).catch(() => null);
    if (st?.isDirectory || dir === "/") return dir;
  }
}

/**
 * A file's content, with whether commands wrote it. Failures name the host and what exists
 * nearby, never the path the model gave.
 */
async function fileContent(env: SimEnvironment, role: string, path: string): Promise<ToolResult> {
  const host = await env.readHost(role);
  if (!host) return unknownHost(env, role);
  const where = `${host.spec.role} (${host.spec.hostname})`;
  if (!path.startsWith("/"))
    return fail("The path must be absolute (start with /), e.g. /var/log/auth.log; the path you gave is not.");
  const abs = host.fs.resolvePath("/", path);
  const listing = async (dir: string) => (await host.fs.readdir(dir)).sort().join(", ") || "(nothing)";
  const st = await host.fs.stat(abs).catch(() => null);
  if (st?.isDirectory) return fail(`That path on ${where} is a directory. It contains: ${await listing(abs)}.`);
  const content = st ? await host.fs.readFile(abs).catch(() => null) : null;
  if (content === null) {
    const dir = await nearestDirectory(host, abs);
    return fail(
      `No such file on ${where}: the path you gave is not there. The nearest directory above it that exists, ${dir}, contains: ${await listing(dir)}.`,
    );
  }
  const readsAgentWrittenFile = await host.fs.wroteContent(abs);
  return { ...capped(content), provenance: { printsOwnText: false, readsAgentWrittenFile } };
}

type ArgsIssue = NonNullable<ReturnType<(typeof ToolArgsSchemas)[ToolName]["safeParse"]>["error"]>["issues"][number];

/**
 * One validation issue in words, naming arguments only by the tool's own names: an unknown key
 * is the model's text (zod's own message would quote it).
 */
function describeIssue(issue: ArgsIssue, known: string[]): string {
  const path = issue.path.map(String);
  const where = path.length === 0 ? "arguments" : known.includes(path[0]!) ? path.join(".") : "an argument";
  switch (issue.code) {
    case "unrecognized_keys":
      return `${issue.keys.length} unexpected argument${issue.keys.length === 1 ? "" : "s"}`;
    case "invalid_type":
      return `${where}: expected ${issue.expected}`;
    case "too_small":
      return `${where}: must not be empty`;
    default:
      return `${where}: invalid value`;
  }
}

export function isToolName(name: string): name is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(name);
}

/** Validates the arguments and runs the tool. */
export async function runTool(
  env: SimEnvironment,
  name: string,
  rawArgs: unknown,
  opts: { signal?: AbortSignal } = {},
): Promise<ToolResult> {
  if (!isToolName(name)) return fail(`Unknown tool (${describeValue(name)}). Tools: ${TOOL_NAMES.join(", ")}.`);
  const schema = ToolArgsSchemas[name];
  const parsed = schema.safeParse(rawArgs ?? {});
  if (!parsed.success) {
    const known = Object.keys(schema.shape);
    const issues = parsed.error.issues.map((i) => describeIssue(i, known)).join("; ");
    return fail(`Invalid arguments for ${name}: ${issues}. It takes: ${known.join(", ") || "no arguments"}.`);
  }
  const args = parsed.data as Record<string, string | undefined>;
  switch (name) {
    case "get_network_topology":
      return topology(env);
    case "execute_shell_command": {
      const role = args.device_role!;
      if (!env.findHost(role)) return unknownHost(env, role);
      const r = await env.exec(role, args.command_with_args!, { signal: opts.signal });
      const suffix = r.exitCode === 0 ? "" : `[exit code ${r.exitCode}]\n`;
      return {
        ok: r.exitCode === 0,
        output: `${r.output}${suffix}` || "(no output)\n",
        truncated: r.truncated,
        provenance: r.provenance,
      };
    }
    case "get_commit_diff":
      return commitDiff(env, args.repository!, args.commit!);
    case "get_ci_pipeline_log":
      return pipelineLog(env, args.pipeline!, args.run_id);
    case "search_artifact_repository":
      return searchArtifacts(env, args.query!, args.repository);
    case "get_file_content":
      return fileContent(env, args.device_role!, args.path!);
  }
}
