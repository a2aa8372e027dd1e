import { z } from "zod";
import { CaseManifestSchema } from "./manifest-schema";

/**
 * The JSON Schema of case.yaml, published as content/case.schema.json so that editors validate a
 * manifest while it is written (YAML language servers read the `$schema` comment on its first
 * line). It is the zod schema the engine validates with, as input (defaults may be left out),
 * widened where the package format allows more than the engine sees after reading:
 * - any text may be `{file: path}` and any list `{rows: table.tsv}`;
 * - text with a pattern or format (hashes, addresses, times) may hold a {{key}} identifier.
 * Rules the JSON Schema cannot express (checkpoint numbering, cross-references) are left to
 * `analystbench case check`.
 */

export const SCHEMA_ID = "https://analystbench.dev/schemas/case.schema.json";
const IDENTIFIER_REFERENCE = "\\{\\{[a-z][a-z0-9_]*\\}\\}";

type Node = Record<string, unknown>;

function widen(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(widen);
  if (!node || typeof node !== "object") return node;
  const out: Node = {};
  for (const [k, v] of Object.entries(node)) out[k] = widen(v);
  const types = Array.isArray(out.type) ? (out.type as unknown[]) : [out.type];
  if (types.includes("string")) {
    const alternatives: unknown[] = [out, { $ref: "#/$defs/fileReference" }];
    if ("pattern" in out || "format" in out) alternatives.push({ type: "string", pattern: IDENTIFIER_REFERENCE });
    return { anyOf: alternatives };
  }
  if (types.includes("array")) return { anyOf: [out, { $ref: "#/$defs/rowsReference" }] };
  return out;
}

export function caseManifestJsonSchema(): Node {
  const base = z.toJSONSchema(CaseManifestSchema, { io: "input", unrepresentable: "any", reused: "ref" }) as Node;
  const { $schema, ...rest } = base;
  const widened = widen(rest) as Node;
  // Through JSON, so the value equals the published file (no undefined members).
  return JSON.parse(
    JSON.stringify({
      $schema,
      $id: SCHEMA_ID,
      title: "AnalystBench case package manifest (case.yaml)",
      ...widened,
      $defs: {
        ...((widened.$defs as Node | undefined) ?? {}),
        fileReference: {
          description: "The text of a file of the package, relative to the package folder.",
          type: "object",
          properties: { file: { type: "string", minLength: 1 } },
          required: ["file"],
          additionalProperties: false,
        },
        rowsReference: {
          description: "Records kept as a tab-separated table with a header row, relative to the package folder.",
          type: "object",
          properties: { rows: { type: "string", minLength: 1 } },
          required: ["rows"],
          additionalProperties: false,
        },
      },
    }),
  ) as Node;
}
