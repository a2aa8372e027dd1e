import type { HostState } from "../../host-state";

/**
 * The files an include directive names (nginx `include`, sshd `Include`): a path relative to
 * `base` unless absolute, with `*`, `?` and `[…]` matched in its last part, in name order.
 * Files the host does not have are simply not there.
 */
export function includedFiles(host: HostState, pattern: string, base: string): string[] {
  const path = pattern.startsWith("/") ? pattern : `${base}/${pattern}`;
  if (!/[*?[]/.test(path)) return host.fs.entryKind(path) === "file" ? [path] : [];
  const dir = path.slice(0, path.lastIndexOf("/")) || "/";
  if (host.fs.entryKind(dir) !== "directory") return [];
  const glob = path.slice(dir.length + 1);
  const re = new RegExp(
    `^${glob
      .replace(/[.+^${}()|\\]/g, "\\$&")
      .replace(/\*/g, "[^/]*")
      .replace(/\?/g, "[^/]")}$`,
  );
  return host.fs
    .listChildren(dir)
    .filter((n) => re.test(n) && !n.startsWith(".") && host.fs.entryKind(`${dir}/${n}`) !== "directory")
    .sort()
    .map((n) => `${dir}/${n}`);
}
