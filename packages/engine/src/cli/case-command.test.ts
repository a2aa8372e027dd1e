import { BUILT_IN_CONTENT_DIR, TEST_CASES } from "@analystbench/scenarios";
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { parseDocument } from "yaml";
import { checkCase, type StageResult } from "./case-check";
import { caseCommand } from "./case-command";
import { readManifestSource } from "./case-manifest-source";
import { main, USAGE } from "./main";

/**
 * The authoring commands: `case list`, `case check` (a copy of a built-in package passes; broken
 * copies are reported by file and field) and `case new` (its skeletons, with their to-do markers
 * filled in, pass the whole check, calibration included). Calibration takes seconds per case, so
 * only three tests run it; the others stop before it.
 */

const root = mkdtempSync(path.join(os.tmpdir(), "ab-case-command-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const REPO = path.resolve(BUILT_IN_CONTENT_DIR, "..");
const FULL_CHECK_MS = 180_000;
/** Every stage but calibration: what the broken-package tests need, in well under a second. */
const NO_CALIBRATION: StageResult["id"][] = ["package", "identifiers", "todo", "content", "evidence"];

let counter = 0;
const freshDir = (name: string) => {
  const dir = path.join(root, `${++counter}`, name);
  return { parent: path.dirname(dir), dir };
};

/** Runs the command line in-process, capturing what it prints. */
async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
  vi.spyOn(console, "error").mockImplementation((...a: unknown[]) => void err.push(a.join(" ")));
  const code = await caseCommand(argv);
  vi.restoreAllMocks();
  return { code, out: out.join("\n"), err: err.join("\n") };
}

function copyBuiltIn(id: string): string {
  const { dir } = freshDir(id);
  cpSync(path.join(BUILT_IN_CONTENT_DIR, "cases", id), dir, { recursive: true });
  return dir;
}

/** Every file below `dir`. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const full = path.join(dir, n);
    return statSync(full).isDirectory() ? filesBelow(full) : [full];
  });
}

/** Accepts every example text of the skeleton: each to-do marker removed, the example kept. */
function fillTodos(dir: string): void {
  for (const file of filesBelow(dir)) {
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace(/TODO\([^)]*\) /g, ""));
  }
  expect(filesBelow(dir).filter((f) => readFileSync(f, "utf8").includes("TODO"))).toEqual([]);
}

async function newCase(id: string, scenario: "S1" | "S2"): Promise<string> {
  const { parent, dir } = freshDir(id);
  const r = await run("new", id, "--scenario", scenario, "--dir", parent);
  expect(r.err).toBe("");
  expect(r.code).toBe(0);
  return dir;
}

/** Changes case.yaml with the yaml library (the test needs no knowledge of its layout). */
function editManifest(dir: string, edit: (doc: ReturnType<typeof parseDocument>) => void): void {
  const file = path.join(dir, "case.yaml");
  const doc = parseDocument(readFileSync(file, "utf8"));
  edit(doc);
  writeFileSync(file, doc.toString({ lineWidth: 0 }));
}

const problemsOf = async (dir: string) => (await checkCase(dir, { stages: NO_CALIBRATION })).problems;

describe("case list", () => {
  it("lists every built-in case with its scenario, source and samples", async () => {
    const r = await run("list", "--json");
    expect(r.code).toBe(0);
    const listed = JSON.parse(r.out) as { cases: { id: string; source: string; samples: unknown[] }[]; broken: [] };
    expect(listed.cases.map((c) => c.id)).toEqual(TEST_CASES.map((c) => c.id));
    expect(listed.cases.every((c) => c.source === "built-in" && c.samples.length > 0)).toBe(true);
    expect((await run("list")).out).toMatch(/^ID\s+SCENARIO\s+SOURCE\s+SAMPLES\s+NAME/);
  });

  it("lists the packages of ANALYSTBENCH_CASES_DIR, and the broken ones with their problems", async () => {
    const cases = freshDir("user-cases").dir;
    cpSync(path.join(BUILT_IN_CONTENT_DIR, "cases", "s2-env-exfiltration"), path.join(cases, "mine"), {
      recursive: true,
    });
    editManifest(path.join(cases, "mine"), (doc) => doc.set("id", "s2-mine"));
    cpSync(path.join(cases, "mine"), path.join(cases, "broken"), { recursive: true });
    editManifest(path.join(cases, "broken"), (doc) => {
      doc.set("id", "s2-broken");
      doc.setIn(["task", "checkpoints", 0, "grading", "indicators", 0, "any_of"], "not a list");
    });
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(REPO, "bin/analystbench.mjs"), "case", "list", "--json"],
      { env: { ...process.env, ANALYSTBENCH_CASES_DIR: cases } },
    );
    const listed = JSON.parse(stdout) as {
      cases: { id: string; source: string }[];
      broken: { id: string; source: string; problems: string[] }[];
    };
    expect(listed.cases.at(-1)).toMatchObject({ id: "s2-mine", source: cases });
    expect(listed.broken).toEqual([
      {
        // A manifest that fails its schema names no id: the folder's name stands in.
        id: "broken",
        source: cases,
        dir: path.join(cases, "broken"),
        problems: [
          expect.stringMatching(/^case\.yaml, field task\.checkpoints\[0\]\.grading\.indicators\[0\]\.any_of: /),
        ],
      },
    ]);
  }, 60_000);
});

