import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { BUILT_IN_CONTENT_DIR, findPackageDirs } from "./catalog";
import { caseManifestJsonSchema } from "./json-schema";

const committed = path.join(BUILT_IN_CONTENT_DIR, "case.schema.json");

function validator() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(JSON.parse(readFileSync(committed, "utf8")) as object);
}

describe("the published JSON Schema of case.yaml", () => {
  it("is the one the manifest's zod schema gives (run `npm run content:schema` after changing it)", () => {
    expect(JSON.parse(readFileSync(committed, "utf8"))).toEqual(caseManifestJsonSchema());
  });

  it("accepts every built-in manifest as written, with its file references and {{key}} identifiers", () => {
    const validate = validator();
    const dirs = findPackageDirs(path.join(BUILT_IN_CONTENT_DIR, "cases"));
    expect(dirs.length).toBe(13);
    for (const dir of dirs) {
      const manifest: unknown = parse(readFileSync(path.join(dir, "case.yaml"), "utf8"));
      expect(validate(manifest), `${dir}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    }
  });

  it("rejects what an editor should flag: a missing field, an unknown scenario, a bad time, a stray key in a reference", () => {
    const validate = validator();
    const good = parse(
      readFileSync(path.join(BUILT_IN_CONTENT_DIR, "cases", "s2-homoglyph-backdoor", "case.yaml"), "utf8"),
    ) as Record<string, unknown>;
    const variants: Record<string, unknown>[] = [
      { ...good, task: undefined },
      { ...good, scenario: "S3" },
      {
        ...good,
        narrative: {
          ...(good.narrative as object),
          world: { ...(good.narrative as { world: object }).world, clock: "yesterday" },
        },
      },
      { ...good, description: { file: "x.md", extra: true } },
    ];
    for (const v of variants) expect(validate(JSON.parse(JSON.stringify(v)))).toBe(false);
  });
});
