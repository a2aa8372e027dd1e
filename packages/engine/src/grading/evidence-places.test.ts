import { findCase } from "@analystbench/scenarios";
import { describe, expect, it } from "vitest";
import { evidencePlaces } from "./evidence-places";

/** Where a rationale says evidence the agent never saw was to be found, read from the case's world. */
const world = findCase("s2-dependency-confusion")!.world();
const sample = findCase("s2-dependency-confusion")!.samples[0]!;
const requirement = (description: string) =>
  sample.task.checkpoints.flatMap((c) => c.grading.evidence).find((e) => e.description === description)!;

describe("evidencePlaces", () => {
  it("names the build log, the file on its host, the commit and the package the evidence is in", () => {
    expect(evidencePlaces(world, requirement("the preinstall hook running in a rate-engine build"))).toEqual([
      expect.stringMatching(/^the log of rate-engine run \d+$/),
      expect.stringMatching(/^the log of rate-engine run \d+$/),
    ]);
    expect(evidencePlaces(world, requirement("the group definition on the jump host"))).toEqual([
      expect.stringMatching(/^\/home\/epetrova\/nexus-config\/repositories\/npm-all\.json on \S+$/),
    ]);
    expect(
      evidencePlaces(
        world,
        requirement("the commit that dropped the lockfile (64dc178), which the durable fix reverses"),
      ),
    ).toEqual(["commit 64dc178 in rate-engine"]);
    expect(evidencePlaces(world, requirement("the public package's publisher in Nexus"))).toEqual([
      expect.stringMatching(/^kestrel-rate-tables [\d.]+ in the artifact repository$/),
    ]);
  });

  it("names a host once for two of its files", () => {
    const mgmt = findCase("s1-mgmt")!;
    const vty = mgmt.samples
      .flatMap((x) => x.task.checkpoints.flatMap((c) => c.grading.evidence))
      .find((e) => e.description === "the vty configuration")!;
    expect(evidencePlaces(mgmt.world(), vty)).toEqual([expect.stringMatching(/^\/\S+ or \/\S+ on \S+$/)]);
  });

  it("looks only where the requirement's tool can look", () => {
    // The hook's line is in the CI log; asked of the file tool, no host file holds it.
    const hook = requirement("the preinstall hook running in a rate-engine build");
    expect(evidencePlaces(world, { ...hook, tool: "get_file_content" })).toEqual([]);
  });

  it("names nothing for text the world does not hold, however it is written", () => {
    for (const contains of ["no such line anywhere", "(.+)+$", "[a-z]+", "$(rm -rf /)", "\u0000"])
      expect(evidencePlaces(world, { description: "x", contains })).toEqual([]);
  });

  it("names at most two places for text many places hold", () => {
    expect(evidencePlaces(world, { description: "x", contains: "root" }).length).toBeLessThanOrEqual(2);
  });
});
