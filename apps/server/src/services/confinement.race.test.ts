import { DirectoryListingSchema, FileContentSchema } from "@analystbench/contracts";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkBeside, startSwapper } from "../test-support/swap-race";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { createFileStore, type FileStore } from "./file-store";
import { createInspectLogs } from "./inspect-logs";
import { describeInProcesses } from "./listing-processes";
import { createResultsStore } from "./results";

/**
 * The check-then-open race (issue 10, item 5): a thread swaps a workspace directory between the
 * real directory and a symlink to a directory outside the workspace, as fast as it can, while a
 * store reads, lists or deletes through it. Errors are fine; a single byte of an outside file, a
 * single outside entry or a single outside file deleted is a leak.
 *
 * ANALYSTBENCH_RACE_MS and ANALYSTBENCH_RACE_ATTEMPTS change the budget of each race.
 */

/** Wall time per race; a race also stops after MAX_ATTEMPTS operations of each kind. */
const RACE_MS = Number(process.env.ANALYSTBENCH_RACE_MS ?? 3000);
const MAX_ATTEMPTS = Number(process.env.ANALYSTBENCH_RACE_ATTEMPTS ?? 2000);
const CONCURRENCY = 4;

const SECRET = `OUTSIDE-SECRET-${randomBytes(12).toString("hex")}`;
const MARKER = `outside-only-${randomBytes(6).toString("hex")}`;

let dataDir: string;
beforeAll(() => {
  dataDir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "analystbench-race-")));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * A workspace whose `rel` directory will be swapped with a symlink to `outside`. The spare names
 * the swapper renames are dot-names beside it.
 */
function setUp(name: string, rel: string): { ws: string; outside: string; swapped: string } {
  const ws = path.join(dataDir, name, "workspace");
  const outside = path.join(dataDir, name, "outside");
  const swapped = path.join(ws, rel);
  mkdirSync(swapped, { recursive: true });
  mkdirSync(outside);
  linkBeside(swapped, outside);
  return { ws, outside, swapped };
}

interface Tally {
  attempts: number;
  ok: number;
  errors: number;
  leaks: number;
  /** Errors by code (FileStoreError code, HTTP status, errno). */
  why: Record<string, number>;
}
const tally = (): Tally => ({ attempts: 0, ok: 0, errors: 0, leaks: 0, why: {} });

type Op = () => Promise<"ok" | "leak">;

/** Runs each op from CONCURRENCY loops while `swapped` is being swapped, until the time or attempt budget is spent. */
async function race(label: string, swapped: string, ops: Record<string, Op>): Promise<Record<string, Tally>> {
  const figures = Object.fromEntries(Object.keys(ops).map((k) => [k, tally()]));
  const stopSwapper = startSwapper(swapped);
  let swaps = 0;
  try {
    const deadline = Date.now() + RACE_MS;
    await Promise.all(
      Object.entries(ops).flatMap(([name, op]) =>
        Array.from({ length: CONCURRENCY }, async () => {
          const t = figures[name]!;
          while (Date.now() < deadline && t.attempts < MAX_ATTEMPTS) {
            t.attempts++;
            try {
              if ((await op()) === "leak") t.leaks++;
              else t.ok++;
            } catch (e) {
              t.errors++;
              const why = (e as { code?: string }).code ?? (e as Error).message;
              t.why[why] = (t.why[why] ?? 0) + 1;
            }
          }
        }),
      ),
    );
  } finally {
    swaps = await stopSwapper();
  }
  console.log(`[race] ${label}: ${swaps} swap cycles; ${JSON.stringify(figures)}`);
  return figures;
}

const listing = async (store: FileStore, folder: string) =>
  DirectoryListingSchema.parse(JSON.parse(await store.listJson(folder)));
const leakedText = (s: string) => (s.includes(SECRET) || s.includes(MARKER) ? "leak" : "ok");

