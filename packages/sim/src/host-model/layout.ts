import type { HostSpec } from "@analystbench/scenarios";
import type { TrackedFs } from "../tracked-fs";
import { ownerFor } from "./accounts";
import { inferDirOwners } from "./dir-owners";
import { defaultMtime } from "./file-times";
import { defaultFileMode, defaultFileOwner, homeMode, standardDirs } from "./filesystem";
import type { HostModel } from "./index";

/**
 * Lays a host's files down as its distribution would hold them: standard directories with their
 * modes, homes, content files with the content's owners, modes and times or the defaults for
 * their paths, and owners for the directories the content implies.
 */
export class Layout {
  /** Directories whose owner and mode were decided (standard ones, homes, the content's). */
  private readonly decided = new Set<string>();

  constructor(
    readonly fs: TrackedFs,
    readonly model: HostModel,
  ) {}

  /** Writes a file; without a time, the time its path would have (see file-times.ts). */
  put(path: string, content: string, owner?: string, mode?: number, mtimeMs?: number): void {
    const when = mtimeMs ?? defaultMtime(this.model.timeline, path);
    const fileMode = mode ?? defaultFileMode(this.model.distro, path);
    this.fs.writeFileSync(path, content, undefined, { mode: fileMode, mtime: new Date(when) });
    this.fs.owners.set(path, owner ?? defaultFileOwner(this.model.accounts, path));
    this.fs.knownMtimes.set(path, when);
  }

  /** A directory with a known owner and mode (its time follows its newest entry). */
  dir(path: string, mode: number, owner = "root:root"): void {
    this.fs.mkdirSync(path, { recursive: true });
    this.fs.setMetadata(path, { mode });
    if (owner === "root:root") this.fs.owners.delete(path);
    else this.fs.owners.set(path, owner);
    this.decided.add(path);
  }

  /** Marks a directory the builder gave an owner itself (a repository, a build's folder). */
  own(path: string, owner: string): void {
    this.fs.owners.set(path, owner);
    this.decided.add(path);
  }

  standardDirs(): void {
    for (const d of standardDirs(this.model.distro)) this.dir(d.path, d.mode, d.owner);
    this.decided.add("/");
  }

  /** People's homes, owned by them; root's is a standard directory. */
  homes(spec: HostSpec): void {
    for (const u of spec.users) {
      if (!u.home.startsWith("/home/")) continue;
      this.dir(u.home, homeMode(this.model.distro), ownerFor(this.model.accounts, u.name));
    }
  }

  /**
   * Owners and modes of the directories no one named: a service's data directory follows its
   * files' owner, a person's directories are theirs, ~/.ssh is private.
   */
  settleDirectories(): void {
    const files: { path: string; owner: string }[] = [];
    const dirs: string[] = [];
    for (const path of this.fs.getAllPaths()) {
      const kind = this.fs.entryKind(path);
      if (kind === "file") files.push({ path, owner: this.fs.ownerOf(path) });
      else if (kind === "directory" && !this.decided.has(path) && !path.startsWith("/proc/")) dirs.push(path);
    }
    for (const [dir, owner] of inferDirOwners(this.model.accounts, files, dirs)) this.fs.owners.set(dir, owner);
    for (const dir of dirs) if (/\/\.(ssh|gnupg)$/.test(dir)) this.fs.setMetadata(dir, { mode: 0o700 });
  }
}
