import { execFileSync } from "node:child_process";
import {
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  ConfinementError,
  entryPath,
  isInside,
  openConfined,
  openEntry,
  openExact,
  readAll,
  readEntries,
  realRootResolver,
  statLinkTargetSync,
  unlinkEntry,
  writeEntryAtomic,
  type Confined,
} from "./confined-fs";
import { createInspectLogs } from "./inspect-logs";
import { createResultsStore } from "./results";

const SECRET = "OUTSIDE-THE-WORKSPACE";
const RDONLY_DIR = constants.O_RDONLY | constants.O_DIRECTORY;

let base: string;
let ws: string;
let outside: string;
let realRoot: string;
const open: Confined[] = [];
const keep = (c: Confined) => (open.push(c), c);

beforeEach(async () => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "analystbench-confined-")));
  ws = path.join(base, "workspace");
  outside = path.join(base, "outside");
  mkdirSync(path.join(ws, "dir"), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(ws, "dir/file.txt"), "inside");
  writeFileSync(path.join(outside, "file.txt"), SECRET);
  realRoot = await realRootResolver(ws)();
});

afterEach(async () => {
  for (const c of open.splice(0)) await c.handle.close().catch(() => {});
  rmSync(base, { recursive: true, force: true });
});

const reason = (p: Promise<unknown>) =>
  p.then(
    () => "opened",
    (e: unknown) => (e instanceof ConfinementError ? e.reason : (e as NodeJS.ErrnoException).code),
  );

describe("isInside and entryPath", () => {
  it("takes only absolute paths below the root", () => {
    expect(isInside("/data/ws", "/data/ws")).toBe(true);
    expect(isInside("/data/ws", "/data/ws/a")).toBe(true);
    expect(isInside("/data/ws", "/data/wsX/a")).toBe(false);
    expect(isInside("/data/ws", "/data")).toBe(false);
    expect(isInside("/data/ws", "ws/a")).toBe(false);
    expect(isInside("/data/ws", "pipe:[1234]")).toBe(false);
  });

  it("refuses anything but one plain entry name", () => {
    for (const name of ["", ".", "..", "a/b", "../x", "a\u0000b"]) expect(() => entryPath(3, name)).toThrow();
    expect(entryPath(3, "a.txt")).toBe("/proc/self/fd/3/a.txt");
  });
});

describe("opening by descriptor", () => {
  it("the root's real path comes from a descriptor, through a symlinked root path", async () => {
    symlinkSync(ws, path.join(base, "alias"));
    expect(await realRootResolver(path.join(base, "alias"))()).toBe(ws);
  });

  it("refuses a descriptor that landed outside through a symlinked directory, and serves one inside", async () => {
    symlinkSync(outside, path.join(ws, "out"));
    expect(await reason(openConfined(realRoot, path.join(ws, "out/file.txt"), constants.O_RDONLY))).toBe(
      "OUTSIDE_ROOT",
    );
    symlinkSync(path.join(ws, "dir"), path.join(ws, "in"));
    const file = keep(await openConfined(realRoot, path.join(ws, "in/file.txt"), constants.O_RDONLY));
    expect(file.real).toBe(path.join(ws, "dir/file.txt"));
    expect(file.relative).toBe("dir/file.txt");
    expect((await readAll(file, 100)).toString()).toBe("inside");
  });

  it("openExact refuses any symlink on the way, even one that stays inside", async () => {
    symlinkSync(path.join(ws, "dir"), path.join(ws, "in"));
    symlinkSync(path.join(ws, "dir/file.txt"), path.join(ws, "link.txt"));
    expect(await reason(openExact(realRoot, "in/file.txt", constants.O_RDONLY))).toBe("NOT_AT_PATH");
    expect(await reason(openExact(realRoot, "link.txt", constants.O_RDONLY))).toBe("ELOOP");
    expect(await reason(openExact(realRoot, "../outside/file.txt", constants.O_RDONLY))).toBe("OUTSIDE_ROOT");
    expect(await reason(openExact(realRoot, "dir/file.txt", constants.O_RDONLY))).toBe("opened");
  });

  it("does not block on a FIFO swapped in where a file was expected", async () => {
    execFileSync("mkfifo", [path.join(ws, "dir/fifo")]);
    const fifo = keep(await openConfined(realRoot, path.join(ws, "dir/fifo"), constants.O_RDONLY));
    expect(fifo.stats.isFIFO()).toBe(true);
  });
});