describe("case check", () => {
  it(
    "passes a copy of a built-in package, calibration included, and says so in JSON",
    async () => {
      const dir = copyBuiltIn("s2-env-exfiltration");
      const r = await run("check", dir, "--json");
      const report = JSON.parse(r.out) as { ok: boolean; id: string; problems: string[]; stages: StageResult[] };
      expect(report.problems).toEqual([]);
      expect(report).toMatchObject({ ok: true, id: "s2-env-exfiltration" });
      expect(report.stages.map((s) => [s.id, s.status])).toEqual([
        ["package", "passed"],
        ["identifiers", "passed"],
        ["todo", "passed"],
        ["content", "passed"],
        ["evidence", "passed"],
        ["calibration", "passed"],
      ]);
      expect(r.code).toBe(0);
    },
    FULL_CHECK_MS,
  );

  it("names the file and field of a bad field, and stops before the stages that need the case", async () => {
    const dir = await newCase("s1-bad-field", "S1");
    fillTodos(dir);
    editManifest(dir, (doc) => doc.setIn(["tasks", 0, "checkpoints", 1, "grading", "indicators", 0, "any_of"], "x"));
    const r = await run("check", dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain("case.yaml, field tasks[0].checkpoints[1].grading.indicators[0].any_of: ");
    expect(r.out).toMatch(/- content checks and grading data: skipped, the package does not load/);
    expect(r.out).toMatch(/- calibration.*: skipped, the package does not load/);
  });

  it("names a referenced file that is missing, and the field that references it", async () => {
    const dir = await newCase("s1-missing-file", "S1");
    fillTodos(dir);
    const ref = readManifestSource(dir)!.references.find((r) => r.kind === "file")!;
    unlinkSync(path.join(dir, ref.path));
    expect(await problemsOf(dir)).toContain(`case.yaml, field ${ref.field}: the file "${ref.path}" does not exist`);
  });

  it("names an unknown {{key}} and an identifier nobody uses", async () => {
    const dir = await newCase("s2-keys", "S2");
    fillTodos(dir);
    editManifest(dir, (doc) => {
      doc.setIn(["task", "prompt"], `${String(doc.getIn(["task", "prompt"]))} Start at {{no_such_key}}.`);
      doc.setIn(["identifiers", "spare_ip"], "203.0.113.199");
    });
    expect(await problemsOf(dir)).toEqual([
      "case.yaml, field task.prompt: {{no_such_key}} is not in the identifiers table of case.yaml",
      "case.yaml, field identifiers.spare_ip: {{spare_ip}} is used nowhere: neither the manifest nor a file it references says {{spare_ip}}",
    ]);
  });

  it("names an evidence string that no file holds, in the content checks and in the walk", async () => {
    const dir = await newCase("s2-evidence", "S2");
    fillTodos(dir);
    editManifest(dir, (doc) =>
      doc.setIn(["task", "checkpoints", 1, "grading", "evidence", 0, "contains"], "zq-nowhere"),
    );
    const field = "case.yaml, field task.checkpoints[1].grading.evidence[0].contains";
    const problems = await problemsOf(dir);
    expect(problems).toContain(`${field}: "zq-nowhere" appears nowhere that get_file_content shows`);
    expect(problems).toContain(
      `${field}: "zq-nowhere" is in no output of get_file_content along the solution path, walked with the tools`,
    );
  });

  it("names every TODO left, in the manifest and in the files it references (with the line)", async () => {
    const dir = await newCase("s1-todo", "S1");
    fillTodos(dir);
    const log = readManifestSource(dir)!.references.find((r) => r.kind === "rows")!;
    const file = path.join(dir, log.path);
    writeFileSync(file, readFileSync(file, "utf8").replace("level=info", "level=TODO"));
    editManifest(dir, (doc) => doc.set("description", "TODO: say what the analyst is told."));
    expect(await problemsOf(dir)).toEqual([
      "case.yaml, field description: still says TODO",
      `${log.path}, line 2 (case.yaml, field ${log.field}): still says TODO`,
    ]);
  });

  it("names S1 content problems: an address taken, a stray subnet, a decoy nowhere", async () => {
    const dir = await newCase("s1-content", "S1");
    fillTodos(dir);
    const mailRelay = TEST_CASES.flatMap((c) => (c.manifest.scenario === "S1" ? c.manifest.devices : [])).find(
      (d) => d.misconfig,
    )!;
    editManifest(dir, (doc) => {
      doc.setIn(["devices", 0, "ip"], mailRelay.ip);
      doc.setIn(["devices", 0, "policies", 0], "Backups go to 10.0.60.5.");
      doc.setIn(["tasks", 0, "checkpoints", 0, "grading", "decoys", 0, "any_of", 0], "zq-decoy");
    });
    expect(await problemsOf(dir)).toEqual([
      `case.yaml, field devices[0].ip: "${mailRelay.ip}" is already the address of ${mailRelay.name}`,
      "case.yaml, field devices[0].policies[0]: mentions 10.0.60.5, which is in none of the network's five zones (10.0.10.0/24 … 10.0.50.0/24)",
      'case.yaml, field tasks[0].checkpoints[0].grading.decoys[0].any_of[0]: decoy "zq-decoy" is not in the environment',
    ]);
  });

  it("refuses a directory that is not a case package (exit 2)", async () => {
    expect(await run("check", path.join(root, "nowhere"))).toMatchObject({
      code: 2,
      err: expect.stringMatching(/is not a directory\.$/),
    });
    expect(await run("check", root)).toMatchObject({ code: 2, err: expect.stringMatching(/holds no case\.yaml/) });
    expect(await run("check")).toMatchObject({ code: 2, err: expect.stringMatching(/needs the directory/) });
  });
});

describe("case new", () => {
  it.each(["S1", "S2"] as const)(
    "writes a %s skeleton that fails only on its to-do markers, and passes everything once they are filled",
    async (scenario) => {
      const id = `${scenario.toLowerCase()}-skeleton`;
      const dir = await newCase(id, scenario);
      const fresh = await problemsOf(dir);
      expect(fresh.length).toBeGreaterThan(0);
      expect(fresh.filter((p) => !p.endsWith(": still says TODO"))).toEqual([]);
      fillTodos(dir);
      const result = await checkCase(dir);
      expect(result.problems).toEqual([]);
      expect(result.testCase?.id).toBe(id);
      expect(result.testCase?.scenario).toBe(scenario);
    },
    FULL_CHECK_MS,
  );

  it("refuses a bad id, a taken id, a missing scenario and an existing directory (exit 2)", async () => {
    const { parent } = freshDir("x");
    const refused = async (argv: string[], message: RegExp) =>
      expect(await run("new", ...argv, "--dir", parent)).toMatchObject({
        code: 2,
        err: expect.stringMatching(message),
      });
    await refused(["Bad_Id", "--scenario", "S1"], /^"Bad_Id" cannot be a case id: /);
    await refused(["s1-dmz", "--scenario", "S1"], /^"s1-dmz" is already the id of a case \(built-in/);
    await refused(["s1-fine"], /needs --scenario S1/);
    await refused(["s1-fine", "--scenario", "S3"], /--scenario must be S1 or S2, not "S3"\./);
    await refused([], /needs the id of the new case/);
    expect((await run("new", "s1-fine", "--scenario", "S1", "--dir", parent)).code).toBe(0);
    await refused(["s1-fine", "--scenario", "S2"], /already exists; case new only creates a new directory/);
    expect(readdirSync(parent)).toEqual(["s1-fine"]);
  });

  it("fills in the id and writes nothing else into the target's parent", async () => {
    const dir = await newCase("s2-ids", "S2");
    const manifest = readFileSync(path.join(dir, "case.yaml"), "utf8");
    expect(manifest).not.toContain("__CASE_ID__");
    expect(manifest).toMatch(/^id: s2-ids$/m);
    expect(readdirSync(path.dirname(dir))).toEqual(["s2-ids"]);
  });
});

describe("the case command line", () => {
  it("answers bad usage with exit 2 and the usage", async () => {
    expect(await run("frobnicate")).toMatchObject({
      code: 2,
      err: expect.stringContaining("usage: analystbench case"),
    });
    expect(await run("list", "--bogus")).toMatchObject({
      code: 2,
      err: expect.stringContaining("usage: analystbench case"),
    });
    expect(await run("--help")).toMatchObject({ code: 0, out: expect.stringContaining("case check <dir>") });
  });

  it("is a command of analystbench, listed in its usage", async () => {
    expect(USAGE).toMatch(/case new <id> --scenario S1\|S2/);
    vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await main(["case", "list", "--json"])).toBe(0);
  });
});
