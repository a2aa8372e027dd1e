import { InMemoryFs, unsafeBytesFromLatin1, type ByteString } from "just-bash";
import { createHash } from "node:crypto";
import { keptText, sharedLogBytes } from "./big-file-texts";

/** Device files whose writes go nowhere: never an agent change. */
const DEVICE_SINKS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"]);

/** What a path held before the run first changed it. */
export interface PriorState {
  exists: boolean;
  kind?: "file" | "directory" | "symlink";
  sha256?: string;
  mode?: number;
  owner?: string;
}

/** What a path holds, enough to recreate it exactly: bytes, target, mode and time, or its absence. */
export type PathState =
  | { kind: "absent" }
  | { kind: "directory"; mode: number; mtimeMs: number }
  | { kind: "file"; mode: number; mtimeMs: number; content: Uint8Array }
  | { kind: "symlink"; mode: number; mtimeMs: number; target: string };

/**
 * A path commands changed, as a saved state carries it: its state, owner and diff bookkeeping.
 * `prior` and `touchedBy` also say whether the bytes it holds are the agent's (wroteContent), so
 * a file written before a rebuild still counts as agent-written after it.
 */
export interface PathRecord {
  now: PathState;
  /** The owner table's entry; none means root:root. Kept for absent paths too: owners stick to names. */
  owner?: string;
  prior?: PriorState;
  touchedBy?: number[];
}

/** The in-memory filesystem's entry for a path (its private table; see entryTable). */
type Entry =
  | { type: "file"; mode: number; mtime: Date; content?: string | Uint8Array; lazy?: () => unknown }
  | { type: "directory"; mode: number; mtime: Date }
  | { type: "symlink"; mode: number; mtime: Date; target: string };

/** What a generated file's bytes come from (see TrackedFs.writeGenerated). */
export interface GeneratedBytes {
  bytes: Uint8Array;
  /** The time of the file's last line, which becomes its modification time once generated. */
  lastMs: number | undefined;
}

interface GeneratedFile {
  /** Bytes at once, or later when another thread is generating them (see build-host's log sharing). */
  generate: () => GeneratedBytes | Promise<GeneratedBytes>;
  /** The entry's time while pending; generating sets it to the last line's. */
  mtime: Date;
}

type GeneratedLazy = () => Uint8Array | Promise<Uint8Array>;

function generatedLazy(file: GeneratedFile): GeneratedLazy {
  const settle = (made: GeneratedBytes) => {
    if (made.lastMs !== undefined) file.mtime.setTime(made.lastMs);
    return made.bytes;
  };
  return () => {
    const made = file.generate();
    return made instanceof Promise ? made.then(settle) : settle(made);
  };
}

/** The private state of just-bash's InMemoryFs a copy must carry (guarded by the tracked-fs tests). */
interface InMemoryInternals {
  data: Map<string, Entry>;
  entryIdentities: WeakMap<object, string>;
  nextEntryIdentity: number;
  /** Bytes its files hold, each stored byte array counted once; writes beyond its limit fail. */
  retainedBytes: number;
  /** How many entries hold each stored byte array (one freed with its last entry). */
  contentReferences: WeakMap<Uint8Array, number>;
}

/** The decoder of just-bash's InMemoryFs.readFile: UTF-8, invalid bytes as U+FFFD, a leading BOM dropped. */
const UTF8 = new TextDecoder();

const depthOf = (path: string) => (path === "/" ? 0 : path.split("/").length - 1);
const parentOf = (path: string) => (path === "/" ? null : path.slice(0, path.lastIndexOf("/")) || "/");

/** The paths and all their ancestors: a write creates missing parents, and they must be restored too. */
function withAncestors(paths: Iterable<string>): Set<string> {
  const all = new Set<string>();
  for (const path of paths) {
    for (let p: string | null = path; p !== null && !all.has(p); p = parentOf(p)) all.add(p);
  }
  return all;
}

async function bytesOf(content: unknown): Promise<Uint8Array> {
  const value = await content;
  if (typeof value === "string") return new TextEncoder().encode(value);
  // A copy: the saved state must not share a buffer with the live filesystem.
  return new Uint8Array(value as Uint8Array);
}

