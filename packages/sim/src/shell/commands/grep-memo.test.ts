import { encodeUtf8ToBytes } from "just-bash";
import { describe, expect, it } from "vitest";
import { TrackedFs } from "../../tracked-fs";
import { fastGrep } from "./grep-fast";
import { MEMO_MAX_KEY, MEMO_MAX_LINES, MEMO_RESULTS, MEMO_TOTAL_LINES, remembered } from "./grep-memo";

/** A run that counts how often it was asked to scan. */
function counting(items: number[]) {
  const calls = { n: 0 };
  const run = () => {
    calls.n++;
    return items[Symbol.iterator]();
  };
  return { calls, run };
}

describe("remembered scans", () => {
  it("scans once for a key and bytes, and again for other bytes or another key", () => {
    const bytes = new Uint8Array(1);
    const { calls, run } = counting([1, 2, 3]);
    expect([...remembered(bytes, "k", run)]).toEqual([1, 2, 3]);
    expect([...remembered(bytes, "k", run)]).toEqual([1, 2, 3]);
    expect(calls.n).toBe(1);
    // The same content in other bytes, or another pattern, is scanned afresh.
    expect([...remembered(new Uint8Array(1), "k", run)]).toEqual([1, 2, 3]);
    expect([...remembered(bytes, "other", run)]).toEqual([1, 2, 3]);
    expect(calls.n).toBe(3);
  });

  it("keeps nothing when the caller stops early (grep -q, -m)", () => {
    const bytes = new Uint8Array(1);
    const { calls, run } = counting([1, 2, 3]);
    for (const item of remembered(bytes, "k", run)) if (item === 1) break;
    expect([...remembered(bytes, "k", run)]).toEqual([1, 2, 3]);
    expect(calls.n).toBe(2);
  });

  it("keeps no result longer than the bound, nor one for a long pattern", () => {
    const bytes = new Uint8Array(1);
    const long = counting(Array.from({ length: MEMO_MAX_LINES + 1 }, (_, i) => i));
    expect([...remembered(bytes, "long", long.run)]).toHaveLength(MEMO_MAX_LINES + 1);
    expect([...remembered(bytes, "long", long.run)]).toHaveLength(MEMO_MAX_LINES + 1);
    expect(long.calls.n).toBe(2);
    const key = "k".repeat(MEMO_MAX_KEY + 1);
    const short = counting([1]);
    Array.from(remembered(bytes, key, short.run));
    Array.from(remembered(bytes, key, short.run));
    expect(short.calls.n).toBe(2);
  });

  it("bounds the results and lines kept across every file of the worker, the oldest going first", () => {
    // A model copying a log many times and grepping each copy must not grow the worker's memory.
    const first = counting([0]);
    const firstBytes = new Uint8Array(1);
    Array.from(remembered(firstBytes, "k", first.run));
    for (let i = 0; i < MEMO_RESULTS; i++) Array.from(remembered(new Uint8Array(1), "k", () => [i]));
    Array.from(remembered(firstBytes, "k", first.run));
    expect(first.calls.n).toBe(2);

    const lines = Array.from({ length: MEMO_MAX_LINES }, (_, i) => i);
    const big = counting(lines);
    const bigBytes = new Uint8Array(1);
    Array.from(remembered(bigBytes, "k", big.run));
    const perResult = MEMO_MAX_LINES + 1;
    for (let i = 0; i < Math.floor(MEMO_TOTAL_LINES / perResult); i++)
      Array.from(remembered(new Uint8Array(1), "k", () => lines));
    Array.from(remembered(bigBytes, "k", big.run));
    expect(big.calls.n).toBe(2);
    // While within both bounds, what was kept is still kept.
    const recent = counting([1]);
    const recentBytes = new Uint8Array(1);
    Array.from(remembered(recentBytes, "k", recent.run));
    Array.from(remembered(recentBytes, "k", recent.run));
    expect(recent.calls.n).toBe(1);
  });
});

describe("grep's remembered results on the simulated filesystem", () => {
  /** A log past the size whose decoded text and grep results are kept with its bytes. */
  const bigLog = Array.from({ length: 20_000 }, (_, i) => `line ${i} user=${i % 7 === 0 ? "mallory" : "alice"}`)
    .join("\n")
    .concat("\n");
  const grep = (fs: TrackedFs, patterns: string[], options: string[] = []) =>
    fastGrep({
      patterns,
      mode: "G",
      options,
      files: ["/var/log/app.log"],
      defaultNames: false,
      ctx: { fs, cwd: "/", stdin: encodeUtf8ToBytes("") },
      keyed: fs,
    });
  /** A generated log's bytes: in shared memory, as the host builder writes them (the only bytes grep remembers for). */
  const shared = (text: string) => {
    const bytes = new TextEncoder().encode(text);
    const copy = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
    copy.set(bytes);
    return copy;
  };
  const hostWith = (bytes: Uint8Array) => {
    const fs = new TrackedFs();
    fs.writeFileSync("/var/log/app.log", bytes);
    return fs;
  };

  it("answers a repeated search as the first, and sees a write at once", async () => {
    const fs = hostWith(shared(bigLog));
    const first = await grep(fs, ["mallory"], ["-c"]);
    expect(first?.stdout).toBe("2858\n");
    expect(await grep(fs, ["mallory"], ["-c"])).toEqual(first);
    expect((await grep(fs, ["line 7 "], ["-n"]))?.stdout).toBe("8:line 7 user=mallory\n");

    await fs.appendFile("/var/log/app.log", "line x user=mallory\n");
    expect((await grep(fs, ["mallory"], ["-c"]))?.stdout).toBe("2859\n");
    await fs.writeFile("/var/log/app.log", bigLog.replaceAll("mallory", "bob"));
    expect(await grep(fs, ["mallory"], ["-c"])).toMatchObject({ stdout: "0\n", exitCode: 1 });
  });

  it("keeps one session's writes out of another's searches of the same shared bytes", async () => {
    // Copies of a host share a log's bytes until one of them writes it (build-host.ts).
    const log = shared(bigLog);
    const mine = hostWith(log);
    const theirs = hostWith(log);
    expect((await grep(theirs, ["mallory"], ["-c"]))?.stdout).toBe("2858\n");
    await mine.appendFile("/var/log/app.log", "line y user=mallory\n");
    expect((await grep(mine, ["mallory"], ["-c"]))?.stdout).toBe("2859\n");
    expect((await grep(theirs, ["mallory"], ["-c"]))?.stdout).toBe("2858\n");
  });

  it("still leaves a big file with a NUL to just-bash's grep, once it holds one", async () => {
    const fs = hostWith(shared(bigLog));
    expect(await grep(fs, ["alice"], ["-c"])).not.toBeNull();
    await fs.appendFile("/var/log/app.log", "\u0000binary\n");
    expect(await grep(fs, ["alice"], ["-c"])).toBeNull();
  });
});
