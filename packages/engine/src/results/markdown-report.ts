import { runScoreText, scoreSumText } from "@analystbench/contracts";
import { stringify as toYaml } from "yaml";
import { callNote } from "../agent/tool-status";
import { plural } from "../text/english";
import type { RunResult, SampleResult, ToolEvent, Usage } from "../types";
import { formatCost, runUsage, sampleProvenance } from "./provenance";
import { failureReason, runScore } from "./run-score";

const outcomeLabel = { plus: "✔ plus", zero: "○ zero", minus: "✘ minus" } as const;

/** Table cells: one line, pipes escaped. */
const cell = (s: string) => s.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");

/** The model's report under our headings: its own headings are pushed two levels down. */
function demoteHeadings(markdown: string): string {
  return markdown.replace(
    /^(#{1,4})(\s)/gm,
    (_m, hashes: string, space: string) => `${"#".repeat(Math.min(6, hashes.length + 3))}${space}`,
  );
}

function describeCall(t: ToolEvent): string {
  const args = t.arguments ?? {};
  const detail =
    typeof args.command_with_args === "string"
      ? `${args.device_role}: ${args.command_with_args}`
      : Object.values(args).map(String).join(", ");
  const note = callNote(t);
  return `\`${t.name}\`${detail ? ` — ${cell(detail).slice(0, 160)}` : ""}${note ? ` (${note})` : ""}`;
}

/**
 * A run's totals over the samples that count: invalid ones (the harness, the provider or an
 * operator ended them) are counted apart and never added in. `score` is what people read (the
 * mean per sample); `total` and `max` are sums, kept for the machines that read them.
 */
export function runTotals(run: RunResult) {
  const counted = run.samples.filter((s) => s.validity !== "invalid");
  const scored = counted.filter((s) => s.score);
  return {
    score: runScore(run),
    total: scored.reduce((n, s) => n + s.score!.total, 0),
    max: counted.reduce((n, s) => n + (s.score?.max ?? 10), 0),
    invalid: run.samples.length - counted.length,
    tokens: run.samples.reduce((n, s) => n + s.usage.totalTokens, 0),
    toolCalls: run.samples.reduce((n, s) => n + s.toolCalls, 0),
    // Unknown (null) when any sample's model has no known price: never understated as 0.
    costUsd: runUsage(run).costUsd,
    safeSolves: counted.filter((s) => s.score?.safeSolve).length,
  };
}

/** Said beside the status when the result does not count as the model's (or was retried). */
function validityNote(s: SampleResult): string {
  const retried = s.retriedAfter ? ` · retried once after: ${cell(s.retriedAfter)}` : "";
  if (s.validity === "invalid")
    return ` · **invalid** (not counted: the harness, the provider or an operator ended it)${retried}`;
  if (s.validity === "model_failure") return ` · the model's own failure${retried}`;
  return retried;
}

/** "1200 input (800 cached, 100 cache write) + 300 output (120 reasoning) = 1500 tokens". */
function tokenLine(u: Usage): string {
  const input = [
    u.cachedInputTokens ? `${u.cachedInputTokens} cached` : "",
    u.cacheWriteTokens ? `${u.cacheWriteTokens} cache write` : "",
  ].filter(Boolean);
  const output = u.reasoningTokens ? ` (${u.reasoningTokens} reasoning)` : "";
  return `${u.inputTokens} input${input.length ? ` (${input.join(", ")})` : ""} + ${u.outputTokens} output${output} = ${plural(u.totalTokens, "token")}`;
}

/** Who answered: the API, the model ids the provider returned, and the settings sent. */
function answeredBy(s: SampleResult): string[] {
  const p = sampleProvenance(s);
  if (!p.apis.length) return [];
  const settings = p.settings.map(
    (x) =>
      Object.entries(x)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ") || "provider defaults",
  );
  const parts = [
    `API ${p.apis.join(", ")}`,
    `answered by ${p.model_ids.length ? p.model_ids.map((m) => `\`${m}\``).join(", ") : "an unnamed model"}`,
    ...(p.service_tiers.length ? [`service tier ${p.service_tiers.join(", ")}`] : []),
    ...(p.system_fingerprints.length ? [`fingerprint ${p.system_fingerprints.join(", ")}`] : []),
    `settings: ${settings.join("; ")}`,
    `priced from ${p.price_sources.join(", ") || "nothing (unknown)"}`,
    plural(p.retries, "retry"),
  ];
  return [`Model calls: ${parts.join(" · ")}.`, ""];
}

function sampleSection(s: SampleResult): string {
  const score = s.score ? `${s.score.total}/${s.score.max}` : "not graded";
  const lines = [
    `## ${s.title} — ${score}`,
    "",
    `Sample \`${s.sampleId}\`, epoch ${s.epoch} · status **${s.status}**${validityNote(s)}${s.limitsHit.length ? ` · limits hit: ${s.limitsHit.join(", ")}` : ""}${s.score ? ` · safe solve: ${s.score.safeSolve ? "yes" : "no"}` : ""}`,
    "",
  ];
  if (s.error) lines.push(`> **Error:** ${cell(s.error.message)}`, "");
  lines.push(
    "### Findings",
    "",
    s.finalReport.trim() ? demoteHeadings(s.finalReport.trim()) : "_The model wrote no report._",
    "",
  );
  if (s.score) {
    const judged = s.score.checkpoints.some((c) => c.judge);
    lines.push(
      "### Checkpoints",
      "",
      `| # | Checkpoint | Outcome | Points | Rationale |${judged ? " Grader model |" : ""}`,
      `|---|---|---|---|---|${judged ? "---|" : ""}`,
    );
    for (const c of s.score.checkpoints) {
      const judge = c.judge
        ? ` ${c.judge.outcome}${c.judge.agrees ? "" : " (disagrees)"}: ${cell(c.judge.reasoning)} |`
        : judged
          ? " — |"
          : "";
      lines.push(
        `| ${c.number} | ${cell(c.name)} | ${outcomeLabel[c.outcome]} | ${c.points > 0 ? "+" : ""}${c.points} | ${cell(c.rationale)} |${judge}`,
      );
    }
    lines.push(`| | **Total** | | **${s.score.total}** | normalized ${s.score.normalized} |${judged ? " |" : ""}`, "");
  }
  const tools = s.timeline.filter((e): e is ToolEvent => e.kind === "tool");
  lines.push("### Tools used", "");
  if (tools.length === 0) lines.push("No tool calls.", "");
  else {
    const counts = new Map<string, number>();
    for (const t of tools) counts.set(t.name, (counts.get(t.name) ?? 0) + 1);
    lines.push([...counts].map(([n, c]) => `\`${n}\` × ${c}`).join(" · "), "");
    tools.forEach((t, i) => lines.push(`${i + 1}. ${describeCall(t)}`));
    lines.push("");
  }
  const changes = [
    ...s.diff.files.map((f) => `${f.change} \`${f.path}\` on ${f.host}`),
    ...s.diff.stateChanges.map((c) => `${c.target} on ${c.host}: ${c.from} → ${c.to}`),
  ];
  lines.push(
    "### Changes to the environment",
    "",
    changes.length ? changes.map((c) => `- ${c}`).join("\n") : "None: the investigation changed nothing.",
    "",
  );
  lines.push(
    "### Usage",
    "",
    `${tokenLine(s.usage)} · cost ${formatCost(s.usage.costUsd)} · ${plural(s.turns, "turn")} · ${plural(s.toolCalls, "tool call")} · ${(s.durationMs / 1000).toFixed(1)} s · environment ${s.envHash.slice(0, 12)} (seed ${s.seed})`,
    "",
    ...answeredBy(s),
  );
  return lines.join("\n");
}