/**
 * An in-memory filesystem that remembers, for every path a command changes, what the path held
 * before its first change and which commands touched it. That is the environment diff the
 * grader reads: files created, changed and deleted, and the commands that did it.
 */
export class TrackedFs extends InMemoryFs {
  /** Index of the command currently running; -1 while the environment is being built. */
  currentCommand = -1;
  readonly priors = new Map<string, PriorState>();
  readonly touchedBy = new Map<string, Set<number>>();
  /** Ownership ("user:group") of paths; the in-memory filesystem itself has no owners. */
  readonly owners = new Map<string, string>();
  /**
   * The simulated clock. Files written inside the simulation are stamped with it, never with
   * the real time, which would both leak the real date and break reproducibility.
   */
  simulatedNow: Date | undefined;
  /**
   * Files the builder wrote with an explicit mtime. Settling times skips them: asking a lazily
   * generated log for its stat would generate it.
   */
  readonly knownMtimes = new Map<string, number>();
  /**
   * For a file generated on first read: a digest of everything its bytes are computed from. Until
   * it is read, the environment's hash uses this instead of generating it; the determinism test
   * reads every file of two builds and compares the bytes themselves.
   */
  readonly lazyRecipes = new Map<string, string>();
  /**
   * Paths commands changed since the last takeChanged(): what a saved state must carry so another
   * worker can restore this host without running the commands again.
   */
  private readonly changed = new Set<string>();
  /**
   * Whether the running command has read the bytes of a file whose content commands wrote (see
   * wroteContent). The environment clears it before each command: output read from such a file
   * may be the agent's own text, not the host's.
   */
  readAgentWritten = false;

  /** Whether a lazily generated file has been generated (read or overwritten) yet. */
  isPending(path: string): boolean {
    const entry = (this as unknown as { data: Map<string, { lazy?: unknown }> }).data.get(path);
    return entry !== undefined && typeof entry.lazy === "function";
  }

  /**
   * Files generated on first read (see writeGenerated), by the lazy function of their entry: how
   * to make a session's own copy of a still-pending one (see clone).
   */
  private readonly generated = new Map<unknown, GeneratedFile>();

  /**
   * A file whose bytes are generated on first read, with `mtimeMs` until then; generating it
   * gives it the time of its last line. Each filesystem (and each clone) has its own entry and
   * time, while the bytes themselves may come from a cache shared by all.
   */
  writeGenerated(path: string, generate: GeneratedFile["generate"], meta: { mode: number; mtimeMs: number }): void {
    const file: GeneratedFile = { generate, mtime: new Date(meta.mtimeMs) };
    const lazy = generatedLazy(file);
    this.generated.set(lazy, file);
    this.writeFileLazy(path, lazy, { mode: meta.mode, mtime: file.mtime });
  }

  /**
   * An independent copy of this filesystem as it is now, for a session to change as it likes:
   * entries are copied, file bytes are shared (the in-memory filesystem replaces a file's bytes
   * on write, never changes them in place). Building a host costs tens of milliseconds; a copy of
   * a pristine one costs about one. Only for a filesystem no command is running on.
   */
  clone(): TrackedFs {
    if (this.currentCommand >= 0) throw new Error("cannot copy a filesystem while a command runs");
    const copy = new TrackedFs();
    this.copyEntriesTo(copy);
    // Whole tables at once: copying them entry by entry was a quarter of a copy's time.
    Object.assign(copy, {
      priors: new Map(this.priors),
      owners: new Map(this.owners),
      knownMtimes: new Map(this.knownMtimes),
      lazyRecipes: new Map(this.lazyRecipes),
      changed: new Set(this.changed),
    });
    for (const [path, by] of this.touchedBy) copy.touchedBy.set(path, new Set(by));
    copy.simulatedNow = this.simulatedNow && new Date(this.simulatedNow.getTime());
    copy.builtEntryDefaults = this.builtEntryDefaults;
    return copy;
  }

