import type { ToolName } from "@analystbench/scenarios";

/**
 * The six analyst tools as a model sees them: names, descriptions a model can follow, and JSON
 * schemas for function calling (OpenAI "tools" format). Arguments are validated again with the
 * zod schemas in @analystbench/scenarios before a tool runs.
 */
export interface ToolDefinition {
  name: ToolName;
  description: string;
  parameters: {
    type: "object";
    properties: Record<string, { type: "string"; description: string }>;
    required: string[];
    additionalProperties: false;
  };
}

export const TOOL_DEFINITIONS: ToolDefinition[] = [
  {
    name: "get_network_topology",
    description:
      "Returns the static network topology of the environment: network segments with their CIDRs, and every host and device with its name (the role you pass to other tools), hostname, IP address, operating system, segment and roles. Call it first to learn which hosts exist.",
    parameters: { type: "object", properties: {}, required: [], additionalProperties: false },
  },
  {
    name: "execute_shell_command",
    description:
      "Runs a read-only investigation command in a bash shell on one simulated host, as root, and returns its combined stdout/stderr (capped at 16 KiB; narrow large output with grep, head, tail, wc). Available: coreutils, grep, awk, sed, find, sort, uniq, wc, cut, head, tail, jq, diff, base64, sha256sum, tar, plus ps, ss, netstat, lsof -i, ip, id, who, last, journalctl, systemctl, crontab -l, iptables -S, date and read-only git (log, show, diff, blame) inside repositories on the Git server. There is no network access and no interpreters. Commands that change files or services do change the simulated host and are recorded.",
    parameters: {
      type: "object",
      properties: {
        device_role: {
          type: "string",
          description:
            'The host to run on: its role as listed by get_network_topology (e.g. "CI/CD Server"), or its hostname.',
        },
        command_with_args: {
          type: "string",
          description: "The command line to run, e.g. \"grep -n 'Failed password' /var/log/auth.log | tail -n 20\".",
        },
      },
      required: ["device_role", "command_with_args"],
      additionalProperties: false,
    },
  },
  {
    name: "get_commit_diff",
    description:
      "Shows one commit of a repository on the Git server: hash, author, date, message and the unified diff against its parent. Use a full or abbreviated (7+ hex) hash, HEAD, HEAD~N or a branch name. An unknown repository or commit answers with the repositories or recent commits that do exist.",
    parameters: {
      type: "object",
      properties: {
        repository: { type: "string", description: 'Repository name, e.g. "shipment-tracker".' },
        commit: { type: "string", description: "Commit hash (full or abbreviated), HEAD, HEAD~N or a branch name." },
      },
      required: ["repository", "commit"],
      additionalProperties: false,
    },
  },
  {
    name: "get_ci_pipeline_log",
    description:
      "Reads the CI server's pipeline runs. Without run_id it lists the pipeline's runs (id, status, branch, commit, trigger, start time); with run_id it returns that run's full console log. An unknown pipeline answers with the pipelines that exist.",
    parameters: {
      type: "object",
      properties: {
        pipeline: { type: "string", description: 'Pipeline (job) name, e.g. "shipment-tracker".' },
        run_id: { type: "string", description: 'Run (build) number, e.g. "412". Omit to list runs.' },
      },
      required: ["pipeline"],
      additionalProperties: false,
    },
  },
  {
    name: "search_artifact_repository",
    description:
      "Searches the artifact repository (Nexus) for packages whose name contains the query (case-insensitive). Returns each package's metadata (latest version, author, first published, monthly downloads, summary, hosting repository) and every version with publisher, publish date, sha256 and notable files such as package.json or install scripts. Repository group configurations whose name matches the query or the repository filter are included, with their member order.",
    parameters: {
      type: "object",
      properties: {
        query: { type: "string", description: 'Part of a package name, e.g. "xml-parser" or "@kestrel/".' },
        repository: {
          type: "string",
          description: 'Optional: restrict to one hosted, proxy or group repository, e.g. "npm-all".',
        },
      },
      required: ["query"],
      additionalProperties: false,
    },
  },
  {
    name: "get_file_content",
    description:
      "Returns the content of one file on one simulated host (capped at 16 KiB; for large logs use execute_shell_command with grep or tail). A missing file answers with what the nearest existing directory above it contains.",
    parameters: {
      type: "object",
      properties: {
        device_role: {
          type: "string",
          description: "The host: its role as listed by get_network_topology, or its hostname.",
        },
        path: { type: "string", description: "Absolute path of the file, e.g. /var/log/auth.log." },
      },
      required: ["device_role", "path"],
      additionalProperties: false,
    },
  },
];
