import { CASE_MANIFEST } from "@analystbench/scenarios";
import type { ManifestSource, SourceReference } from "./case-manifest-source";

/**
 * A problem `case check` found, and how it is said: one sentence naming the file and the field,
 * e.g. `case.yaml, field task.prompt: still says TODO`, or for a value kept in a file of its own
 * `hosts/web-01/etc/nginx.conf, line 4 (case.yaml, field devices[0].world.files[2].content): …`.
 */
export interface CaseProblem {
  /** The file at fault, relative to the package. */
  file: string;
  /** The manifest field the problem belongs to; "" for a file as a whole. */
  field: string;
  /** The line in `file`, where known. */
  line?: number;
  message: string;
}

export function describeCaseProblem(p: CaseProblem): string {
  const where = `${p.file}${p.line ? `, line ${p.line}` : ""}`;
  if (!p.field) return `${where}: ${p.message}`;
  if (p.file === CASE_MANIFEST) return `${CASE_MANIFEST}, field ${p.field}: ${p.message}`;
  return `${where} (${CASE_MANIFEST}, field ${p.field}): ${p.message}`;
}

/** A problem of a field relative to some part of the manifest, e.g. a task's "reference_answer". */
export interface FieldProblem {
  field: string;
  message: string;
}

const within = (field: string, outer: string) =>
  field === outer || field.startsWith(`${outer}.`) || field.startsWith(`${outer}[`);

/** The `{file:}` or `{rows:}` reference a field's value comes from, if any. */
function referenceAt(source: ManifestSource, field: string): SourceReference | undefined {
  return source.references.find((r) => within(field, r.field));
}

/** The line of a row of a `{rows:}` table: the header is line 1, row 0 line 2. */
function rowLine(ref: SourceReference, field: string): number | undefined {
  if (ref.kind !== "rows") return undefined;
  const row = /^\[(\d+)\]/.exec(field.slice(ref.field.length));
  return row ? Number(row[1]) + 2 : undefined;
}

/** A problem of a manifest field, placed in the file that field's value really comes from. */
export function problemAt(source: ManifestSource | undefined, { field, message }: FieldProblem): CaseProblem {
  const ref = source && referenceAt(source, field);
  if (!ref) return { file: CASE_MANIFEST, field, message };
  return { file: ref.path, field, line: rowLine(ref, field), message };
}

/** Problems described, each once, in the order found. */
export function describeAll(problems: CaseProblem[]): string[] {
  return [...new Set(problems.map(describeCaseProblem))];
}