  /**
   * This filesystem's entries into `copy`, which then holds the same bytes: its count of them is
   * this one's, and each stored byte array is held once more (the in-memory filesystem's own
   * accounting, kept here without its checks entry by entry, which were half a copy's time).
   */
  private copyEntriesTo(copy: TrackedFs): void {
    const base = copy as unknown as InMemoryInternals;
    const own = this as unknown as InMemoryInternals;
    const data = new Map<string, Entry>();
    /** Copies of pending generated files, by the original's lazy function: one per original. */
    const relaid = new Map<unknown, GeneratedLazy>();
    for (const [path, entry] of this.entryTable()) {
      const next = this.copyEntry(entry, copy, relaid);
      data.set(path, next);
      if (next.type === "file" && next.content instanceof Uint8Array) {
        base.contentReferences.set(next.content, (base.contentReferences.get(next.content) ?? 0) + 1);
      }
      const identity = own.entryIdentities.get(entry);
      if (identity !== undefined) base.entryIdentities.set(next, identity);
    }
    base.data = data;
    base.retainedBytes = own.retainedBytes;
    base.nextEntryIdentity = own.nextEntryIdentity;
  }

  /**
   * One entry for `copy`. A pending generated file gets a lazy function and time of the copy's
   * own, so generating it there stamps only the copy; every other entry is copied as it is, field
   * by field (a spread of the table's few shapes was a third of a copy's time). Its time is shared:
   * times are replaced, never changed in place, but for a generated file's own (tracked-fs tests
   * hold the entries to these fields). A Date changed in place anywhere else would change it in
   * every copy and in the pristine host: give entries Dates of their own (see utimes).
   */
  private copyEntry(entry: Entry, copy: TrackedFs, relaid: Map<unknown, GeneratedLazy>): Entry {
    const { mode, mtime: time } = entry;
    if (entry.type === "directory") return { type: "directory", mode, mtime: time };
    if (entry.type === "symlink") return { type: "symlink", mode, mtime: time, target: entry.target };
    if (entry.lazy === undefined) return { type: "file", content: entry.content, mode, mtime: time };
    const file = this.generated.get(entry.lazy);
    if (!file) return { type: "file", lazy: entry.lazy, mode, mtime: time };
    let lazy = relaid.get(entry.lazy);
    if (!lazy) {
      const own: GeneratedFile = { generate: file.generate, mtime: new Date(file.mtime.getTime()) };
      relaid.set(entry.lazy, (lazy = generatedLazy(own)));
      copy.generated.set(lazy, own);
    }
    const mine = copy.generated.get(lazy)!;
    // The entry keeps sharing its time with the generator, unless something restamped it.
    const mtime = entry.mtime === file.mtime ? mine.mtime : new Date(entry.mtime.getTime());
    return { type: "file", mode: entry.mode, mtime, lazy };
  }

  /**
   * Stamps the entry itself with the simulated now. Not through utimes, which follows a symlink:
   * `ln -s` would restamp the link's target and leave the link with the real time.
   */
  private async stamp(path: string): Promise<void> {
    this.invalidate();
    if (!this.simulatedNow) return;
    const entry = this.entryTable().get(this.resolvePath("/", path));
    // No entry: the path is gone (rm, mv source), nothing to stamp.
    if (entry) entry.mtime = new Date(this.simulatedNow.getTime());
  }

  /**
   * Gives the simulated now to entries a command created with the real time (between `startedMs`
   * and `endedMs`): parents made by `mkdir -p`, by a write into a new directory or by `cp -r`.
   */
  settleCommandTimes(startedMs: number, endedMs: number): void {
    if (!this.simulatedNow) return;
    for (const path of withAncestors(this.changed)) {
      const entry = this.entryTable().get(path);
      const ms = entry?.mtime.getTime() ?? -1;
      if (entry && ms >= startedMs && ms <= endedMs) entry.mtime = new Date(this.simulatedNow.getTime());
    }
  }