describe("the file store under a directory/symlink swap race", () => {
  let ws: string;
  let swapped: string;
  let store: FileStore;
  let inHelpers: FileStore;
  /** Listings the processes answered: the fallback in the server's thread is raced by `list`. */
  let helperAnswers = 0;
  const INSIDE_TEXT = "inside the workspace";
  beforeAll(() => {
    const s = setUp("files", "swap");
    ws = s.ws;
    swapped = s.swapped;
    writeFileSync(path.join(swapped, "secret.txt"), INSIDE_TEXT);
    writeFileSync(path.join(s.outside, "secret.txt"), SECRET);
    writeFileSync(path.join(s.outside, MARKER), SECRET);
    store = createFileStore({ rootDir: ws });
    inHelpers = createFileStore({
      rootDir: ws,
      helpersFromEntries: 1,
      describeEntries: async (...args) => {
        const described = await describeInProcesses(...args);
        helperAnswers++;
        return described;
      },
    });
  });

  it("never returns a byte or an entry from outside the workspace", async () => {
    const figures = await race("file store", swapped, {
      readText: async () => leakedText((await store.readText("swap/secret.txt")).content),
      download: async () => {
        const file = await store.openForDownload("swap/secret.txt");
        const chunks: Buffer[] = [];
        if (file.size === 0) await file.handle.close();
        else
          for await (const chunk of file.handle.createReadStream({ start: 0, end: file.size - 1, autoClose: true }))
            chunks.push(chunk as Buffer);
        return leakedText(`${file.name}:${Buffer.concat(chunks).toString("utf8")}`);
      },
      list: async () => leakedText((await listing(store, "swap")).items.map((i) => i.name).join("/")),
      // Described on the listing processes: names come from the held descriptor, and so must sizes
      // (the outside secret.txt is longer than the inside one).
      listInHelpers: async () => {
        const { items } = await listing(inHelpers, "swap");
        const outsideSize = items.some((i) => i.name === "secret.txt" && i.size !== INSIDE_TEXT.length);
        return outsideSize ? "leak" : leakedText(items.map((i) => i.name).join("/"));
      },
    });
    for (const t of Object.values(figures)) {
      expect(t.attempts).toBeGreaterThan(0);
      expect(t.leaks).toBe(0);
      // Refusals are the store's own answers, never a raw system error.
      for (const why of Object.keys(t.why)) expect(["OUTSIDE_ROOT", "NOT_FOUND", "FORBIDDEN"]).toContain(why);
    }
    // Not a store that refuses everything: reads went through while the race ran.
    expect(Object.values(figures).reduce((n, t) => n + t.ok, 0)).toBeGreaterThan(0);
    expect(helperAnswers).toBeGreaterThan(0);
  });

  describe("through the HTTP routes", () => {
    let t: TestApp;
    let auth: Record<string, string>;
    beforeAll(async () => {
      t = await createTestApp({ workspaceDir: ws });
      auth = { authorization: `Bearer ${await t.login()}` };
    });
    afterAll(async () => t.close());

    const get = async (url: string) => {
      const res = await t.app.inject({ url, headers: auth });
      if (leakedText(res.body) === "leak") return { leak: true as const, res };
      if (res.statusCode !== 200) throw Object.assign(new Error(res.body), { code: String(res.statusCode) });
      return { leak: false as const, res };
    };

    it("GET /api/files, /content and /download never answer with outside bytes or entries", async () => {
      const figures = await race("HTTP", swapped, {
        content: async () => {
          const { leak, res } = await get("/api/files/content?path=swap/secret.txt");
          return leak ? "leak" : leakedText(FileContentSchema.parse(res.json()).content);
        },
        download: async () => ((await get("/api/files/download?path=swap/secret.txt")).leak ? "leak" : "ok"),
        list: async () => {
          const { leak, res } = await get("/api/files?path=swap");
          if (leak) return "leak";
          return leakedText(
            DirectoryListingSchema.parse(res.json())
              .items.map((i) => i.name)
              .join("/"),
          );
        },
      });
      for (const f of Object.values(figures)) {
        expect(f.attempts).toBeGreaterThan(0);
        expect(f.leaks).toBe(0);
        for (const status of Object.keys(f.why)) expect(["403", "404"]).toContain(status);
      }
    });
  });
});

describe("the results store under the same race", () => {
  it("never lists or summarises a report or record from outside the workspace", async () => {
    const { ws, outside, swapped } = setUp("results", "results/s1-dmz");
    const fm = (status: string) => `---\nstatus: ${status}\ncase_name: ${status}\n---\n`;
    writeFileSync(path.join(swapped, "report.md"), fm("inside"));
    writeFileSync(path.join(swapped, "records.jsonl"), `${JSON.stringify({ status: "completed", case: "inside" })}\n`);
    writeFileSync(path.join(outside, "report.md"), fm(SECRET));
    writeFileSync(path.join(outside, `${MARKER}.md`), fm(SECRET));
    writeFileSync(path.join(outside, "records.jsonl"), `${JSON.stringify({ status: "completed", case: SECRET })}\n`);
    const store = createResultsStore({ workspaceDir: ws });
    const figures = await race("results", swapped, {
      listLogs: async () => leakedText(JSON.stringify(await store.listLogs())),
      listBenchmarks: async () => leakedText(JSON.stringify(await store.listBenchmarks())),
    });
    for (const t of Object.values(figures)) {
      expect(t.attempts).toBeGreaterThan(0);
      expect(t.leaks).toBe(0);
      expect(t.errors).toBe(0);
    }
  });
});

describe("the eval logs store under the same race", () => {
  it("never lists, reads or deletes a log outside the workspace", async () => {
    const { ws, outside, swapped } = setUp("logs", "logs");
    const name = "2026-11-21T10-15-00Z_s1-dmz_race1.json";
    const outsideLog = JSON.stringify({ status: "success", eval: { task: SECRET, run_id: "race1" } });
    writeFileSync(path.join(outside, name), outsideLog);
    // The real logs/ directory, whatever it is called at the moment: its log is put back after each delete.
    const realDir = openSync(swapped, constants.O_RDONLY | constants.O_DIRECTORY);
    const logs = createInspectLogs({ workspaceDir: ws, isRunning: () => false });
    let deleted = 0;
    try {
      const figures = await race("eval logs", swapped, {
        list: async () => leakedText(JSON.stringify(await logs.list())),
        remove: async () => {
          writeFileSync(
            `/proc/self/fd/${realDir}/${name}`,
            JSON.stringify({ status: "success", eval: { run_id: "race1" } }),
          );
          const removed = await logs.remove("race1");
          deleted++;
          return leakedText(JSON.stringify(removed));
        },
      });
      for (const t of Object.values(figures)) {
        expect(t.attempts).toBeGreaterThan(0);
        expect(t.leaks).toBe(0);
      }
      expect(deleted).toBeGreaterThan(0);
    } finally {
      closeSync(realDir);
    }
    // The outside log is untouched and nothing was left beside it.
    expect(existsSync(path.join(outside, name))).toBe(true);
    expect(readFileSync(path.join(outside, name), "utf8")).toBe(outsideLog);
    expect(readdirSync(outside)).toEqual([name]);
  });
});
