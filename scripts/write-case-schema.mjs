#!/usr/bin/env node
/**
 * `npm run content:schema`: writes content/case.schema.json from the manifest's zod schema.
 * A test fails when the committed file and the schema drift apart.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { register } from "tsx/esm/api";

register();
const root = path.resolve(import.meta.dirname, "..");
const { caseManifestJsonSchema } = await import(path.join(root, "packages/scenarios/src/packages/json-schema.ts"));
const target = path.join(root, "content", "case.schema.json");
writeFileSync(target, `${JSON.stringify(caseManifestJsonSchema(), null, 2)}\n`);
console.log(`wrote ${path.relative(root, target)}`);