  private async remember(path: string, recursive = false): Promise<void> {
    this.invalidate();
    if (this.currentCommand < 0) return;
    const abs = this.resolvePath("/", path);
    // Writing to a device (2>/dev/null, > /dev/stderr) changes nothing on the host.
    if (DEVICE_SINKS.has(abs)) return;
    const targets = recursive ? this.getAllPaths().filter((p) => p === abs || p.startsWith(`${abs}/`)) : [abs];
    if (!targets.includes(abs)) targets.push(abs);
    for (const p of targets) {
      this.changed.add(p);
      if (!this.priors.has(p)) this.priors.set(p, await this.describe(p));
      let by = this.touchedBy.get(p);
      if (!by) this.touchedBy.set(p, (by = new Set()));
      by.add(this.currentCommand);
    }
  }

  /** The current state of a path, as the diff compares it. */
  async describe(path: string): Promise<PriorState> {
    try {
      const st = await super.lstat(path);
      const owner = this.ownerOf(path);
      if (st.isSymbolicLink)
        return { exists: true, kind: "symlink", sha256: sha256(await super.readlink(path)), mode: st.mode, owner };
      if (st.isDirectory) return { exists: true, kind: "directory", mode: st.mode, owner };
      return { exists: true, kind: "file", sha256: sha256(await super.readFileBuffer(path)), mode: st.mode, owner };
    } catch {
      return { exists: false };
    }
  }

  /** A file's text; a big file's is made once while kept (big-file-texts.ts). Other encodings are decoded as before. */
  override async readFile(path: string, options?: Parameters<InMemoryFs["readFile"]>[1]): Promise<string> {
    const encoding = typeof options === "string" ? options : options?.encoding;
    if (encoding && encoding !== "utf8" && encoding !== "utf-8") return super.readFile(path, options);
    return (await this.readTextKeyed(path)).text;
  }

  /**
   * A file's text as readFile gives it and, for a shared log (sharedLogBytes), the stored bytes it
   * was decoded from: they are never changed in place (a write replaces them), so a caller may keep
   * what it worked out from the text with them (grep-memo.ts).
   */
  async readTextKeyed(path: string): Promise<{ text: string; bytes?: Uint8Array }> {
    const bytes = await this.readFileBuffer(path);
    // Decoded as the in-memory filesystem's readFile decodes, from the bytes already read.
    const text = await keptText(bytes, "text", () => UTF8.decode(bytes));
    return sharedLogBytes(bytes) ? { text, bytes } : { text };
  }

  /**
   * A file's bytes as a latin1 string (one character a byte), as the byte-wise commands read
   * them (wc, cut, uniq, sort, awk): converted natively from the stored bytes, where the
   * interpreter's own copied the array first, and its wrapper of the commands' filesystem copies
   * every array it hands out (a string it passes as it is). A big file's is made once while kept
   * (big-file-texts.ts).
   */
  override async readFileBytes(path: string): Promise<ByteString> {
    const bytes = await this.readFileBuffer(path);
    const latin1 = () => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
    return unsafeBytesFromLatin1(await keptText(bytes, "latin1", latin1));
  }

  /**
   * Every read of a file's bytes comes here: the in-memory filesystem's readFile and
   * readFileBytes call it, as do the simulated commands. Only reads by commands are watched.
   */
  override async readFileBuffer(path: string): Promise<Uint8Array> {
    const bytes = await super.readFileBuffer(path);
    if (this.currentCommand >= 0 && !this.readAgentWritten && this.touchedBy.size > 0)
      this.readAgentWritten = await this.wroteContent(path, bytes);
    return bytes;
  }

  /**
   * Whether the file at `path` (through any symlinks) holds bytes that commands wrote: a command
   * created it, or changed its content. A file commands only chmod-ed, chown-ed or touched, or
   * wrote back unchanged, still holds the host's own bytes. Survives a rebuild: a restored host
   * gets the priors and touchedBy of every path back (restoreChanged).
   */
  async wroteContent(path: string, bytes?: Uint8Array): Promise<boolean> {
    const real = await super.realpath(path).catch(() => null);
    if (real === null || !this.touchedBy.has(real)) return false;
    const prior = this.priors.get(real);
    if (!prior?.exists || prior.kind !== "file") return true;
    return sha256(bytes ?? (await super.readFileBuffer(real))) !== prior.sha256;
  }

