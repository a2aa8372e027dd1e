import { checkNarrative, findCase, scenario2, type CaseManifest2 } from "@analystbench/scenarios";
import { describe, expect, it } from "vitest";
import { fieldsContaining, narrativeSentenceField } from "./case-content-fields";

/**
 * The sentences of the built-in content checks, traced back to the manifest field they are about:
 * a built-in Scenario 2 manifest broken in several places at once, checked with checkNarrative,
 * each sentence mapped to its field.
 */

type Manifest2 = CaseManifest2;

function brokenManifest(): Manifest2 {
  const m = structuredClone(findCase("s2-env-exfiltration")!.manifest) as Manifest2;
  const n = m.narrative;
  n.world.hosts[0]!.role = "Mainframe";
  n.conceptual_evidence_files.push({ asset_id: "unplaced", file_name: "x.log", description: "never placed" });
  n.implementation_blueprint.required_tools = n.implementation_blueprint.required_tools.filter(
    (t) => t.name !== "get_commit_diff",
  );
  n.world.pipelines[1]!.started = "2030-01-01T00:00:00Z";
  m.task.solution_path[0]!.expect.push("zq-not-there");
  return m;
}

describe("content-check sentences as manifest fields", () => {
  it("names the field of each problem checkNarrative finds", () => {
    const m = brokenManifest();
    const fields = checkNarrative(scenario2, m.narrative, m.task).map(
      (p) => narrativeSentenceField(p, m.narrative, m.task).field,
    );
    expect(fields).toEqual(
      expect.arrayContaining([
        "narrative.world.hosts[0].role",
        `narrative.conceptual_evidence_files[${m.narrative.conceptual_evidence_files.length - 1}]`,
        "narrative.implementation_blueprint.required_tools",
        "narrative.world.pipelines[1].started",
        `task.solution_path[0].expect[${m.task.solution_path[0]!.expect.length - 1}]`,
      ]),
    );
  });

  it("finds every field whose text holds a value", () => {
    expect(fieldsContaining({ a: ["x", "has 10.0.60.5"], b: { c: "10.0.60.5" } }, "10.0.60.5")).toEqual([
      "a[1]",
      "b.c",
    ]);
  });
});
