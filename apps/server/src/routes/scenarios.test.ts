import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import {
  ApiErrorSchema,
  MetadataListResponseSchema,
  ScenarioListResponseSchema,
  Scenario1ViewSchema,
  Scenario2ViewSchema,
} from "@analystbench/contracts";
import { TEST_CASES } from "@analystbench/scenarios";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeScenarioMetadata } from "../services/scenario-metadata";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: `Bearer ${await t.login()}` };
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ url, headers: auth });

describe("GET /api/scenarios", () => {
  it("lists both scenarios with id and title", async () => {
    const res = await get("/api/scenarios");
    expect(res.statusCode).toBe(200);
    const body = ScenarioListResponseSchema.parse(res.json());
    expect(body.scenarios.map((s) => s.id)).toEqual(["scenario1", "scenario2"]);
    expect(body.scenarios[0]!.title).toMatch(/Enterprise Network Security/);
    expect(body.scenarios[1]!.title).toMatch(/Software Supply Chain Security/);
  });
});

describe("GET /api/scenarios/:id", () => {
  it("returns Scenario 1 in the spec's shapes: devices, configurations, 8 narratives and the task list", async () => {
    const res = await get("/api/scenarios/scenario1");
    expect(res.statusCode).toBe(200);
    const s1 = Scenario1ViewSchema.strict().parse(res.json());
    expect(s1.devices.length).toBeGreaterThanOrEqual(12);
    expect(s1.devices.every((d) => /^10\.0\.(10|20|30|40|50)\.\d+$/.test(d.ip))).toBe(true);
    expect(s1.configs.length).toBeGreaterThan(0);
    expect(s1.narratives).toHaveLength(8);
    expect(s1.llm_tasks.general).toMatch(/±n/);
    for (const task of s1.llm_tasks.tasks) {
      expect(task.device).toBeTruthy();
      expect(task.checkpoints.map((c) => c.points)).toEqual(["±1", "±2", "±3", "±4"]);
    }
  });

  it("returns Scenario 2 with the whole reference material, 8 narratives and 8 tasks", async () => {
    const res = await get("/api/scenarios/scenario2");
    expect(res.statusCode).toBe(200);
    const s2 = Scenario2ViewSchema.strict().parse(res.json());
    expect(s2.reference.sdlc_components.length).toBeGreaterThanOrEqual(7);
    expect(s2.reference.tool_definitions).toHaveLength(6);
    // The spec's source list stopped at the HR Portal; ours continues past it.
    const hr = s2.reference.network_devices.findIndex((d) => /HR Portal/i.test(d.name));
    expect(s2.reference.network_devices.length).toBeGreaterThan(hr + 1);
    expect(s2.narratives).toHaveLength(8);
    expect(s2.llm_tasks.tasks).toHaveLength(8);
    expect(s2.narratives[0]!.attack_background.real_world_example).toBeTruthy();
    expect(s2.narratives[0]!.implementation_blueprint.intended_solution_path.length).toBeGreaterThan(0);
  });

  it.each(["scenario1", "scenario2"])("leaves the simulator data and the answer key out of %s", async (id) => {
    const body = (await get(`/api/scenarios/${id}`)).body;
    for (const key of [
      '"world"',
      '"hosts"',
      '"solution_path"',
      '"reference_answer"',
      '"grading"',
      '"iocs"',
      '"platform"',
    ])
      expect(body, key).not.toContain(key);
    // The page renders a section at a time, but the response should still be a sensible size.
    expect(body.length).toBeLessThan(1_500_000);
  });

  it("answers an unknown scenario with 404 and a sentence that names the real ones", async () => {
    const res = await get("/api/scenarios/scenario3");
    expect(res.statusCode).toBe(404);
    const err = ApiErrorSchema.parse(res.json());
    expect(err.code).toBe("SCENARIO_NOT_FOUND");
    expect(err.error).toBe('There is no scenario "scenario3"; the scenarios are scenario1 and scenario2.');
  });

  it.each(["constructor", "hasownproperty", "tostring", "valueof"])(
    "does not find Object.prototype members such as %s",
    async (id) => {
      const res = await get(`/api/scenarios/${id}`);
      expect(res.statusCode).toBe(404);
      expect(ApiErrorSchema.parse(res.json()).code).toBe("SCENARIO_NOT_FOUND");
    },
  );

  it.each(["__proto__", "toString", "..%2Fx", "..%2F..%2Fetc%2Fpasswd", "scenario1%00", "a".repeat(65)])(
    "refuses the malformed id %s with 400",
    async (id) => {
      const res = await get(`/api/scenarios/${id}`);
      expect(res.statusCode).toBe(400);
      const err = ApiErrorSchema.parse(res.json());
      expect(err.code).toBe("INVALID_REQUEST");
      expect(err.error).toMatch(/^The scenario id is not valid: /);
    },
  );
});

describe("GET /api/metadata", () => {
  it("lists the 13 cases in the spec's shape once the files are written", async () => {
    await writeScenarioMetadata(t.deps.config.workspaceDir);
    const res = await get("/api/metadata");
    expect(res.statusCode).toBe(200);
    const { metadata } = MetadataListResponseSchema.parse(res.json());
    // The ids themselves are pinned by the scenario package's content test.
    expect(metadata.map((m) => m.id)).toEqual(TEST_CASES.map((c) => c.id));
    expect(metadata).toHaveLength(13);
    const typo = metadata.find((m) => m.id === "s2-typosquatting")!;
    expect(typo).toMatchObject({ scenario: "S2", category: "Supply Chain", path: "scenarios/s2-typosquatting.yaml" });
    expect(typo.content).toContain("id: s2-typosquatting");
    // The path works with the File Browser's download route.
    const dl = await get(`/api/files/download?path=${encodeURIComponent(typo.path!)}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe(typo.content);
  });

  it("shows a file edited on disk as it is on disk", async () => {
    const dir = path.join(t.deps.config.workspaceDir, "scenarios");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "s1-dmz.yaml"), "id: s1-dmz\nnote: edited by hand\n");
    const { metadata } = MetadataListResponseSchema.parse((await get("/api/metadata")).json());
    expect(metadata.find((m) => m.id === "s1-dmz")!.content).toBe("id: s1-dmz\nnote: edited by hand\n");
  });
});