  override async writeFile(...args: Parameters<InMemoryFs["writeFile"]>) {
    await this.remember(args[0]);
    await super.writeFile(...args);
    await this.stamp(args[0]);
  }
  override async appendFile(...args: Parameters<InMemoryFs["appendFile"]>) {
    await this.remember(args[0]);
    await super.appendFile(...args);
    await this.stamp(args[0]);
  }
  override async mkdir(...args: Parameters<InMemoryFs["mkdir"]>) {
    await this.remember(args[0]);
    await super.mkdir(...args);
    await this.stamp(args[0]);
  }
  override async rm(...args: Parameters<InMemoryFs["rm"]>) {
    await this.remember(args[0], args[1]?.recursive ?? false);
    await super.rm(...args);
    this.invalidate();
  }
  override async cp(...args: Parameters<InMemoryFs["cp"]>) {
    await this.remember(args[1], args[2]?.recursive ?? false);
    await super.cp(...args);
    await this.stamp(args[1]);
  }
  override async mv(...args: Parameters<InMemoryFs["mv"]>) {
    await this.remember(args[0], true);
    await this.remember(args[1], true);
    await super.mv(...args);
    await this.stamp(args[1]);
  }
  override async chmod(...args: Parameters<InMemoryFs["chmod"]>) {
    await this.remember(args[0]);
    return super.chmod(...args);
  }
  override async symlink(...args: Parameters<InMemoryFs["symlink"]>) {
    await this.remember(args[1]);
    await super.symlink(...args);
    await this.stamp(args[1]);
  }
  override async link(...args: Parameters<InMemoryFs["link"]>) {
    await this.remember(args[1]);
    await super.link(...args);
    await this.stamp(args[1]);
  }
  override async utimes(...args: Parameters<InMemoryFs["utimes"]>) {
    await this.remember(args[0]);
    // Unlike the other operations, utimes follows a symlink: the time changes on its target.
    const target = await super.realpath(args[0]).catch(() => null);
    if (target && this.currentCommand >= 0) this.changed.add(target);
    // `touch` without a date asks for "now": the simulated now. Entries get Dates of their own,
    // never the clock's or the caller's (copies share entries' Dates: see copyEntry).
    const [path, atime, mtime] = args;
    const isRealNow = Math.abs(mtime.getTime() - Date.now()) < 60_000;
    const time = isRealNow && this.simulatedNow ? this.simulatedNow : mtime;
    return super.utimes(path, atime, new Date(time.getTime()));
  }

  /**
   * Time and mode for a file the interpreter wrote while the environment was built (its command
   * stubs in /bin and /usr/bin): the host's builder says what a packaged file there would have.
   */
  builtEntryDefaults: ((path: string) => { mtimeMs: number; mode?: number }) | undefined;

  /**
   * Makes every timestamp reproducible. Files the interpreter wrote while the environment was
   * built (its command stubs in /bin) carry the real time: they get `fallback`. Directories get
   * the newest mtime of their children, or `fallback` when empty.
   */
  async settleTimes(fallback: Date, builtAfterMs: number): Promise<void> {
    // Straight on the entry table: this runs on every build over every path (a host's /bin alone
    // holds a hundred command stubs), and a stat plus utimes per path, each resolving the path
    // again, was a large share of building an environment. Setting `mtime` on the entry is what
    // the in-memory filesystem's own utimes does.
    const dirs: { path: string; depth: number; entry: { mtime: Date } }[] = [];
    const newestChild = new Map<string, number>();
    const bump = (dir: string | null, mtime: number) => {
      if (dir !== null && mtime > (newestChild.get(dir) ?? 0)) newestChild.set(dir, mtime);
    };
    for (const [p, entry] of this.entryTable()) {
      const known = this.knownMtimes.get(p);
      if (known !== undefined) {
        bump(parentOf(p), known);
        continue;
      }
      if (entry.type === "directory") {
        let depth = 0;
        for (let i = 0; i < p.length; i++) if (p.charCodeAt(i) === 47) depth++;
        dirs.push({ path: p, depth: p === "/" ? 0 : depth, entry });
        continue;
      }
      if (entry.mtime.getTime() >= builtAfterMs) {
        const made = this.builtEntryDefaults?.(p);
        entry.mtime = new Date(made?.mtimeMs ?? fallback.getTime());
        if (made?.mode !== undefined) entry.mode = made.mode;
      }
      bump(parentOf(p), entry.mtime.getTime());
    }
    // Deepest first, so a directory sees its subdirectories' settled times.
    dirs.sort((a, b) => b.depth - a.depth);
    for (const dir of dirs) {
      dir.entry.mtime = new Date(newestChild.get(dir.path) || fallback.getTime());
      bump(parentOf(dir.path), dir.entry.mtime.getTime());
    }
  }

