import { describe, expect, it } from "vitest";
import { Bash, InMemoryFs } from "just-bash";
import { TrackedFs } from "./tracked-fs";

/** A filesystem with `bytes` at /bin/tool, stamped long ago, as a host's laid copy holds its stubs. */
function laidWith(bytes: string | Uint8Array): TrackedFs {
  const fs = new TrackedFs();
  fs.mkdirSync("/bin", { recursive: true });
  fs.writeFileSync("/bin/tool", bytes, undefined, { mode: 0o755, mtime: new Date("2024-01-02T03:04:05Z") });
  return fs;
}

const bytesOf = async (fs: TrackedFs) => [...(await fs.readFileBuffer("/bin/tool"))];

describe("laying an interpreter down again", () => {
  it("leaves a file written with the text it holds untouched, however often", async () => {
    const fs = laidWith("#!/bin/bash\n# Built-in command: tool\n");
    const stamped = (await fs.stat("/bin/tool")).mtime.getTime();
    for (let i = 0; i < 3; i++)
      expect(fs.layDownAgain(() => fs.writeFileSync("/bin/tool", "#!/bin/bash\n# Built-in command: tool\n"))).toBe(0);
    expect((await fs.stat("/bin/tool")).mtime.getTime()).toBe(stamped);
    expect(Buffer.from(await fs.readFileBuffer("/bin/tool")).toString()).toBe(
      "#!/bin/bash\n# Built-in command: tool\n",
    );
  });

  it("writes text that differs, keeping the file's time and mode", async () => {
    const fs = laidWith("#!/bin/bash\n# Built-in command: tool\n");
    const before = await fs.stat("/bin/tool");
    fs.layDownAgain(() => fs.writeFileSync("/bin/tool", "#!/bin/bash\n# Built-in command: tool2\n"));
    expect(Buffer.from(await fs.readFileBuffer("/bin/tool")).toString()).toBe(
      "#!/bin/bash\n# Built-in command: tool2\n",
    );
    const after = await fs.stat("/bin/tool");
    expect([after.mtime.getTime(), after.mode & 0o777]).toEqual([before.mtime.getTime(), 0o755]);
  });

  it("never takes bytes that are not UTF-8 for the replacement characters they decode to", async () => {
    // 0xff 0xfe decode to "\ufffd\ufffd", whose bytes are ef bf bd ef bf bd: not the same file.
    const fs = laidWith(new Uint8Array([0xff, 0xfe]));
    fs.layDownAgain(() => fs.writeFileSync("/bin/tool", "\ufffd\ufffd"));
    expect(await bytesOf(fs)).toEqual([0xef, 0xbf, 0xbd, 0xef, 0xbf, 0xbd]);
    // And the other way round: text that is those bytes' faithful decoding is the same file.
    const same = laidWith(new Uint8Array([0xef, 0xbf, 0xbd]));
    expect(same.layDownAgain(() => same.writeFileSync("/bin/tool", "\ufffd"))).toBe(0);
    expect(await bytesOf(same)).toEqual([0xef, 0xbf, 0xbd]);
  });
});

/** Bytes in shared memory, as the host builder writes a generated log's (the only bytes whose texts are kept). */
function sharedCopy(bytes: Uint8Array): Uint8Array {
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return shared;
}

