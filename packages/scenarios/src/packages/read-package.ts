import { lstatSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { CORE_SCHEMA, load, YAMLException } from "js-yaml";
import type { z } from "zod";
import { renderIdentifiers, type Identifiers } from "./identifiers";

/**
 * Reads one manifest of a content package (case.yaml or scenario.yaml) into plain data: YAML
 * parsed, every `{file: relative/path}` replaced by that file's text, and {{key}} identifiers
 * rendered from the manifest's `identifiers` table, in the manifest and in the files alike.
 * Problems are collected, each naming the file and the field, never thrown: a broken package is
 * reported, it does not stop whoever reads it.
 */

export interface PackageProblem {
  /** The file at fault, relative to the package directory. */
  file: string;
  /** The field, e.g. narrative.world.pipelines[2].log; "" for the file as a whole. */
  field: string;
  message: string;
}

/** A problem as one sentence: "case.yaml, field task.prompt: …". */
export function describeProblem(p: PackageProblem): string {
  return p.field ? `${p.file}, field ${p.field}: ${p.message}` : `${p.file}: ${p.message}`;
}

export interface ReadResult {
  value: unknown;
  problems: PackageProblem[];
  /** Every file the manifest references, relative to the package, in the order first read. */
  files: string[];
}

/** The largest built-in manifest holds ~60,000 values; a package beyond this is refused, not walked. */
const MAX_VALUES = 2_000_000;
/** Text files placed by a package stay small enough to read whole; evidence is never this big. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

function isFileReference(v: unknown): v is { file: string } {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  return keys.length === 1 && keys[0] === "file" && typeof (v as { file: unknown }).file === "string";
}

/** `{rows: table.tsv}`: a list of records kept as a tab-separated table with a header row. */
function isRowsReference(v: unknown): v is { rows: string } {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  return keys.length === 1 && keys[0] === "rows" && typeof (v as { rows: unknown }).rows === "string";
}

/**
 * A table's rows as records of text: the header names the fields, an empty cell leaves its field
 * out. Log lines and journal entries are kept this way, one per line, as a reviewer reads them.
 */
export function parseRows(text: string): Record<string, string>[] {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const header = (lines.shift() ?? "").split("\t");
  return lines.map((line) => {
    const cells = line.split("\t");
    const row: Record<string, string> = {};
    header.forEach((key, i) => {
      const cell = i === header.length - 1 ? cells.slice(i).join("\t") : cells[i];
      if (cell) row[key] = cell;
    });
    return row;
  });
}

function fieldOf(at: string, key: string | number): string {
  return typeof key === "number" ? `${at}[${key}]` : at ? `${at}.${key}` : key;
}

class PackageReader {
  readonly problems: PackageProblem[] = [];
  readonly files: string[] = [];
  private readonly cache = new Map<string, string | null>();
  private readonly realDir: string;

  constructor(
    private readonly dir: string,
    private readonly manifest: string,
    private readonly ids: Identifiers,
  ) {
    this.realDir = realpathSync(dir);
  }

  problem(field: string, message: string, file = this.manifest): void {
    this.problems.push({ file, field, message });
  }

  /** Values visited so far: YAML aliases can make a small file name an exponential tree. */
  private visited = 0;

  resolve(v: unknown, field: string): unknown {
    if (++this.visited > MAX_VALUES) {
      if (this.visited === MAX_VALUES + 1)
        this.problem(field, `holds more than ${MAX_VALUES.toLocaleString("en")} values (aliases repeating aliases?)`);
      return undefined;
    }
    if (typeof v === "string") return this.render(v, this.manifest, field);
    if (Array.isArray(v)) return v.map((x, i) => this.resolve(x, fieldOf(field, i)));
    if (isFileReference(v)) return this.readReferenced(v.file, field);
    if (isRowsReference(v)) {
      const text = this.readReferenced(v.rows, field);
      return text === undefined ? undefined : parseRows(text);
    }
    if (v && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = this.resolve(x, fieldOf(field, k));
      return out;
    }
    return v;
  }

  private render(text: string, file: string, field: string): string {
    return renderIdentifiers(text, this.ids, (key) =>
      this.problem(field, `{{${key}}} is not in the identifiers table of ${this.manifest}`, file),
    );
  }

  private readReferenced(relative: string, field: string): string | undefined {
    const cached = this.cache.get(relative);
    if (cached !== undefined) return cached ?? undefined;
    const raw = this.readConfined(relative, field);
    const text = raw === null ? null : this.render(raw, relative, "");
    this.cache.set(relative, text);
    if (text === null) return undefined;
    this.files.push(relative);
    return text;
  }

  /** The file's text if it is a regular file inside the package (no way out by .. or a symlink). */
  private readConfined(relative: string, field: string): string | null {
    const normal = path.posix.normalize(relative);
    if (path.isAbsolute(relative) || normal.startsWith("..") || normal === ".") {
      this.problem(field, `"${relative}" must be a path inside the package, relative to it`);
      return null;
    }
    const full = path.join(this.dir, normal);
    try {
      const st = lstatSync(full);
      const real = realpathSync(full);
      if (!st.isFile() || !real.startsWith(this.realDir + path.sep)) {
        this.problem(field, `"${relative}" is not a regular file inside the package`);
        return null;
      }
      if (st.size > MAX_FILE_BYTES) {
        this.problem(field, `"${relative}" is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
        return null;
      }
      return readFileSync(full, "utf8");
    } catch {
      this.problem(field, `the file "${relative}" does not exist`);
      return null;
    }
  }
}

/** Reads `manifest` (e.g. "case.yaml") of the package in `dir`. */
export function readPackageManifest(dir: string, manifest: string): ReadResult {
  let source: string;
  try {
    source = readFileSync(path.join(dir, manifest), "utf8");
  } catch {
    return {
      value: undefined,
      problems: [{ file: manifest, field: "", message: "the file cannot be read" }],
      files: [],
    };
  }
  let raw: unknown;
  try {
    // js-yaml with the core schema: YAML 1.2 scalars (times stay text), and about ten times
    // faster than the `yaml` package on these manifests, which every start of the engine reads.
    raw = load(source, { schema: CORE_SCHEMA, filename: manifest });
  } catch (e) {
    const message =
      e instanceof YAMLException ? `${e.reason} (line ${e.mark.line + 1}, column ${e.mark.column + 1})` : String(e);
    return {
      value: undefined,
      problems: [{ file: manifest, field: "", message: `is not valid YAML: ${message}` }],
      files: [],
    };
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    return {
      value: undefined,
      problems: [{ file: manifest, field: "", message: "must be a YAML mapping" }],
      files: [],
    };
  }
  const { identifiers, ...rest } = raw as Record<string, unknown>;
  const ids = identifierTable(identifiers);
  const reader = new PackageReader(dir, manifest, ids);
  const resolved = reader.resolve(rest, "") as Record<string, unknown>;
  const value = identifiers === undefined ? resolved : { ...resolved, identifiers };
  return { value, problems: reader.problems, files: reader.files };
}

function identifierTable(v: unknown): Identifiers {
  if (!v || typeof v !== "object" || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** Validates a read manifest with `schema`; schema problems name the manifest and the field. */
export function validateManifest<S extends z.ZodType>(
  schema: S,
  read: ReadResult,
  manifest: string,
): { data?: z.output<S>; problems: PackageProblem[] } {
  if (read.value === undefined) return { problems: read.problems };
  const result = schema.safeParse(read.value);
  if (result.success) return { data: result.data, problems: read.problems };
  const problems = result.error.issues.map((i) => ({
    file: manifest,
    field: i.path.reduce<string>((at, key) => fieldOf(at, typeof key === "number" ? key : String(key)), ""),
    message: i.message,
  }));
  return { problems: [...read.problems, ...problems] };
}