  /**
   * Directory listings from the path index. The in-memory filesystem's own readdir costs about
   * half a millisecond per call on a host of a thousand files, which made `find` and `grep -r`
   * slow; listing children from the index is linear and an order of magnitude faster.
   */
  private children: Map<string, string[]> | null = null;

  private childrenOf(dir: string): string[] {
    if (!this.children) {
      const sets = new Map<string, Set<string>>();
      for (const p of this.getAllPaths()) {
        if (p === "/") continue;
        const cut = p.lastIndexOf("/");
        const parent = cut === 0 ? "/" : p.slice(0, cut);
        let set = sets.get(parent);
        if (!set) sets.set(parent, (set = new Set()));
        set.add(p.slice(cut + 1));
      }
      this.children = new Map([...sets].map(([k, v]) => [k, [...v].sort()]));
    }
    return this.children.get(dir) ?? [];
  }

  /** Every change to the tree drops the listing index; it is rebuilt on the next listing. */
  private invalidate(): void {
    this.children = null;
  }

  override writeFileSync(...args: Parameters<InMemoryFs["writeFileSync"]>) {
    const [path, content, options, meta] = args;
    const before = this.relaying ? this.relayTarget(path) : undefined;
    if (before?.type === "file" && options === undefined && sameBytes(before.content, content)) return;
    this.invalidate();
    super.writeFileSync(...args);
    if (this.relaying) this.relaid(path, before, meta);
  }
  override writeFileLazy(...args: Parameters<InMemoryFs["writeFileLazy"]>) {
    const before = this.relaying ? this.relayTarget(args[0]) : undefined;
    this.invalidate();
    super.writeFileLazy(...args);
    if (this.relaying) this.relaid(args[0], before, args[2]);
  }
  override mkdirSync(...args: Parameters<InMemoryFs["mkdirSync"]>) {
    if (this.relaying && this.entryTable().has(this.resolvePath("/", args[0]))) return super.mkdirSync(...args);
    this.invalidate();
    if (this.relaying) this.relaying.created++;
    return super.mkdirSync(...args);
  }

  /** While set, writes lay down again what the filesystem already holds (see layDownAgain). */
  private relaying: { created: number } | null = null;

  /**
   * Runs `lay` — making an interpreter, which writes its command stubs and /proc and /dev files —
   * on a copy of a host that already had one made: a file written with the bytes it holds is left
   * untouched; one written with others keeps its time and mode (unless the write gives its own).
   * Returns how many paths were new, which then need their times settled; 0 leaves the copy
   * exactly as a fresh interpreter and settleTimes would have, without either's cost.
   */
  layDownAgain(lay: () => void): number {
    this.relaying = { created: 0 };
    try {
      lay();
      return this.relaying.created;
    } finally {
      this.relaying = null;
    }
  }

  /** The entry at a path the interpreter writes; its paths are mostly normalized already (/bin/ls). */
  private relayTarget(path: string): Entry | undefined {
    const table = this.entryTable();
    return table.get(path) ?? table.get(this.resolvePath("/", path));
  }

  private relaid(path: string, before: Entry | undefined, meta: { mode?: number; mtime?: Date } | undefined): void {
    const entry = this.relayTarget(path);
    if (!before || !entry) {
      this.relaying!.created++;
      return;
    }
    entry.mode = meta?.mode ?? before.mode;
    entry.mtime = meta?.mtime ?? before.mtime;
  }

