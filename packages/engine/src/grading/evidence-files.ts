import { scenario1, type TestCase } from "@analystbench/scenarios";
import type { PlacedFile } from "@analystbench/sim";

/** The evidence a case holds, byte for byte: S2 blueprints' placements, S1 misconfigured configs. */
export function expectedEvidence(c: TestCase): PlacedFile[] {
  if (c.scenario === "S2") {
    return c.samples.flatMap(
      (s) =>
        s.narrative?.implementation_blueprint.evidence_placement.map((p) => ({
          role: p.destination_host_role,
          path: p.destination_path,
          content: p.content,
        })) ?? [],
    );
  }
  const devices = new Set(c.samples.map((s) => s.device));
  return scenario1.configs
    .filter((cfg) => devices.has(cfg.device))
    .map((cfg) => ({ role: cfg.device, path: cfg.path, content: cfg.misconfig.code }));
}
