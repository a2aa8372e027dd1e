import { html, type Html } from "./html";
import {
  environmentDiffOf,
  formatNumber,
  headerOf,
  noun,
  plural,
  sampleDetail,
  sampleList,
  scoresOf,
  summarizeSample,
  transcriptOf,
  type CheckpointView,
  type EnvironmentDiffView,
  type ScoreView,
  type ToolCallView,
  type TranscriptItem,
} from "./log-model";
import type { ListedLog } from "./log-store";

/**
 * The viewer's pages, rendered on the server as plain HTML with no script at all: links for
 * navigation, <details> for collapsing. Long transcripts are split into pages so the browser
 * never lays out more than TRANSCRIPT_PAGE_SIZE items at once, however large the log.
 */

export type Theme = "light" | "dark";
export const TRANSCRIPT_PAGE_SIZE = 50;

export interface PageContext {
  theme: Theme;
  /** The logs directory as the workspace names it ("logs"), never its absolute path. */
  logsLabel: string;
}

function link(pathname: string, ctx: PageContext, params: Record<string, string | number> = {}, hash = ""): string {
  const query = new URLSearchParams({ ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
  query.set("theme", ctx.theme);
  return `${pathname}?${query.toString()}${hash}`;
}

export const logHref = (name: string, ctx: PageContext, params: Record<string, string | number> = {}, hash = "") =>
  link(`/logs/${encodeURIComponent(name)}`, ctx, params, hash);

function layout(ctx: PageContext, title: string, body: Html): string {
  return html`<!doctype html>
    <html lang="en" data-theme="${ctx.theme}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="${ctx.theme}" />
        <title>${title} · AnalystBench Log Viewer</title>
        <link rel="stylesheet" href="/styles.css" />
      </head>
      <body>
        <header class="bar">
          <a class="brand" href="${link("/", ctx)}">AnalystBench <span>Log Viewer</span></a>
          <span class="muted mono small" title="Logs directory">${ctx.logsLabel}</span>
        </header>
        <main>${body}</main>
      </body>
    </html>`.value;
}

const STATUS_CLASS: Record<string, string> = {
  success: "ok",
  completed: "ok",
  started: "info",
  running: "info",
  partial: "warn",
  cancelled: "warn",
  error: "bad",
  failed: "bad",
};

function badge(status: string): Html {
  return html`<span class="badge ${STATUS_CLASS[status] ?? "neutral"}">${status}</span>`;
}

const dateTime = (iso: string | null) => {
  if (!iso) return "—";
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d
        .toISOString()
        .replace("T", " ")
        .replace(/\.\d+Z$/, "Z");
};

function duration(seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds < 60) return `${formatNumber(seconds)} s`;
  const m = Math.floor(seconds / 60);
  return `${m} min ${Math.round(seconds - m * 60)} s`;
}

// ---------------------------------------------------------------------------- list

export function renderLogList(logs: ListedLog[], ctx: PageContext): string {
  const rows = logs.map((l) => {
    const s = l.summary;
    return html`<tr data-log="${l.name}">
      <td>
        <a href="${logHref(l.name, ctx)}">${s ? s.taskName : l.name}</a>
        <div class="muted mono small">${l.name}</div>
      </td>
      <td class="mono">${s?.model ?? "—"}</td>
      <td>${s ? badge(s.status) : html`<span class="badge neutral" title="${l.problem ?? ""}">unreadable</span>`}</td>
      <td class="num">${s?.score ?? "—"}</td>
      <td class="nowrap">${dateTime(s?.started ?? l.modified.toISOString())}</td>
      <td class="num">${s ? s.samples : "—"}</td>
    </tr>`;
  });
  const body = html`<div class="title-row">
      <h1>Evaluation logs</h1>
      <a class="button" href="${link("/", ctx)}">Refresh</a>
    </div>
    ${
      logs.length === 0
        ? html`<p class="empty">No evaluation logs yet. Logs appear here when an evaluation runs.</p>`
        : html`<div class="card flush">
            <table class="logs">
              <thead>
                <tr>
                  <th>Task</th>
                  <th>Model</th>
                  <th>Status</th>
                  <th class="num">Score</th>
                  <th>Started</th>
                  <th class="num">Samples</th>
                </tr>
              </thead>
              <tbody>
                ${rows}
              </tbody>
            </table>
          </div>`
    }`;
  return layout(ctx, "Evaluation logs", body);
}

// ---------------------------------------------------------------------------- one log

export function renderUnreadableLog(name: string, reason: string, ctx: PageContext): string {
  return layout(
    ctx,
    name,
    html`<nav class="crumbs"><a href="${link("/", ctx)}">All logs</a> / <span class="mono">${name}</span></nav>
      <div class="card notice bad"><strong>This log cannot be shown.</strong> ${reason}</div>`,
  );
}

export function renderNotFound(ctx: PageContext): string {
  return layout(
    ctx,
    "Not found",
    html`<div class="card notice">
      <strong>There is no such log.</strong> It may have been deleted. <a href="${link("/", ctx)}">Back to all logs</a>
    </div>`,
  );
}

export function renderLog(
  name: string,
  log: unknown,
  opts: { sample: number; page: number },
  ctx: PageContext,
): string {
  const h = headerOf(log);
  const samples = sampleList(log);
  const fact = (label: string, value: Html | string) =>
    html`<div>
      <dt>${label}</dt>
      <dd>${value}</dd>
    </div>`;
  const header = html`<section class="card" id="header" aria-label="Log header">
    <div class="title-row">
      <div>
        <h1>${h.taskName}</h1>
        <div class="muted mono small">${h.task} · ${name}</div>
      </div>
      ${badge(h.status)}
    </div>
    <dl class="facts">
      ${fact("Model", html`<span class="mono">${h.model}</span>`)} ${fact("Status", h.status)}
      ${fact("Score", h.score ?? "—")}
      ${fact(
        "Tokens",
        h.tokens
          ? `${h.tokens.total.toLocaleString("en")} (${h.tokens.input.toLocaleString("en")} in, ${h.tokens.output.toLocaleString("en")} out)`
          : "—",
      )}
      ${fact("Duration", duration(h.durationSeconds))} ${fact("Started", dateTime(h.started))}
      ${fact("Samples", String(samples.length || h.samples))}
      ${fact("Run", html`<span class="mono">${h.runId ?? "—"}</span>`)}
    </dl>
    ${
      h.metrics.length
        ? html`<div class="metrics" aria-label="Metrics">
            ${h.metrics.map(
              (m) => html`<span class="metric"><span class="muted">${m.name}</span> ${formatNumber(m.value)}</span>`,
            )}
          </div>`
        : ""
    }
    ${
      h.error
        ? html`<div class="notice bad">
            <strong>Error:</strong>
            <pre class="inline">${h.error}</pre>
          </div>`
        : ""
    }
  </section>`;

  let content: Html;
  if (samples.length === 0) {
    content = html`<p class="empty">
      ${
        h.status === "started"
          ? "This evaluation is still running: its samples appear here when it finishes."
          : "This log holds no samples."
      }
    </p>`;
  } else {
    const index = Math.min(Math.max(0, opts.sample), samples.length - 1);
    const nav =
      samples.length > 1
        ? html`<nav class="samples" aria-label="Samples">
            ${samples.map((s, i) => {
              const sum = summarizeSample(s, i);
              return html`<a class="${i === index ? "current" : ""}" href="${logHref(name, ctx, { sample: i })}"
                >${sum.id} · epoch ${sum.epoch}${sum.score ? html` · <strong>${sum.score}</strong>` : ""}</a
              >`;
            })}
          </nav>`
        : "";
    content = html`${nav}${renderSample(name, samples[index], index, opts.page, ctx)}`;
  }

  return layout(
    ctx,
    h.taskName,
    html`<nav class="crumbs"><a href="${link("/", ctx)}">All logs</a> / <span class="mono">${name}</span></nav>
      ${header} ${content}`,
  );
}

function renderSample(name: string, sample: unknown, index: number, page: number, ctx: PageContext): Html {
  const d = sampleDetail(sample, index);
  const transcript = transcriptOf(sample);
  const pages = Math.max(1, Math.ceil(transcript.length / TRANSCRIPT_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const from = (current - 1) * TRANSCRIPT_PAGE_SIZE;
  const shown = transcript.slice(from, from + TRANSCRIPT_PAGE_SIZE);
  const pager =
    pages > 1
      ? html`<nav class="pager" aria-label="Transcript pages">
          ${current > 1 ? html`<a href="${logHref(name, ctx, { sample: index, page: current - 1 }, "#transcript")}">← Previous</a>` : html`<span class="muted">← Previous</span>`}
          <span>Items ${from + 1}–${from + shown.length} of ${transcript.length} · page ${current} of ${pages}</span>
          ${current < pages ? html`<a href="${logHref(name, ctx, { sample: index, page: current + 1 }, "#transcript")}">Next →</a>` : html`<span class="muted">Next →</span>`}
        </nav>`
      : "";
  return html`<section class="card" aria-label="Sample">
      <div class="title-row">
        <div>
          <h2>Sample ${d.id} <span class="muted">· epoch ${d.epoch}</span></h2>
          ${d.title ? html`<div class="muted">${d.title}</div>` : ""}
        </div>
        <div class="row">
          ${d.status ? badge(d.status) : ""}${d.score ? html`<span class="score">${d.score}</span>` : ""}
        </div>
      </div>
      <dl class="facts">
        <div>
          <dt>Started</dt>
          <dd>${dateTime(d.startedAt)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>${duration(d.totalTime)}</dd>
        </div>
        <div>
          <dt>Tokens</dt>
          <dd>${d.tokens === null ? "—" : d.tokens.toLocaleString("en")}</dd>
        </div>
        <div>
          <dt>Transcript</dt>
          <dd>${plural(transcript.length, "item")}</dd>
        </div>
      </dl>
      ${d.error ? html`<div class="notice bad"><strong>Sample error:</strong> ${d.error}</div>` : ""}
      ${d.limits.map((l) => html`<div class="notice warn">${l}</div>`)}
      <nav class="jump">
        <a href="#grades">Checkpoint grades</a> · <a href="#diff">Environment diff</a> ·
        <a href="#transcript">Transcript</a>
      </nav>
    </section>
    ${renderScores(scoresOf(sample))} ${renderDiff(environmentDiffOf(sample))}
    <section class="card" id="transcript" aria-label="Transcript">
      <h2>Transcript</h2>
      ${pager}
      <ol class="transcript" start="${from + 1}">
        ${shown.map(renderItem)}
      </ol>
      ${pager}
    </section>`;
}

// ---------------------------------------------------------------------------- scores

function outcomeClass(outcome: string): string {
  return outcome === "plus" ? "ok" : outcome === "minus" ? "bad" : "neutral";
}

function renderCheckpoint(c: CheckpointView): Html {
  return html`<tr data-checkpoint="${c.number}">
    <td class="num">${c.number}</td>
    <td>${c.name}</td>
    <td><span class="badge ${outcomeClass(c.outcome)}">${c.outcome}</span></td>
    <td class="num">${c.points > 0 ? `+${c.points}` : c.points}</td>
    <td>
      ${c.rationale}
      ${
        c.evidence.length
          ? html`<details class="evidence">
              <summary>Evidence (${c.evidence.length})</summary>
              <ul>
                ${c.evidence.map((e) => html`<li><pre class="inline">${e}</pre></li>`)}
              </ul>
            </details>`
          : ""
      }
      ${c.judge ? html`<div class="muted small">Judge ${c.judge}</div>` : ""}
    </td>
  </tr>`;
}

function renderScores(scores: ScoreView[]): Html {
  return html`<section class="card" id="grades" aria-label="Checkpoint grades">
    <h2>Checkpoint grades</h2>
    ${scores.length === 0 ? html`<p class="empty">This sample has no scores.</p>` : ""}
    ${scores.map(
      (s) =>
        html`<div class="scorer">
          <div class="title-row">
            <span class="mono small muted">${s.scorer}</span
            >${s.total ? html`<span class="score">Total ${s.total}</span>` : ""}
          </div>
          ${
            s.checkpoints.length
              ? html`<table class="grades">
                  <thead>
                    <tr>
                      <th class="num">#</th>
                      <th>Checkpoint</th>
                      <th>Outcome</th>
                      <th class="num">Points</th>
                      <th>Rationale and evidence</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${s.checkpoints.map(renderCheckpoint)}
                  </tbody>
                </table>`
              : html`<dl class="facts">
                  ${s.values.map(
                    (v) =>
                      html`<div>
                        <dt>${v.key}</dt>
                        <dd>${v.value}</dd>
                      </div>`,
                  )}
                </dl>`
          }
          ${s.notScored && s.explanation ? html`<div class="notice warn">${s.explanation}</div>` : ""}
          ${
            s.explanation && !s.notScored
              ? html`<details>
                  <summary>Grader explanation</summary>
                  <pre>${s.explanation}</pre>
                </details>`
              : ""
          }
        </div>`,
    )}
  </section>`;
}

// ---------------------------------------------------------------------------- environment diff

function renderDiff(diff: EnvironmentDiffView | null): Html {
  const empty = !diff || (diff.files.length === 0 && diff.stateChanges.length === 0 && diff.commands.length === 0);
  return html`<section class="card" id="diff" aria-label="Environment diff">
    <h2>Environment diff</h2>
    ${
      !diff
        ? html`<p class="empty">This log records no environment diff.</p>`
        : empty
          ? html`<p class="empty">No changes: the model left the simulated environment as it found it.</p>`
          : html`${
              diff.files.length
                ? html`<h3>Files</h3>
                    <table>
                      <thead>
                        <tr>
                          <th>Host</th>
                          <th>Path</th>
                          <th>Change</th>
                          <th>Commands</th>
                        </tr>
                      </thead>
                      <tbody>
                        ${diff.files.map(
                          (f) =>
                            html`<tr>
                              <td class="mono">${f.host}</td>
                              <td class="mono">${f.path}</td>
                              <td>${f.change}</td>
                              <td><pre class="inline">${f.commands.join("\n")}</pre></td>
                            </tr>`,
                        )}
                      </tbody>
                    </table>`
                : ""
            }${
              diff.stateChanges.length
                ? html`<h3>State changes</h3>
                    <table>
                      <thead>
                        <tr>
                          <th>Host</th>
                          <th>Kind</th>
                          <th>Target</th>
                          <th>From</th>
                          <th>To</th>
                          <th>Command</th>
                        </tr>
                      </thead>
                      <tbody>
                        ${diff.stateChanges.map(
                          (c) =>
                            html`<tr>
                              <td class="mono">${c.host}</td>
                              <td>${c.kind}</td>
                              <td class="mono">${c.target}</td>
                              <td>${c.from}</td>
                              <td>${c.to}</td>
                              <td><pre class="inline">${c.command}</pre></td>
                            </tr>`,
                        )}
                      </tbody>
                    </table>`
                : ""
            }${
              diff.commands.length
                ? html`<h3>Commands that changed state</h3>
                    <table>
                      <thead>
                        <tr>
                          <th class="num">#</th>
                          <th>Host</th>
                          <th>Command</th>
                          <th class="num">Exit</th>
                        </tr>
                      </thead>
                      <tbody>
                        ${diff.commands.map(
                          (c) =>
                            html`<tr>
                              <td class="num">${c.index}</td>
                              <td class="mono">${c.host}</td>
                              <td><pre class="inline">${c.command}</pre></td>
                              <td class="num">${c.exitCode}</td>
                            </tr>`,
                        )}
                      </tbody>
                    </table>`
                : ""
            }`
    }
  </section>`;
}

// ---------------------------------------------------------------------------- transcript items

/** System prompts and long tool outputs start folded; everything else is open. */
const LONG_TEXT = 4000;

/**
 * A call the tool could not run is marked as an error; a shell command that ran and exited
 * non-zero is not (`diff` exits 1 when the files differ): its exit is said, neutrally.
 */
function callBadge(failed: boolean, exitCode: number | null): Html | string {
  if (failed) return html` <span class="badge bad">error</span>`;
  return exitCode
    ? html` <span class="badge neutral" title="The command ran and exited ${exitCode}">exit ${exitCode}</span>`
    : "";
}

function renderToolCall(call: ToolCallView): Html {
  const preview = call.arguments.replace(/\s+/g, " ").slice(0, 140);
  const failed = call.error !== null || call.parseError !== null;
  return html`<details class="tool-call ${failed ? "failed" : ""}" open data-tool="${call.function}">
    <summary>
      <span class="mono strong">${call.function}</span> <span class="mono muted">${preview}</span>${callBadge(
        failed,
        call.exitCode,
      )}
    </summary>
    <div class="label">Arguments</div>
    <pre>${call.arguments}</pre>
    ${call.parseError ? html`<div class="notice bad">${call.parseError}</div>` : ""}
    <div class="label">
      Output${
        call.truncated
          ? html` <span class="muted"
              >(truncated: ${call.truncated[1]} of ${plural(call.truncated[0], "byte")} kept)</span
            >`
          : ""
      }
    </div>
    ${
      call.output === null
        ? html`<p class="muted">No output was recorded for this call.</p>`
        : call.output.length > LONG_TEXT
          ? html`<details>
              <summary>${call.output.length.toLocaleString("en")} ${noun(call.output.length, "character")}</summary>
              <pre>${call.output}</pre>
            </details>`
          : html`<pre>${call.output}</pre>`
    }
    ${call.error ? html`<div class="notice bad">${call.error}</div>` : ""}
  </details>`;
}

function renderItem(item: TranscriptItem): Html {
  switch (item.kind) {
    case "system":
      return html`<li class="msg system">
        <details>
          <summary>
            <span class="role">System</span>
            <span class="muted"
              >${item.content.length.toLocaleString("en")} ${noun(item.content.length, "character")}</span
            >
          </summary>
          <pre>${item.content}</pre>
        </details>
      </li>`;
    case "user":
      return html`<li class="msg user">
        <div class="role">User</div>
        <pre>${item.content}</pre>
      </li>`;
    case "assistant":
      return html`<li class="msg assistant">
        <div class="role">Assistant${item.model ? html` <span class="muted mono small">${item.model}</span>` : ""}</div>
        ${item.content ? html`<pre>${item.content}</pre>` : ""} ${item.toolCalls.map(renderToolCall)}
      </li>`;
    case "tool":
      return html`<li class="msg tool">
        <div class="role">
          Tool <span class="mono">${item.function}</span>${callBadge(item.error !== null, item.exitCode)}
        </div>
        <pre>${item.content}</pre>
        ${item.error ? html`<div class="notice bad">${item.error}</div>` : ""}
      </li>`;
  }
}
