import { CASE_MANIFEST } from "@analystbench/scenarios";
import { referencedFiles, referencedText, type ManifestSource } from "./case-manifest-source";
import type { CaseProblem } from "./case-problems";

/**
 * The checks of `case check` that read the package as written, not as loaded: the identifiers
 * table (every identifier used, each value naming one thing) and TODO markers left behind.
 * They run whenever the manifest parses, even when it fails its schema.
 */

const REFERENCE = /\{\{([a-z][a-z0-9_]*)\}\}/g;
const TODO = /TODO/;

/** Every file the manifest references, with its text (files that cannot be read are the package check's to report). */
function filesOf(source: ManifestSource): { path: string; field: string; text: string }[] {
  return referencedFiles(source).flatMap((r) => {
    const text = referencedText(source, r.path);
    return text === undefined ? [] : [{ path: r.path, field: r.field, text }];
  });
}

/** Stage (b): each identifier is used somewhere ({{key}} in the manifest or a file), each value is unique. */
export function checkIdentifiers(source: ManifestSource): CaseProblem[] {
  const used = new Set<string>();
  const texts = [...source.strings.map((s) => s.text), ...filesOf(source).map((f) => f.text)];
  for (const text of texts) for (const m of text.matchAll(REFERENCE)) used.add(m[1]!);
  const problems: CaseProblem[] = [];
  const owner = new Map<string, string>();
  for (const id of source.identifiers) {
    const key = id.field.slice("identifiers.".length);
    if (!used.has(key))
      problems.push({
        file: CASE_MANIFEST,
        field: id.field,
        message: `{{${key}}} is used nowhere: neither the manifest nor a file it references says {{${key}}}`,
      });
    const prior = owner.get(id.text);
    if (prior)
      problems.push({
        file: CASE_MANIFEST,
        field: id.field,
        message: `has the same value as ${prior} ("${id.text}"): each identifier names one thing`,
      });
    else owner.set(id.text, id.field);
  }
  return problems;
}

const STILL_TODO = "still says TODO";

/** Every literal TODO left in the manifest (values and comments) or in a file it references. */
export function checkTodos(source: ManifestSource): CaseProblem[] {
  const inValues = [...source.identifiers, ...source.strings]
    .filter((s) => TODO.test(s.text))
    .map((s): CaseProblem => ({ file: CASE_MANIFEST, field: s.field, message: STILL_TODO }));
  const inComments = source.otherLines
    .filter((l) => TODO.test(l.text))
    .map((l): CaseProblem => ({ file: CASE_MANIFEST, field: "", line: l.line, message: STILL_TODO }));
  const inFiles = filesOf(source).flatMap((f) =>
    f.text
      .split("\n")
      .flatMap((text, i): CaseProblem[] =>
        TODO.test(text) ? [{ file: f.path, field: f.field, line: i + 1, message: STILL_TODO }] : [],
      ),
  );
  return [...inValues, ...inComments, ...inFiles];
}
