import type { CaseWorld, EvidenceRequirement, HostSpec, ToolName } from "@analystbench/scenarios";

/**
 * Where in the simulated world a piece of evidence is, in words a person reads: "/var/log/mail.log
 * on mail-01", "the log of rate-engine run 88", "commit 64dc178 in rate-engine". A rationale that
 * says the agent never saw the evidence says where it was to be found. The world is the case's
 * content, so this reads the same for a run and for a re-grade of it.
 */

type PlaceKind = "host" | "repository" | "pipeline" | "package";

/** Which kinds of place each tool can show (evidence that names no tool may be anywhere). */
const TOOL_PLACES: Record<ToolName, PlaceKind[]> = {
  execute_shell_command: ["host"],
  get_file_content: ["host"],
  get_commit_diff: ["repository"],
  get_ci_pipeline_log: ["pipeline"],
  search_artifact_repository: ["package"],
  get_network_topology: [],
};

/** At most this many places are named: evidence the content placed once is rarely in more. */
const MAX_PLACES = 2;

/** The places of one host that hold `needle`, most specific first. */
function hostPlaces(host: HostSpec, needle: string, filesOnly: boolean): string[] {
  const on = ` on ${host.hostname}`;
  const found = [
    ...host.files.filter((f) => f.content.includes(needle)).map((f) => `${f.path}${on}`),
    ...host.logs.filter((l) => l.lines.some((x) => x.text.includes(needle))).map((l) => `${l.path}${on}`),
  ];
  if (filesOnly) return found;
  const has = (texts: string[]) => texts.some((t) => t.includes(needle));
  if (has(host.processes.map((p) => `${p.pid} ${p.user} ${p.command}`))) found.push(`the process list${on}`);
  if (has(host.sockets.map((s) => `${s.local} ${s.remote} ${s.program ?? ""}`))) found.push(`the open sockets${on}`);
  for (const user of new Set(host.cron.filter((c) => has([c.command])).map((c) => c.user)))
    found.push(`${user}'s crontab${on}`);
  if (has(host.journal.map((j) => j.message))) found.push(`the system journal${on}`);
  if (has(host.logins.map((l) => `${l.user} ${l.from}`))) found.push(`the login records${on}`);
  if (has(Object.entries(host.env).map(([k, v]) => `${k}=${v}`))) found.push(`the environment${on}`);
  return found;
}

/**
 * The commits whose diff can show `needle`: in its message or author, a path it changed, or a
 * changed file's content after the commit or before it (a diff shows removed lines too).
 */
function commitsShowing(repo: CaseWorld["repositories"][number], needle: string): string[] {
  const before = new Map<string, string>();
  const found: string[] = [];
  for (const c of repo.commits) {
    const texts = [c.message, c.author.name, c.author.email];
    for (const ch of c.changes) texts.push(ch.path, ch.content ?? "", before.get(ch.path) ?? "");
    if (texts.some((t) => t.includes(needle))) found.push(c.hash);
    for (const ch of c.changes) before.set(ch.path, ch.content ?? "");
  }
  return found;
}

function worldPlaces(world: CaseWorld, needle: string, kinds: PlaceKind[], filesOnly: boolean): string[] {
  const found: string[] = [];
  if (kinds.includes("host")) for (const h of world.hosts) found.push(...hostPlaces(h, needle, filesOnly));
  if (kinds.includes("pipeline"))
    for (const p of world.pipelines.filter((x) => x.log.includes(needle)))
      found.push(`the log of ${p.pipeline} run ${p.run_id}`);
  if (kinds.includes("repository"))
    for (const r of world.repositories)
      for (const hash of commitsShowing(r, needle)) found.push(`commit ${hash.slice(0, 7)} in ${r.name}`);
  if (kinds.includes("package")) {
    for (const p of world.packages)
      for (const v of p.versions.filter((x) => JSON.stringify(x).includes(needle)))
        found.push(`${p.name} ${v.version} in the artifact repository`);
    for (const g of world.groups.filter((x) => JSON.stringify(x).includes(needle)))
      found.push(`the ${g.name} repository group`);
  }
  return found;
}

/** "/a on h" and "/b on h" said once: "/a or /b on h". */
function sameHostTogether(places: string[]): string[] {
  const files = places.map((p) => /^(\/\S*) on (\S+)$/.exec(p));
  const host = files[0]?.[2];
  if (places.length < 2 || !files.every((m) => m && m[2] === host)) return places;
  return [`${files.map((m) => m![1]).join(" or ")} on ${host}`];
}

const cache = new WeakMap<CaseWorld, Map<string, string[]>>();

/** Where the world holds the text `requirement` asks the agent to have seen (none when it is generated). */
export function evidencePlaces(world: CaseWorld, requirement: EvidenceRequirement): string[] {
  const key = `${requirement.tool ?? ""}\u0000${requirement.contains}`;
  let memo = cache.get(world);
  if (!memo) cache.set(world, (memo = new Map()));
  const known = memo.get(key);
  if (known) return known;
  const kinds = requirement.tool
    ? TOOL_PLACES[requirement.tool]
    : (["host", "pipeline", "repository", "package"] as const);
  const found = worldPlaces(world, requirement.contains, [...kinds], requirement.tool === "get_file_content");
  const places = sameHostTogether([...new Set(found)].slice(0, MAX_PLACES));
  memo.set(key, places);
  return places;
}
