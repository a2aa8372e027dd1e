import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

/**
 * Test-only: the Inspect AI eval-log schema lives beside the clone (../shared/reference), not in
 * the repository, so the eval-log tests compile it from there.
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
export const INSPECT_SCHEMA_PATH = path.resolve(REPO_ROOT, "../shared/reference/inspect-log-schema.json");

// ajv-formats is CommonJS; under ESM interop its default export may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

function describe(error: ErrorObject): string {
  const where = error.instancePath || "(root)";
  const detail = error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : "";
  return `${where}: ${error.message ?? error.keyword}${detail}`;
}

/** Compiles the schema once; the returned function lists readable errors (empty when valid). */
export function loadInspectValidator(): (log: unknown) => string[] {
  if (!existsSync(INSPECT_SCHEMA_PATH)) {
    throw new Error(
      `The Inspect AI log schema is absent at ${INSPECT_SCHEMA_PATH}: the eval-log tests need ../shared beside the clone.`,
    );
  }
  const schema = JSON.parse(readFileSync(INSPECT_SCHEMA_PATH, "utf8")) as object;
  // The schema uses $defs and prefixItems (JSON Schema 2020-12), as Pydantic emits it. strictRequired
  // also checks that every required name is a declared property, so a typo in the schema shows.
  const ajv = new Ajv2020({ strict: true, strictRequired: true, allErrors: true });
  // Pydantic's OpenAPI-style `discriminator` (with `mapping`, which ajv's own keyword rejects) is an
  // annotation only: the oneOf beside it does the validating.
  ajv.addKeyword({ keyword: "discriminator", schemaType: "object" });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return (log: unknown) => (validate(log) ? [] : (validate.errors ?? []).map(describe));
}