  /**
   * The kind of an entry without an async stat, for `find`'s fast path. Reads the in-memory
   * filesystem's entry table directly; the find differential test guards this against upgrades.
   */
  entryKind(path: string): "file" | "directory" | "symlink" | undefined {
    return this.entryTable().get(path)?.type;
  }

  /**
   * The in-memory filesystem's own table of entries by normalized path (a private field of
   * just-bash's InMemoryFs, read for speed; the find differential and tracked-fs tests guard it
   * against upgrades).
   */
  private entryTable(): Map<string, Entry> {
    const data = (this as unknown as { data?: unknown }).data;
    if (!(data instanceof Map)) throw new Error("just-bash's InMemoryFs no longer keeps its entries in `data`");
    return data as Map<string, Entry>;
  }

  /** Children of a directory from the index (no existence check). */
  listChildren(dir: string): string[] {
    return this.childrenOf(dir);
  }

  override async readdir(path: string): Promise<string[]> {
    const real = await super.realpath(path).catch(() => null);
    const st = real ? await super.stat(real).catch(() => null) : null;
    if (!real || !st?.isDirectory) return super.readdir(path);
    return this.childrenOf(real);
  }

  override async readdirWithFileTypes(path: string): ReturnType<InMemoryFs["readdirWithFileTypes"]> {
    const real = await super.realpath(path).catch(() => null);
    const st = real ? await super.stat(real).catch(() => null) : null;
    if (!real || !st?.isDirectory) return super.readdirWithFileTypes(path);
    const base = real === "/" ? "" : real;
    return Promise.all(
      this.childrenOf(real).map(async (name) => {
        const child = await super.lstat(`${base}/${name}`);
        return { name, isFile: child.isFile, isDirectory: child.isDirectory, isSymbolicLink: child.isSymbolicLink };
      }),
    );
  }

  /**
   * Sets a path's mode and time as the builder lays it down: not a change, and settling keeps
   * the time (see knownMtimes).
   */
  setMetadata(path: string, meta: { mode?: number; mtimeMs?: number }): void {
    const entry = this.entryTable().get(path);
    if (!entry) return;
    if (meta.mode !== undefined) entry.mode = meta.mode;
    if (meta.mtimeMs !== undefined) {
      entry.mtime = new Date(meta.mtimeMs);
      this.knownMtimes.set(path, meta.mtimeMs);
    }
  }

  /**
   * Removes a path and everything under it without recording a change: for views the builder
   * keeps in step with a host's tables (/proc follows the process table). A saved state restores
   * them from the tables, so they are no part of the environment diff either.
   */
  removeUntracked(path: string): void {
    const table = this.entryTable();
    const drop = (this as unknown as { deleteEntry?: (p: string) => boolean }).deleteEntry;
    for (const p of [...table.keys()]) {
      if (p !== path && !p.startsWith(`${path}/`)) continue;
      // Through the in-memory filesystem's own deletion, which keeps its byte accounting right.
      if (typeof drop === "function") drop.call(this, p);
      else table.delete(p);
      this.knownMtimes.delete(p);
      this.owners.delete(p);
    }
    this.invalidate();
  }

  /** Changing ownership is a change too (chown is a simulated command). */
  async setOwner(path: string, owner: string): Promise<void> {
    await this.remember(path);
    this.owners.set(this.resolvePath("/", path), owner);
  }

  ownerOf(path: string): string {
    return this.owners.get(path) ?? "root:root";
  }

  /**
   * The paths commands changed since the last call (with their parents), as they are now. Read
   * from the entry table by exact name: the operations that changed them did not follow symlinks.
   */
  async takeChanged(): Promise<Map<string, PathRecord>> {
    const paths = [...withAncestors(this.changed)].sort();
    this.changed.clear();
    const records = new Map<string, PathRecord>();
    for (const path of paths) records.set(path, await this.recordOf(path));
    return records;
  }

  private async recordOf(path: string): Promise<PathRecord> {
    const by = this.touchedBy.get(path);
    return {
      now: await this.stateOf(path),
      owner: this.owners.get(path),
      prior: this.priors.get(path),
      touchedBy: by && [...by].sort((a, b) => a - b),
    };
  }

