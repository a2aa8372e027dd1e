import { DirectoryListingSchema } from "@analystbench/contracts";
import { execFileSync, spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileStore } from "./file-store";
import {
  describeInProcesses,
  DIRECTORY,
  FILE,
  ListingTimeoutError,
  NOT_LISTED,
  ON_SERVER,
  type HeldDirectory,
} from "./listing-processes";

let root: string;
beforeAll(() => {
  // In the environment before any listing process starts: none may see it (tested below).
  process.env.ANALYSTBENCH_TEST_SECRET = "sk-listing-secret";
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "analystbench-listing-")));
  const dir = path.join(root, "ws", "big");
  mkdirSync(path.join(dir, "sub"), { recursive: true });
  mkdirSync(path.join(root, "outside"));
  writeFileSync(path.join(root, "outside", "secret.txt"), "outside bytes, longer than any inside file");
  for (let i = 0; i < 40; i++) writeFileSync(path.join(dir, `file-${i}.txt`), "x".repeat(i));
  // Names JSON must escape, and names that sort differently as numbers.
  for (const name of [
    'quote"d.txt',
    "back\\slash.txt",
    "new\nline.txt",
    "ünïcode-文件.txt",
    "tab\tname.txt",
    "file-100.txt",
    // Names the numeric, case-blind collator counts as equal or close: ties go by code unit.
    "File-2.txt",
    "file-02.txt",
    "file-007.txt",
    "file-7.txt",
    "a.txt",
    "A.txt",
    "á.txt",
    "Z-last.txt",
    "z-last.txt",
    "_under.txt",
    "-dash.txt",
    "10.txt",
    "9.txt",
  ])
    writeFileSync(path.join(dir, name), name);
  // Folders sort first among themselves, by the same rules.
  for (const folder of ["dir-10", "Dir-9", "dir-9"]) mkdirSync(path.join(dir, folder));
  symlinkSync("file-3.txt", path.join(dir, "inside-link.txt"));
  symlinkSync("sub", path.join(dir, "inside-dir-link"));
  symlinkSync(path.join(root, "outside", "secret.txt"), path.join(dir, "escaping-link.txt"));
  symlinkSync("nowhere", path.join(dir, "broken-link"));
  execFileSync("mkfifo", [path.join(dir, "a-fifo")]);
});
afterAll(() => {
  delete process.env.ANALYSTBENCH_TEST_SECRET;
  rmSync(root, { recursive: true, force: true });
});

/** The pids of this process's listing processes, found in /proc by their parent and their script. */
function listingProcessPids(): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The parent's pid is the 4th field of stat, after "(comm)", which may itself hold spaces.
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        return ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("listing-process.mjs");
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** Runs `work` with the folder `dir` open, as the file store holds it while the processes describe it. */
async function withOpen<T>(dir: string, work: (held: HeldDirectory) => Promise<T>): Promise<T> {
  const fd = openSync(dir, "r");
  try {
    const { dev, ino } = fstatSync(fd, { bigint: true });
    return await work({ fd, dev, ino });
  } finally {
    closeSync(fd);
  }
}

/** Resolves once every one of `pids` has exited and been reaped (its exit seen by this process). */
async function gone(pids: number[]): Promise<void> {
  while (pids.some((pid) => existsSync(`/proc/${pid}`))) await new Promise((r) => setTimeout(r, 20));
}

/** A store that describes big folders in the processes, and how many of its listings they answered. */
function storeInHelpers(rootDir: string) {
  const answered = { count: 0 };
  const store = createFileStore({
    rootDir,
    helpersFromEntries: 1,
    describeEntries: async (...args) => {
      const described = await describeInProcesses(...args);
      answered.count++;
      return described;
    },
  });
  return { store, answered };
}

/** Runs `body` (module code, with the workspace root as `root`) in a Node of its own, with the listing modules imported. */
function runScript(body: string) {
  const modules = ["./file-store.ts", "./listing-processes.ts"].map((m) => fileURLToPath(new URL(m, import.meta.url)));
  const script = `const root = ${JSON.stringify(root)};
    const { createFileStore } = await import(${JSON.stringify(modules[0])});
    const { describeInProcesses } = await import(${JSON.stringify(modules[1])});
    const { openSync, fstatSync } = await import("node:fs");
    ${body}`;
  return spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8",
    timeout: 20_000,
  });
}

