import {
  runScoreText,
  SEARCH_GROUP_LABELS,
  SEARCH_GROUPS,
  type RunSummary,
  type SearchGroup,
  type SearchGroupId,
  type SearchResponse,
} from "@analystbench/contracts";
import type { SearchItem } from "./search-content";
import { bestMatches, prepareQuery, type PreparedQuery } from "./search-match";
import type { IndexedEntry, WorkspaceIndex } from "./workspace-index";

/**
 * The header search: test cases, scenario content, runs, results, evaluation logs and workspace
 * files, each hit naming the console page and the item to open. Cases and content are fixed for
 * the life of the process; runs come from the store and files from the shared workspace index.
 */
export interface SearchDeps {
  /** Test cases and scenario content: built once, they never change while the server runs. */
  staticItems: { cases: SearchItem[]; content: SearchItem[] };
  recentRuns(limit: number): Promise<RunSummary[]>;
  workspace(): Promise<WorkspaceIndex>;
}

/** Runs looked through: the store keeps every run, the search looks at the latest ones. */
const RUNS_SEARCHED = 2_000;
const RESULT_FILE = /^results\/.+\.(md|jsonl)$/i;
const EVAL_LOG = /^logs\/[^/]+\.json$/i;
/** `<ISO stamp with dashes>_<case>_<run id>.json`, as the engine names evaluation logs. */
const ENGINE_LOG_NAME = /^(\d{4}-\d{2}-\d{2})T[\d-]+Z_([A-Za-z0-9-]+)_([A-Za-z0-9_-]{1,64})\.json$/;

function runItem(run: RunSummary): SearchItem {
  const when = (run.finishedAt ?? run.createdAt).slice(0, 16).replace("T", " ");
  const score = run.result ? ` · ${runScoreText(run.result.score)}` : "";
  return {
    title: `${run.caseName} · ${run.model}`,
    detail: `Run ${run.id} · ${run.status}${score} · ${when} UTC`,
    keywords: `${run.id}\n${run.caseId}\n${run.suiteId ?? ""}`,
    page: "scripts",
    target: { kind: "run", id: run.id },
  };
}

function resultItem(entry: IndexedEntry): SearchItem {
  const kind = entry.name.toLowerCase().endsWith(".md") ? "Execution report" : "Benchmark records";
  return {
    title: entry.name,
    detail: `${kind} · ${entry.path}`,
    keywords: entry.path,
    page: "results",
    target: { kind: "result", path: entry.path },
  };
}

function evalLogItem(entry: IndexedEntry): SearchItem {
  const parts = ENGINE_LOG_NAME.exec(entry.name);
  return {
    title: parts ? `${parts[2]} · ${parts[1]}` : entry.name,
    detail: parts ? `Evaluation log of run ${parts[3]}` : `Evaluation log · ${entry.path}`,
    keywords: entry.path,
    page: "viewer",
    target: { kind: "eval-log", name: entry.name },
  };
}

function fileItem(entry: IndexedEntry): SearchItem {
  const parent = entry.path.includes("/") ? entry.path.slice(0, entry.path.lastIndexOf("/")) : "workspace root";
  return {
    title: entry.name,
    detail: `${entry.isDirectory ? "Folder" : "File"} in ${parent}`,
    // Files are found by name (and folder path), not by every directory above them.
    keywords: entry.path,
    page: "filesystem",
    target: { kind: "file", path: entry.path, isDirectory: entry.isDirectory },
  };
}

function group(id: SearchGroupId, query: PreparedQuery, items: Iterable<SearchItem>, limit: number): SearchGroup {
  const { hits, more } = bestMatches(query, items, limit);
  return {
    id,
    label: SEARCH_GROUP_LABELS[id],
    hits: hits.map(({ title, detail, page, target }) => ({ title, detail, page, target })),
    more,
  };
}

function* mapped<T>(items: Iterable<IndexedEntry>, pick: (e: IndexedEntry) => boolean, to: (e: IndexedEntry) => T) {
  for (const e of items) if (pick(e)) yield to(e);
}

export async function search(deps: SearchDeps, q: string, limit: number): Promise<SearchResponse> {
  const query = prepareQuery(q);
  const [runs, index] = await Promise.all([deps.recentRuns(RUNS_SEARCHED), deps.workspace()]);
  const isResult = (e: IndexedEntry) => !e.isDirectory && RESULT_FILE.test(e.path);
  const isLog = (e: IndexedEntry) => !e.isDirectory && EVAL_LOG.test(e.path);
  const byGroup: Record<SearchGroupId, Iterable<SearchItem>> = {
    cases: deps.staticItems.cases,
    content: deps.staticItems.content,
    runs: runs.map(runItem),
    results: mapped(index.entries, isResult, resultItem),
    logs: mapped(index.entries, isLog, evalLogItem),
    // Results and logs have their own groups, opened on their own pages.
    files: mapped(index.entries, (e) => !isResult(e) && !isLog(e), fileItem),
  };
  return {
    query: q.trim(),
    groups: SEARCH_GROUPS.map((id) => group(id, query, byGroup[id], limit)).filter((g) => g.hits.length > 0),
    filesTruncated: index.truncated,
  };
}