  private async stateOf(path: string): Promise<PathState> {
    const entry = this.entryTable().get(path);
    if (!entry) return { kind: "absent" };
    const meta = { mode: entry.mode, mtimeMs: entry.mtime.getTime() };
    if (entry.type === "directory") return { kind: "directory", ...meta };
    if (entry.type === "symlink") return { kind: "symlink", ...meta, target: entry.target };
    // A copied, never-read log is still lazy: its generator gives the bytes without materializing it.
    return { kind: "file", ...meta, content: await bytesOf(entry.lazy ? entry.lazy() : entry.content) };
  }

  /**
   * Puts paths back as takeChanged() recorded them, on a host built from the same world and seed.
   * Like the build, it marks nothing as a change: the records carry the diff's own bookkeeping.
   */
  async restoreChanged(records: Map<string, PathRecord>): Promise<void> {
    if (this.currentCommand >= 0) throw new Error("cannot restore while a command runs");
    const parentsFirst = [...records].sort(([a], [b]) => depthOf(a) - depthOf(b) || (a < b ? -1 : 1));
    await this.clearConflicts(parentsFirst);
    for (const [path, record] of parentsFirst) await this.recreate(path, record.now);
    // Metadata last: writing a child may have created its parents with default modes and times.
    for (const [path, record] of parentsFirst) this.restoreMetadata(path, record);
    this.invalidate();
  }

  /** Removes what must be gone or is of another kind, children first. */
  private async clearConflicts(parentsFirst: [string, PathRecord][]): Promise<void> {
    for (let i = parentsFirst.length - 1; i >= 0; i--) {
      const [path, { now }] = parentsFirst[i]!;
      const entry = this.entryTable().get(path);
      if (entry && entry.type !== now.kind) await super.rm(path, { recursive: true, force: true });
    }
  }

  private async recreate(path: string, now: PathState): Promise<void> {
    if (now.kind === "directory" && !this.entryTable().has(path)) this.mkdirSync(path, { recursive: true });
    else if (now.kind === "file") this.writeFileSync(path, now.content);
    else if (now.kind === "symlink") {
      await super.rm(path, { force: true });
      await super.symlink(now.target, path);
    }
  }

  private restoreMetadata(path: string, record: PathRecord): void {
    const entry = this.entryTable().get(path);
    if (entry && record.now.kind !== "absent") {
      entry.mode = record.now.mode;
      entry.mtime = new Date(record.now.mtimeMs);
    }
    if (record.owner === undefined) this.owners.delete(path);
    else this.owners.set(path, record.owner);
    if (record.prior) this.priors.set(path, record.prior);
    if (record.touchedBy) this.touchedBy.set(path, new Set(record.touchedBy));
  }
}

/**
 * Stored bytes as text, decoded once per byte array: every session's interpreter rewrites the same
 * some 600 command stubs as text, and copies of a host share the stubs' bytes. Null when the bytes
 * are not text that encodes back to themselves (invalid UTF-8 would decode to U+FFFD and compare
 * equal to text it is not).
 */
const storedTexts = new WeakMap<Uint8Array, string | null>();

function storedText(stored: Uint8Array): string | null {
  let text = storedTexts.get(stored);
  if (text === undefined) {
    const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
    const decoded = bytes.toString("utf8");
    text = Buffer.from(decoded, "utf8").equals(bytes) ? decoded : null;
    storedTexts.set(stored, text);
  }
  return text;
}

/** Whether an entry's stored bytes are `written` (a string as UTF-8); a lazy or other entry is not. */
function sameBytes(stored: string | Uint8Array | undefined, written: unknown): boolean {
  if (typeof written === "string" && stored instanceof Uint8Array) {
    const text = storedText(stored);
    if (text !== null) return text === written;
  }
  if (typeof written === "string") written = Buffer.from(written, "utf8");
  if (typeof stored === "string") stored = Buffer.from(stored, "utf8");
  if (!(stored instanceof Uint8Array) || !(written instanceof Uint8Array)) return false;
  return Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength).equals(written);
}

export function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}