describe("the listing processes", () => {
  it("tell files, folders and symlinks apart, leave out what is not listed, and write each row as JSON", async () => {
    const names = ["file-3.txt", "sub", "inside-link.txt", "a-fifo", "gone.txt", 'quote"d.txt', "..", "a/b"];
    const { kinds, rows } = await withOpen(path.join(root, "ws", "big"), (held) =>
      describeInProcesses(held, names, "big/"),
    );
    expect([...kinds]).toEqual([FILE, DIRECTORY, ON_SERVER, NOT_LISTED, NOT_LISTED, FILE, NOT_LISTED, NOT_LISTED]);
    expect(JSON.parse(rows[0]!)).toMatchObject({ name: "file-3.txt", type: "file", size: 3, path: "big/file-3.txt" });
    expect(JSON.parse(rows[1]!)).toMatchObject({ name: "sub", type: "directory", size: 0, path: "big/sub" });
    expect(JSON.parse(rows[5]!)).toMatchObject({ name: 'quote"d.txt', path: 'big/quote"d.txt' });
    expect(rows.filter((r, i) => kinds[i] === NOT_LISTED || kinds[i] === ON_SERVER)).toEqual(["", "", "", "", ""]);
  });

  it("write every row exactly as the server's own thread writes it", async () => {
    const big = path.join(root, "ws", "big");
    const inThisThread = createFileStore({ rootDir: path.join(root, "ws"), helpersFromEntries: Infinity });
    const expected = new Map(
      DirectoryListingSchema.parse(JSON.parse(await inThisThread.listJson("big"))).items.map((i) => [
        i.name,
        JSON.stringify(i),
      ]),
    );
    const names = readdirSync(big);
    // Asked directly: a listing that fell back to the server's own thread would prove nothing here.
    const { kinds, rows } = await withOpen(big, (held) => describeInProcesses(held, names, "big/"));
    const written = names.filter((_, i) => kinds[i] === FILE || kinds[i] === DIRECTORY);
    expect(written.length).toBeGreaterThan(40);
    for (const [i, name] of names.entries())
      if (kinds[i] === FILE || kinds[i] === DIRECTORY) expect(rows[i], name).toBe(expected.get(name));
    // What they leave to the server: the four symlinks, two of which it then hides.
    expect(names.filter((_, i) => kinds[i] === ON_SERVER).sort()).toEqual([
      "broken-link",
      "escaping-link.txt",
      "inside-dir-link",
      "inside-link.txt",
    ]);
  });

  it("list a big folder as the server's own thread does: same text, links judged, numbers in names in order", async () => {
    const inThisThread = createFileStore({ rootDir: path.join(root, "ws"), helpersFromEntries: Infinity });
    const { store: inHelpers, answered } = storeInHelpers(path.join(root, "ws"));
    const expected = await inThisThread.listJson("big");
    expect(await inHelpers.listJson("big")).toBe(expected);
    // Described by the processes, not by the fallback, which would give the same text.
    expect(answered.count).toBe(1);
    const names = DirectoryListingSchema.parse(JSON.parse(expected)).items.map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(["inside-link.txt", "inside-dir-link", "new\nline.txt"]));
    for (const hidden of ["escaping-link.txt", "broken-link", "a-fifo"]) expect(names).not.toContain(hidden);
    expect(names.slice(0, 5)).toEqual(["Dir-9", "dir-9", "dir-10", "inside-dir-link", "sub"]);
    expect(names.indexOf("file-39.txt")).toBeLessThan(names.indexOf("file-100.txt"));
  });

  it("keep a burst of listings at once apart: every one answers with its own folder, as the server's own thread would", async () => {
    const ws = path.join(root, "ws");
    const many = path.join(ws, "many");
    mkdirSync(many, { recursive: true });
    for (let i = 0; i < 700; i++) writeFileSync(path.join(many, `m-${i}.log`), "y".repeat(i % 7));
    const inThisThread = createFileStore({ rootDir: ws, helpersFromEntries: Infinity });
    const { store: inHelpers, answered } = storeInHelpers(ws);
    const expected = { big: await inThisThread.listJson("big"), many: await inThisThread.listJson("many") };
    const folders = Array.from({ length: 24 }, (_, i) => (i % 3 ? "many" : "big") as keyof typeof expected);
    const answers = await Promise.all(folders.map((f) => inHelpers.listJson(f)));
    answers.forEach((text, i) => expect(text).toBe(expected[folders[i]!]));
    expect(answered.count).toBe(24);
  });

  it("kill a process that takes too long, fail its listing with ListingTimeoutError, and start afresh for the next", async () => {
    const big = path.join(root, "ws", "big");
    const names = Array.from({ length: 200_000 }, (_, i) => `missing-${i}`);
    await withOpen(big, (held) => describeInProcesses(held, ["file-3.txt"], "big/"));
    const before = listingProcessPids();
    await expect(
      withOpen(big, (held) => describeInProcesses(held, names, "big/", { timeoutMs: 1 })),
    ).rejects.toBeInstanceOf(ListingTimeoutError);
    // Killed, not left to finish: a process stuck on a hung mount would otherwise stay for good.
    await gone(before);
    const again = await withOpen(big, (held) => describeInProcesses(held, ["file-3.txt"], "big/"));
    expect([...again.kinds]).toEqual([FILE]);
  });

  // tmpfs keeps times a Date cannot hold (toISOString throws on them); ext4 clamps them to 2446.
  it.runIf(existsSync("/dev/shm"))(
    "answer for a file whose time is beyond a Date's range, and stay alive",
    async () => {
      const shmRoot = mkdtempSync("/dev/shm/analystbench-listing-");
      try {
        const dir = path.join(shmRoot, "far");
        mkdirSync(dir);
        for (let i = 0; i < 5; i++) writeFileSync(path.join(dir, `f-${i}.txt`), "x");
        utimesSync(path.join(dir, "f-0.txt"), 0, 9e15);
        const far = await withOpen(dir, (held) => describeInProcesses(held, readdirSync(dir).sort(), "far/"));
        expect(far.kinds[0]).toBe(ON_SERVER);
        for (const helpersFromEntries of [1, Infinity]) {
          const store = createFileStore({ rootDir: shmRoot, helpersFromEntries });
          const { items } = DirectoryListingSchema.parse(JSON.parse(await store.listJson("far")));
          expect(items.find((i) => i.name === "f-0.txt")?.modified).toBe("+275760-09-13T00:00:00.000Z");
          expect(items).toHaveLength(5);
        }
      } finally {
        rmSync(shmRoot, { recursive: true, force: true });
      }
    },
  );

  it("run with nothing of the server's environment: keys the server holds never reach them", async () => {
    // Set before the file's first listing forked them (beforeAll), and still set now.
    expect(process.env.ANALYSTBENCH_TEST_SECRET).toBe("sk-listing-secret");
    await withOpen(path.join(root, "ws", "big"), (held) => describeInProcesses(held, ["file-3.txt"], "big/"));
    const pids = listingProcessPids();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) {
      // Node adds only the IPC channel's own variables.
      const names = readFileSync(`/proc/${pid}/environ`, "utf8")
        .split("\0")
        .filter(Boolean)
        .map((v) => v.split("=")[0]);
      expect(names.sort(), `pid ${pid}`).toEqual(["NODE_CHANNEL_FD", "NODE_CHANNEL_SERIALIZATION_MODE"]);
    }
  });

  it("start a new process for the next listing when one was killed, and refuse a folder that is not the one held", async () => {
    const big = path.join(root, "ws", "big");
    await withOpen(big, (held) => describeInProcesses(held, ["file-3.txt"], "big/"));
    const before = listingProcessPids();
    for (const pid of before) process.kill(pid, "SIGKILL");
    // Killed while idle: the next listing may still reach a dying one and fail, as the file store
    // allows (it then describes in its own thread); the one after must find live processes.
    await withOpen(big, (held) => describeInProcesses(held, ["file-3.txt"], "big/")).catch(() => undefined);
    const again = await withOpen(big, (held) => describeInProcesses(held, ["file-3.txt", "sub"], "big/"));
    expect([...again.kinds]).toEqual([FILE, DIRECTORY]);
    expect(listingProcessPids().some((pid) => before.includes(pid))).toBe(false);
    // The descriptor names another folder than the one the server checked (as a closed and reused
    // number would): the processes refuse it rather than describe what they found there.
    const sub = statSync(path.join(big, "sub"), { bigint: true });
    await expect(
      withOpen(big, ({ fd }) => describeInProcesses({ fd, dev: sub.dev, ino: sub.ino }, ["file-3.txt"], "big/")),
    ).rejects.toThrow(/not the one the server holds/);
    // The same inode number on another device is another directory.
    await expect(
      withOpen(big, ({ fd, dev, ino }) => describeInProcesses({ fd, dev: dev + 1n, ino }, ["file-3.txt"], "big/")),
    ).rejects.toThrow(/not the one the server holds/);
  });

  it("fail only the hung listing as hung: one queued behind it falls back to the server's thread instead", async () => {
    const big = path.join(root, "ws", "big");
    const hung = Array.from({ length: 400_000 }, (_, i) => `missing-${i}`);
    const [slow, queued] = await Promise.allSettled([
      withOpen(big, (held) => describeInProcesses(held, hung, "big/", { timeoutMs: 50 })),
      withOpen(big, (held) => describeInProcesses(held, ["file-3.txt", "sub"], "big/")),
    ]);
    expect(slow.status === "rejected" && slow.reason).toBeInstanceOf(ListingTimeoutError);
    expect(queued.status).toBe("rejected");
    expect((queued as PromiseRejectedResult).reason).not.toBeInstanceOf(ListingTimeoutError);
    expect(String((queued as PromiseRejectedResult).reason)).toMatch(/a folder listed before this one took too long/);
  });

  it("never keep the server from exiting once they are idle", () => {
    const run = runScript(`
      const listed = await createFileStore({ rootDir: root + "/ws", helpersFromEntries: 1 }).listJson("big");
      console.log(JSON.parse(listed).items.length);`);
    expect(run.error, "still running after 20 s: an idle listing process held it open").toBeUndefined();
    expect(run.stderr).toBe("");
    expect(Number(run.stdout.trim())).toBeGreaterThan(40);
  });

  it("turn themselves off for a while when one cannot start, and the store lists folders itself meanwhile", () => {
    // In a Node of its own: the helpers then stay off in that process only.
    const run = runScript(`
      const big = root + "/ws/big";
      const fd = openSync(big, "r");
      const { dev, ino } = fstatSync(fd, { bigint: true });
      const outcome = (p) => p.then(() => "answered", (e) => e.message);
      // No Node process starts within 0 ms: this start fails, as one short of processes would.
      console.log(await outcome(describeInProcesses({ fd, dev, ino }, ["file-3.txt"], "big/", { startTimeoutMs: 0 })));
      console.log(await outcome(describeInProcesses({ fd, dev, ino }, ["file-3.txt"], "big/")));
      const inHelpers = createFileStore({ rootDir: root + "/ws", helpersFromEntries: 1 });
      const inThisThread = createFileStore({ rootDir: root + "/ws", helpersFromEntries: Infinity });
      console.log((await inHelpers.listJson("big")) === (await inThisThread.listJson("big")));`);
    expect(run.error, "still running after 20 s").toBeUndefined();
    expect(run.stderr).toBe("");
    expect(run.stdout.trim().split("\n")).toEqual([
      "the listing process did not start within 0 ms",
      "the listing processes are off: one could not start",
      "true",
    ]);
  });

  it("leave quietly when the server exits while they are at work", () => {
    // The script's stderr is theirs too, and spawnSync returns only once every holder of it is gone.
    const run = runScript(`
      const fd = openSync(root + "/ws/big", "r");
      const { dev, ino } = fstatSync(fd, { bigint: true });
      await describeInProcesses({ fd, dev, ino }, ["file-3.txt"], "big/");
      const { readdirSync, readFileSync } = await import("node:fs");
      const fields = (pid) => { const s = readFileSync("/proc/" + pid + "/stat", "utf8"); return s.slice(s.lastIndexOf(")") + 2).split(" "); };
      const parentOf = (pid) => { try { return Number(fields(pid)[1]); } catch { return -1; } }; // gone meanwhile
      const helpers = readdirSync("/proc").filter((p) => /^\\d+$/.test(p) && parentOf(p) === process.pid);
      const cpuTicks = (pid) => Number(fields(pid)[11]) + Number(fields(pid)[12]);
      const before = helpers.map(cpuTicks);
      const names = Array.from({ length: 600_000 }, (_, i) => "missing-" + i);
      void describeInProcesses({ fd, dev, ino }, names, "big/").then(() => {
        console.error("the listing was done before both processes were seen at work: nothing was tested");
        process.exit(1);
      });
      // Exits once both have spent 0.1 s of CPU on the request (some 300,000 lstats each): at work, far from done.
      const atWork = () => helpers.every((pid, i) => cpuTicks(pid) - before[i] >= 10);
      setInterval(() => atWork() && process.exit(0), 10);`);
    expect(run.error, "still running after 20 s: a listing process outlived its server").toBeUndefined();
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
  });
});