describe("a file's bytes as a byte string", () => {
  const big = (tail: string) => `${"x".repeat(300 * 1024)}${tail}`;
  const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

  it("is the same for a shared log's bytes, read again and again, ASCII or not", async () => {
    const fs = new TrackedFs();
    for (const text of [big("\n"), big("é\n")]) {
      const bytes = sharedCopy(new TextEncoder().encode(text));
      fs.writeFileSync("/var/log/shared.log", bytes);
      for (let i = 0; i < 2; i++) {
        expect(await fs.readFileBytes("/var/log/shared.log")).toBe(latin1(bytes));
        expect(await fs.readFile("/var/log/shared.log")).toBe(text);
      }
      // What grep works out is kept with these bytes (grep-memo.ts).
      expect((await fs.readTextKeyed("/var/log/shared.log")).bytes).toBe(bytes);
    }
  });

  it("decodes text as the in-memory filesystem does: a leading BOM dropped, invalid bytes replaced", async () => {
    const plain = new InMemoryFs();
    const fs = new TrackedFs();
    const bom = [0xef, 0xbb, 0xbf];
    for (const size of [10, 300 * 1024])
      for (const tail of [[0x61], [0xff, 0xfe, 0x61], [0xe2, 0x82]]) {
        const bytes = Uint8Array.from([...bom, ...new Array<number>(size).fill(0x61), ...tail]);
        plain.writeFileSync("/f", bytes);
        fs.writeFileSync("/f", sharedCopy(bytes));
        expect(await fs.readFile("/f")).toBe(await plain.readFile("/f"));
        fs.writeFileSync("/f", bytes);
        expect(await fs.readFile("/f")).toBe(await plain.readFile("/f"));
      }
  });

  it("is read from a file a command wrote as from any other, and grep keeps nothing with its bytes", async () => {
    // Only generated logs' bytes key grep's results: a model's copies of a log never do.
    const fs = new TrackedFs();
    const mine = new TextEncoder().encode(big("é\n"));
    fs.writeFileSync("/tmp/copy", mine);
    expect(await fs.readFileBytes("/tmp/copy")).toBe(latin1(mine));
    expect(await fs.readFile("/tmp/copy")).toBe(big("é\n"));
    expect((await fs.readTextKeyed("/tmp/copy")).bytes).toBeUndefined();
  });

  it("is each byte a character, for small and big files, ASCII or not, and follows every write", async () => {
    const fs = new TrackedFs();
    for (const text of ["", "plain\n", "café ☕\n", big("\n"), big("é\n")]) {
      fs.writeFileSync("/f", text);
      const bytes = new TextEncoder().encode(text);
      expect(await fs.readFileBytes("/f")).toBe(latin1(bytes));
      // Read twice: a big file's is kept with its bytes, apart from its decoded text.
      expect(await fs.readFileBytes("/f")).toBe(latin1(bytes));
      expect(await fs.readFile("/f")).toBe(text);
    }
    await fs.appendFile("/f", "ü");
    expect(await fs.readFileBytes("/f")).toBe(latin1(new TextEncoder().encode(big("é\nü"))));
    const raw = Uint8Array.from({ length: 300 * 1024 }, (_, i) => i % 256);
    fs.writeFileSync("/bin.dat", raw);
    expect(await fs.readFileBytes("/bin.dat")).toBe(latin1(raw));
    // The decoded text of ASCII bytes, kept once for both, is still their text.
    fs.writeFileSync("/ascii", big("\n"));
    expect(await fs.readFileBytes("/ascii")).toBe(big("\n"));
    expect(await fs.readFile("/ascii")).toBe(big("\n"));
  });

  it("counts as a read of the file, for the provenance of what a command printed", async () => {
    const fs = new TrackedFs();
    fs.writeFileSync("/f", "host's own\n");
    fs.currentCommand = 0;
    await fs.writeFile("/f", "agent's\n");
    fs.currentCommand = 1;
    fs.readAgentWritten = false;
    await fs.readFileBytes("/f");
    expect(fs.readAgentWritten).toBe(true);
  });
});

