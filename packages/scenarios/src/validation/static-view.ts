import type { ToolCall } from "../schema/tools";
import type { ArtifactPackage, GitRepository, HostSpec } from "../schema/world";
import type { CaseWorld } from "../world/case-world";

/**
 * A static view of a case's world, used by content validation to check that solution paths and
 * evidence requirements point at things that exist, before any simulator runs. It answers "what
 * text could this tool call possibly see?" — a superset check, not the tool output itself
 * (packages/sim produces the real outputs, and its verify walks them for real).
 */
export function findHost(world: CaseWorld, role: string): HostSpec | undefined {
  const key = role.trim().toLowerCase();
  const name = world.aliases[key] ?? key;
  return world.hosts.find((h) => h.role.toLowerCase() === name.toLowerCase() || h.hostname === key);
}

/** Everything a host holds, as one searchable text. */
export function hostText(host: HostSpec): string {
  const parts: string[] = [host.role, host.hostname, host.ip, host.os, host.kernel];
  parts.push(...host.users.map((u) => `${u.name}:x:${u.uid}:${u.gid ?? u.uid}:${u.gecos}:${u.home}:${u.shell}`));
  for (const f of host.files) parts.push(f.path, f.content, f.owner ?? "root:root");
  for (const l of host.logs) parts.push(l.path, ...l.lines.map((x) => x.text));
  parts.push(...host.processes.map((p) => `${p.pid} ${p.user} ${p.command}`));
  parts.push(
    ...host.sockets.map((s) => `${s.proto} ${s.local} ${s.remote} ${s.state} ${s.pid ?? ""}/${s.program ?? ""}`),
  );
  parts.push(...host.services.map((s) => `${s.name} ${s.state} ${s.description}`));
  parts.push(...host.cron.map((c) => `${c.user} ${c.schedule} ${c.command}`));
  parts.push(...host.logins.map((l) => `${l.user} ${l.tty} ${l.from} ${l.start}`));
  parts.push(...host.journal.map((j) => `${j.unit} ${j.identifier ?? ""} ${j.message}`));
  parts.push(...Object.entries(host.env).map(([k, v]) => `${k}=${v}`));
  return parts.join("\n");
}

/** The content of one file on a host (a log file's evidence lines count), or undefined. */
export function fileText(host: HostSpec, path: string): string | undefined {
  const file = host.files.find((f) => f.path === path);
  if (file) return file.content;
  const log = host.logs.find((l) => l.path === path);
  return log ? log.lines.map((x) => x.text).join("\n") : undefined;
}

function findCommitIndex(repo: GitRepository, ref: string): number {
  const r = ref.trim().toLowerCase();
  if (r === "head") return repo.commits.length - 1;
  if (/^[0-9a-f]{7,40}$/.test(r)) return repo.commits.findIndex((c) => c.hash.startsWith(r));
  // A branch name: its newest commit.
  for (let i = repo.commits.length - 1; i >= 0; i--) {
    if ((repo.commits[i]!.branch ?? repo.default_branch) === ref) return i;
  }
  return -1;
}

/** The text a tool call could see, or an error sentence when its target does not exist. */
export function staticToolView(
  call: ToolCall,
  world: CaseWorld,
): { ok: true; text: string } | { ok: false; error: string } {
  switch (call.tool) {
    case "get_network_topology":
      return { ok: true, text: JSON.stringify(world.topology, null, 2) };
    case "execute_shell_command": {
      const host = findHost(world, call.args.device_role);
      return host
        ? { ok: true, text: hostText(host) }
        : { ok: false, error: `no host answers to role "${call.args.device_role}"` };
    }
    case "get_file_content": {
      const host = findHost(world, call.args.device_role);
      if (!host) return { ok: false, error: `no host answers to role "${call.args.device_role}"` };
      const text = fileText(host, call.args.path);
      return text === undefined
        ? { ok: false, error: `no file ${call.args.path} on ${host.role}` }
        : { ok: true, text };
    }
    case "get_commit_diff": {
      const repo = world.repositories.find((r) => r.name === call.args.repository);
      if (!repo) return { ok: false, error: `no repository "${call.args.repository}"` };
      const i = findCommitIndex(repo, call.args.commit);
      const commit = repo.commits[i];
      if (!commit) return { ok: false, error: `no commit "${call.args.commit}" in ${repo.name}` };
      const text = [
        commit.hash,
        `${commit.author.name} <${commit.author.email}>`,
        commit.date,
        commit.message,
        ...commit.changes.flatMap((c) => [c.path, c.content ?? ""]),
      ].join("\n");
      return { ok: true, text };
    }
    case "get_ci_pipeline_log": {
      const runs = world.pipelines.filter((p) => p.pipeline === call.args.pipeline);
      if (runs.length === 0) return { ok: false, error: `no pipeline "${call.args.pipeline}"` };
      if (call.args.run_id === undefined) {
        return {
          ok: true,
          text: runs
            .map((r) => `${r.run_id} ${r.status} ${r.branch} ${r.commit ?? ""} ${r.trigger} ${r.started}`)
            .join("\n"),
        };
      }
      const run = runs.find((r) => r.run_id === call.args.run_id);
      return run
        ? { ok: true, text: `${run.run_id} ${run.status} ${run.branch} ${run.commit ?? ""} ${run.trigger}\n${run.log}` }
        : { ok: false, error: `no run ${call.args.run_id} of ${call.args.pipeline}` };
    }
    case "search_artifact_repository": {
      const q = call.args.query.toLowerCase();
      const repoFilter = call.args.repository;
      const group = repoFilter ? world.groups.find((g) => g.name === repoFilter) : undefined;
      const inScope = (p: ArtifactPackage) =>
        !repoFilter ||
        p.repository === repoFilter ||
        (group?.attributes.group.memberNames.includes(p.repository) ?? false);
      const hits = world.packages.filter((p) => inScope(p) && p.name.toLowerCase().includes(q));
      const groups = world.groups.filter((g) => g.name === repoFilter || g.name.toLowerCase().includes(q));
      return { ok: true, text: JSON.stringify({ packages: hits, groups }, null, 2) };
    }
  }
}