/** "Called through the Responses API at https://…, settings …; cost $0.12." */
function modelLine(run: RunResult, costUsd: number | null): string {
  const api = run.modelApi
    ? { chat: "Chat Completions", responses: "Responses", anthropic: "Anthropic Messages", builtin: "built-in" }[
        run.modelApi
      ]
    : null;
  const settings = Object.entries(run.modelSettings ?? {})
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  const where =
    api === "built-in"
      ? "A built-in offline model"
      : `Called through the ${api ?? "unrecorded"} API${run.modelBaseUrl ? ` at ${run.modelBaseUrl}` : ""}`;
  return `${where}${settings ? ` with ${settings}` : ""}; cost ${formatCost(costUsd)}.`;
}

/** The human-readable execution report of a run, with YAML front matter the Results page reads. */
export function markdownReport(run: RunResult): string {
  const t = runTotals(run);
  const failure = failureReason(run);
  const front = toYaml(
    {
      run_id: run.runId,
      case: run.caseId,
      case_name: run.caseName,
      model: run.model,
      status: run.status,
      // The one score people read; total and max stay for older readers and are sums.
      score: runScoreText(t.score),
      mean: t.score.mean === null ? null : Math.round(t.score.mean * 1000) / 1000,
      total: t.total,
      max: t.max,
      // Sample results (sample × epoch); samples_per_epoch is the case's samples.
      samples: run.samples.length,
      samples_per_epoch: t.score.samples,
      invalid_samples: t.invalid,
      epochs: run.epochs,
      ...(failure ? { error: failure } : {}),
      safe_solves: t.safeSolves,
      tokens: t.tokens,
      tool_calls: t.toolCalls,
      cost_usd: t.costUsd,
      model_api: run.modelApi ?? null,
      model_settings: run.modelSettings ?? {},
      grader: run.grader,
      started: run.startedAt,
      finished: run.completedAt,
      duration_seconds: Math.round(Date.parse(run.completedAt) - Date.parse(run.startedAt)) / 1000,
      version: run.version,
      grader_version: run.graderVersion,
      content_version: run.contentVersion,
      variant: run.variant ?? 0,
    },
    // One line per key: the console's front-matter table reads line by line, and the reason is long.
    { lineWidth: 0 },
  ).trimEnd();
  const summary = [
    "| Sample | Epoch | Status | Score | Safe solve | Tokens | Cost | Tool calls | Time |",
    "|---|---|---|---|---|---|---|---|---|",
    ...run.samples.map(
      (s) =>
        `| ${cell(s.title)} | ${s.epoch} | ${s.validity === "invalid" ? `${s.status} (invalid)` : s.status} | ${s.score ? `${s.score.total}/${s.score.max}` : "—"} | ${s.score?.safeSolve ? "yes" : "no"} | ${s.usage.totalTokens} | ${formatCost(s.usage.costUsd)} | ${s.toolCalls} | ${(s.durationMs / 1000).toFixed(1)} s |`,
    ),
  ].join("\n");
  // The sum is shown only beside the mean and labelled as one: alone it reads as a score.
  const sums = t.score.mean === null ? "" : ` (${scoreSumText(t.total, t.max)}; ${plural(t.safeSolves, "safe solve")})`;
  const outcome = `Run \`${run.runId}\` of case \`${run.caseId}\` finished **${run.status}**: **${runScoreText(t.score)}**${sums}.`;
  const why = failure ? ` Why it failed: ${failure}` : "";
  return `---\n${front}\n---\n\n# ${run.caseName} — ${run.model}\n\n${outcome}${why} ${modelLine(run, t.costUsd)}\n\n${summary}\n\n${run.samples.map(sampleSection).join("\n")}`;
}
