import { chmod, mkdir, symlink, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import type { HostState } from "./host-state";
import type { SimEnvironment } from "./environment";

/**
 * Writes every host's filesystem under `outDir/<hostname>/`, with modes and times, so content
 * authors can inspect a case with their own tools. /proc and the interpreter's /bin stubs are
 * left out: they are not content.
 */
export async function exportEnvironment(
  env: SimEnvironment,
  outDir: string,
): Promise<{ host: string; files: number }[]> {
  const summary: { host: string; files: number }[] = [];
  for (const host of env.hosts)
    summary.push({ host: host.spec.hostname, files: await exportHost(host, path.join(outDir, host.spec.hostname)) });
  return summary;
}

const SKIPPED = [/^\/proc(\/|$)/, /^\/dev(\/|$)/, /^\/bin\//, /^\/usr\/bin\//];

export async function exportHost(host: HostState, root: string): Promise<number> {
  let files = 0;
  const paths = host.fs
    .getAllPaths()
    .filter((p) => !SKIPPED.some((re) => re.test(p)))
    .sort();
  for (const p of paths) {
    const target = path.join(root, p);
    const st = await host.fs.lstat(p);
    if (st.isDirectory) {
      await mkdir(target, { recursive: true });
      // mkdir's mode passes through the umask; the host's own (/tmp 1777, /root 0700) must not.
      await chmod(target, st.mode & 0o7777);
    } else if (st.isSymbolicLink) {
      await mkdir(path.dirname(target), { recursive: true });
      await symlink(await host.fs.readlink(p), target).catch(() => {});
    } else {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, await host.fs.readFileBuffer(p), { mode: st.mode & 0o777 });
      await utimes(target, st.mtime, st.mtime);
      files++;
    }
  }
  return files;
}