describe("a copy", () => {
  /** Every kind of entry: directory, file of bytes and of text, symlink, lazy and generated files. */
  function withEveryKind(): TrackedFs {
    const fs = new TrackedFs();
    const at = { mode: 0o640, mtime: new Date("2024-05-06T07:08:09Z") };
    fs.mkdirSync("/var/log", { recursive: true });
    fs.writeFileSync("/var/log/bytes", new Uint8Array([1, 2, 3, 250]), undefined, at);
    fs.writeFileSync("/var/log/text", "plain text\n", undefined, at);
    fs.writeFileLazy("/var/log/lazy", () => "made late\n", at);
    fs.writeGenerated("/var/log/made", () => ({ bytes: new TextEncoder().encode("a\nb\n"), lastMs: 1e12 }), {
      mode: 0o600,
      mtimeMs: 5e11,
    });
    return fs;
  }

  /** What a path holds, as commands see it. */
  async function seen(fs: TrackedFs, path: string) {
    const st = await fs.lstat(path);
    const body = st.isSymbolicLink ? await fs.readlink(path) : st.isFile ? [...(await fs.readFileBuffer(path))] : null;
    return { mode: st.mode, mtimeMs: st.mtime.getTime(), body };
  }

  it("holds what the original holds, and what either then changes stays its own", async () => {
    const original = withEveryKind();
    await original.symlink("/var/log/text", "/var/log/link");
    const paths = ["/var/log", "/var/log/bytes", "/var/log/text", "/var/log/lazy", "/var/log/link"];
    const copy = original.clone();
    // A generated file read in the copy is generated there alone, and takes its last line's time.
    expect((await seen(copy, "/var/log/made")).mtimeMs).toBe(1e12);
    expect(original.isPending("/var/log/made")).toBe(true);
    const entryTime = (fs: TrackedFs) =>
      (fs as unknown as { data: Map<string, { mtime: Date }> }).data.get("/var/log/made")!.mtime.getTime();
    expect(entryTime(original)).toBe(5e11);
    expect(await seen(original, "/var/log/made")).toEqual(await seen(copy, "/var/log/made"));
    for (const p of paths) expect(await seen(copy, p)).toEqual(await seen(original, p));
    const before = await Promise.all(paths.map((p) => seen(original, p)));
    await copy.chmod("/var/log/bytes", 0o777);
    await copy.utimes("/var/log/text", new Date(0), new Date(0));
    await copy.chmod("/var/log", 0o700);
    await copy.writeFile("/var/log/lazy", "overwritten\n");
    await copy.rm("/var/log/link");
    expect(await Promise.all(paths.map((p) => seen(original, p)))).toEqual(before);
  });

  it("counts the bytes it holds as the original does, each array once more", async () => {
    const original = withEveryKind();
    const retained = (fs: TrackedFs) => (fs as unknown as { retainedBytes: number }).retainedBytes;
    const copy = original.clone();
    expect(retained(copy)).toBe(retained(original));
    // Removing its only entry for an array frees the array's bytes in the copy alone.
    await copy.rm("/var/log/bytes");
    expect(retained(copy)).toBe(retained(original) - 4);
  });

  it("knows every field of the entries an interpreter and its commands make", async () => {
    const fs = withEveryKind();
    const bash = new Bash({ fs, cwd: "/" });
    await bash.exec(
      "mkdir -p /a/b && echo x > /a/f && ln -s /a/f /a/l && touch -d @5 /a/f && cp -p /a/f /a/g && chmod 600 /a/g",
    );
    const known = ["type", "mode", "mtime", "content", "lazy", "target"];
    const table = (fs as unknown as { data: Map<string, object> }).data;
    expect(table.size).toBeGreaterThan(100);
    for (const entry of table.values()) expect(Object.keys(entry).filter((k) => !known.includes(k))).toEqual([]);
  });
});

describe("touching a file", () => {
  it("gives it a time of its own, never the clock's or the caller's Date", async () => {
    const fs = new TrackedFs();
    fs.simulatedNow = new Date("2024-05-06T07:08:09Z");
    fs.writeFileSync("/now", "x");
    fs.writeFileSync("/given", "y");
    await fs.utimes("/now", new Date(), new Date());
    const given = new Date("2020-01-01T00:00:00Z");
    await fs.utimes("/given", given, given);
    const copy = fs.clone();
    fs.simulatedNow.setTime(0);
    given.setTime(0);
    expect((await copy.stat("/now")).mtime.toISOString()).toBe("2024-05-06T07:08:09.000Z");
    expect((await fs.stat("/given")).mtime.toISOString()).toBe("2020-01-01T00:00:00.000Z");
  });
});
