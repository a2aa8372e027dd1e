/**
 * Reads a git config file (.git/config) as git reports it: `section.subsection.key` names, with the
 * section and key lower-cased and the subsection kept as written, in file order.
 */
export function parseGitConfig(text: string): [string, string][] {
  const entries: [string, string][] = [];
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.replace(/(^|\s)[#;].*$/, "").trim();
    if (!line) continue;
    const header = /^\[\s*([\w.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]$/.exec(line);
    if (header) {
      const [, name = "", sub] = header;
      section = sub === undefined ? name.toLowerCase() : `${name.toLowerCase()}.${sub.replace(/\\(.)/g, "$1")}`;
      continue;
    }
    const kv = /^([A-Za-z][\w-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (!kv || !section) continue;
    const value = kv[2] === undefined ? "true" : kv[2].replace(/^"(.*)"$/, "$1");
    entries.push([`${section}.${kv[1]!.toLowerCase()}`, value]);
  }
  return entries;
}

/** The last value of a key (git's answer to `git config --get`), matching names case-insensitively. */
export function configValue(entries: [string, string][], key: string): string | undefined {
  const wanted = normaliseKey(key);
  let found: string | undefined;
  for (const [k, v] of entries) if (normaliseKey(k) === wanted) found = v;
  return found;
}

/** Section and variable names are case-insensitive; a subsection is not. */
function normaliseKey(key: string): string {
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  if (first < 0) return key.toLowerCase();
  if (first === last) return key.toLowerCase();
  return `${key.slice(0, first).toLowerCase()}${key.slice(first, last)}${key.slice(last).toLowerCase()}`;
}

/** The repository name a remote URL points at: `.../kestrel/shipment-tracker.git` → shipment-tracker. */
export function repositoryNameFromUrl(url: string): string {
  const last = url.replace(/\/+$/, "").split(/[/:]/).pop() ?? "";
  return last.replace(/\.git$/, "");
}