describe("an open directory is the directory, whatever its name points to later", () => {
  it("lists, reads and deletes in the opened directory after its name was swapped for a symlink to outside", async () => {
    const dir = keep(await openExact(realRoot, "dir", RDONLY_DIR));
    renameSync(path.join(ws, "dir"), path.join(ws, ".moved"));
    symlinkSync(outside, path.join(ws, "dir"));
    expect((await readEntries(dir)).map((d) => d.name)).toEqual(["file.txt"]);
    const file = keep(await openEntry(realRoot, dir, "file.txt", constants.O_RDONLY));
    expect((await readAll(file, 100)).toString()).toBe("inside");
    await unlinkEntry(dir, "file.txt");
    expect(readdirSync(path.join(ws, ".moved"))).toEqual([]);
    expect(readFileSync(path.join(outside, "file.txt"), "utf8")).toBe(SECRET);
  });

  it("never follows a symlink entry: opening refuses it, unlinking removes the link, writing replaces it", async () => {
    const dir = keep(await openExact(realRoot, "dir", RDONLY_DIR));
    symlinkSync(path.join(outside, "file.txt"), path.join(ws, "dir/link.txt"));
    expect(await reason(openEntry(realRoot, dir, "link.txt", constants.O_RDONLY))).toBe("ELOOP");
    await writeEntryAtomic(dir, "link.txt", "written");
    expect(lstatSync(path.join(ws, "dir/link.txt")).isFile()).toBe(true);
    expect(readFileSync(path.join(outside, "file.txt"), "utf8")).toBe(SECRET);
    symlinkSync(path.join(outside, "file.txt"), path.join(ws, "dir/link2.txt"));
    await unlinkEntry(dir, "link2.txt");
    expect(existsSync(path.join(outside, "file.txt"))).toBe(true);
    expect(readdirSync(path.join(ws, "dir")).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("judges a symlink entry by a descriptor on its target", async () => {
    const dir = keep(await openExact(realRoot, "dir", RDONLY_DIR));
    symlinkSync(path.join(outside, "file.txt"), path.join(ws, "dir/out.txt"));
    symlinkSync(outside, path.join(ws, "dir/out-dir"));
    symlinkSync(path.join(ws, "dir/file.txt"), path.join(ws, "dir/in.txt"));
    symlinkSync(path.join(ws, "nowhere"), path.join(ws, "dir/broken"));
    expect(statLinkTargetSync(realRoot, dir, "out.txt")).toBeUndefined();
    expect(statLinkTargetSync(realRoot, dir, "out-dir")).toBeUndefined();
    expect(statLinkTargetSync(realRoot, dir, "broken")).toBeUndefined();
    expect(statLinkTargetSync(realRoot, dir, "in.txt")?.size).toBe(6);
  });
});

describe("the workspace stores refuse a symlinked directory", () => {
  const report = `---\nstatus: completed\ncase_name: ${SECRET}\n---\n`;

  it("results/ as a symlink to an outside directory lists nothing from it", async () => {
    mkdirSync(path.join(outside, "s1-dmz"));
    writeFileSync(path.join(outside, "s1-dmz/report.md"), report);
    writeFileSync(
      path.join(outside, "s1-dmz/records.jsonl"),
      `${JSON.stringify({ status: "completed", case: SECRET })}\n`,
    );
    symlinkSync(outside, path.join(ws, "results"));
    const store = createResultsStore({ workspaceDir: ws });
    expect(await store.listLogs()).toEqual([]);
    expect(await store.listBenchmarks()).toEqual([]);
  });

  it("a results subdirectory that is a symlink is not walked", async () => {
    mkdirSync(path.join(ws, "results/s1-dmz"), { recursive: true });
    writeFileSync(path.join(ws, "results/s1-dmz/ok.md"), "---\nstatus: completed\n---\n");
    writeFileSync(path.join(outside, "report.md"), report);
    symlinkSync(outside, path.join(ws, "results/s1-dmz/linked"));
    const logs = await createResultsStore({ workspaceDir: ws }).listLogs();
    expect(logs.map((l) => l.path)).toEqual(["results/s1-dmz/ok.md"]);
  });

  it("logs/ as a symlink to an outside directory: nothing listed, nothing deleted", async () => {
    const name = "2026-11-21T10-15-00Z_s1-dmz_abc123.json";
    writeFileSync(
      path.join(outside, name),
      JSON.stringify({ status: "success", eval: { task: SECRET, run_id: "abc123" } }),
    );
    symlinkSync(outside, path.join(ws, "logs"));
    const logs = createInspectLogs({ workspaceDir: ws, isRunning: () => false });
    expect(await logs.list()).toEqual([]);
    await expect(logs.remove("abc123")).rejects.toMatchObject({ status: 404 });
    expect(readdirSync(outside).sort()).toEqual([name, "file.txt"].sort());
  });

  it("a log file that is a symlink is neither listed, read nor deleted through", async () => {
    const name = "2026-11-21T10-15-00Z_s1-dmz_abc123.json";
    writeFileSync(
      path.join(outside, name),
      JSON.stringify({ status: "success", eval: { task: SECRET, run_id: "abc123" } }),
    );
    mkdirSync(path.join(ws, "logs"));
    symlinkSync(path.join(outside, name), path.join(ws, "logs", name));
    const logs = createInspectLogs({ workspaceDir: ws, isRunning: () => false });
    expect(JSON.stringify(await logs.list())).not.toContain(SECRET);
    await expect(logs.remove("abc123")).rejects.toMatchObject({ status: 404 });
    expect(readdirSync(outside).sort()).toEqual([name, "file.txt"].sort());
  });

  it("still lists and deletes a real log in a real logs/", async () => {
    const name = "2026-11-21T10-15-00Z_s1-dmz_abc123.json";
    mkdirSync(path.join(ws, "logs"));
    writeFileSync(
      path.join(ws, "logs", name),
      JSON.stringify({ status: "success", eval: { task: "s1-dmz", run_id: "abc123" } }),
    );
    const logs = createInspectLogs({ workspaceDir: ws, isRunning: () => false });
    expect((await logs.list()).map((l) => [l.id, l.task, l.status])).toEqual([["abc123", "s1-dmz", "completed"]]);
    expect((await logs.remove("abc123")).name).toBe(name);
    expect(readdirSync(path.join(ws, "logs"))).toEqual([]);
  });
});
