import { CASE_MANIFEST } from "@analystbench/scenarios";
import { readFileSync } from "node:fs";
import path from "node:path";
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";

/**
 * A case manifest as its author wrote it: every string value with its field and line, every
 * `{file: …}` and `{rows: …}` reference, and the identifiers table, before anything is read or
 * rendered. `case check` needs the source, not the loaded case: to find identifiers nobody uses,
 * TODO markers, and which file a problem of a field really sits in.
 */

export interface SourceString {
  /** e.g. task.checkpoints[1].grading.indicators[0].any_of[2] */
  field: string;
  line: number;
  text: string;
}

export interface SourceReference {
  field: string;
  line: number;
  kind: "file" | "rows";
  /** As written, relative to the package. */
  path: string;
}

export interface ManifestSource {
  dir: string;
  /** String values outside the identifiers table (references excluded). */
  strings: SourceString[];
  references: SourceReference[];
  identifiers: SourceString[];
  /** Lines of the manifest that hold no string value (keys, comments), with their text. */
  otherLines: { line: number; text: string }[];
}

export function fieldOf(at: string, key: string | number): string {
  return typeof key === "number" ? `${at}[${key}]` : at ? `${at}.${key}` : key;
}

/** A map of exactly one key `file` or `rows` with a string: a reference to a file of the package. */
function referenceOf(node: Node): { kind: "file" | "rows"; path: string } | undefined {
  if (!isMap(node) || node.items.length !== 1) return undefined;
  const [pair] = node.items;
  const key = isScalar(pair!.key) ? pair!.key.value : undefined;
  const value = isScalar(pair!.value) ? pair!.value.value : undefined;
  return (key === "file" || key === "rows") && typeof value === "string" ? { kind: key, path: value } : undefined;
}

class SourceWalker {
  readonly strings: SourceString[] = [];
  readonly references: SourceReference[] = [];
  /** Lines covered by string values (a block scalar covers several). */
  readonly covered = new Set<number>();

  constructor(private readonly lines: LineCounter) {}

  private lineOf(offset: number): number {
    return this.lines.linePos(offset).line;
  }

  walk(node: unknown, field: string): void {
    if (!node || typeof node !== "object") return;
    const n = node as Node;
    const ref = referenceOf(n);
    if (ref) {
      this.references.push({ field, line: this.lineOf(n.range?.[0] ?? 0), ...ref });
      return;
    }
    if (isMap(n)) {
      for (const pair of n.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        this.walk(pair.value, fieldOf(field, key));
      }
    } else if (isSeq(n)) {
      n.items.forEach((item, i) => this.walk(item, fieldOf(field, i)));
    } else if (isScalar(n) && typeof n.value === "string" && n.range) {
      const [start, end] = [this.lineOf(n.range[0]), this.lineOf(Math.max(n.range[0], n.range[1] - 1))];
      for (let l = start; l <= end; l++) this.covered.add(l);
      this.strings.push({ field, line: start, text: n.value });
    }
  }
}

/** The manifest's source, or undefined when it cannot be read or parsed (the package check says why). */
export function readManifestSource(dir: string): ManifestSource | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(dir, CASE_MANIFEST), "utf8");
  } catch {
    return undefined;
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined;
  const walker = new SourceWalker(lineCounter);
  const identifiers = new SourceWalker(lineCounter);
  for (const pair of doc.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : "";
    (key === "identifiers" ? identifiers : walker).walk(pair.value, key);
  }
  const otherLines = text
    .split("\n")
    .map((t, i) => ({ line: i + 1, text: t }))
    .filter((l) => !walker.covered.has(l.line) && !identifiers.covered.has(l.line));
  return { dir, strings: walker.strings, references: walker.references, identifiers: identifiers.strings, otherLines };
}

/** The text of a referenced file, or undefined when it cannot be read (the package check reports that). */
export function referencedText(source: ManifestSource, relative: string): string | undefined {
  try {
    return readFileSync(path.join(source.dir, relative), "utf8");
  } catch {
    return undefined;
  }
}

/** Every file the manifest references, once each, with the first field that references it. */
export function referencedFiles(source: ManifestSource): SourceReference[] {
  const seen = new Set<string>();
  return source.references.filter((r) => !seen.has(r.path) && seen.add(r.path));
}
