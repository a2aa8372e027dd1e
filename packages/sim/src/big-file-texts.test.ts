import { describe, expect, it } from "vitest";
import { KEPT_TEXT_MIN_BYTES, keptText, sharedLogBytes, WRITTEN_TEXTS_MAX_BYTES } from "./big-file-texts";

/** A read that counts how often the text was made. */
function reader(bytes: Uint8Array) {
  const made = { n: 0 };
  const read = (kind: "text" | "latin1" = "text") =>
    keptText(bytes, kind, () => {
      made.n++;
      return Buffer.from(bytes).toString(kind === "text" ? "utf8" : "latin1");
    });
  return { made, read };
}

const written = (size: number, fill = 0x61) => new Uint8Array(size).fill(fill);
function shared(size: number, fill = 0x61): Uint8Array {
  const bytes = new Uint8Array(new SharedArrayBuffer(size));
  return bytes.fill(fill);
}

describe("big files' texts", () => {
  it("are made once for a generated log's bytes, and at each read for a small file", async () => {
    const log = reader(shared(KEPT_TEXT_MIN_BYTES));
    expect(sharedLogBytes(shared(KEPT_TEXT_MIN_BYTES))).toBe(true);
    for (let i = 0; i < 3; i++) await log.read();
    expect(log.made.n).toBe(1);
    const small = reader(written(KEPT_TEXT_MIN_BYTES - 1));
    for (let i = 0; i < 3; i++) await small.read();
    expect(small.made.n).toBe(3);
  });

  it("read ASCII bytes as one string both ways, and other bytes as each way's own", async () => {
    const ascii = reader(written(KEPT_TEXT_MIN_BYTES));
    await ascii.read("text");
    expect(await ascii.read("latin1")).toBe("a".repeat(KEPT_TEXT_MIN_BYTES));
    expect(ascii.made.n).toBe(1);
    const accented = reader(written(KEPT_TEXT_MIN_BYTES, 0xe9));
    const text = await accented.read("text");
    const latin1 = await accented.read("latin1");
    expect(text).toBe("\ufffd".repeat(KEPT_TEXT_MIN_BYTES));
    expect(latin1).toBe("é".repeat(KEPT_TEXT_MIN_BYTES));
    expect(accented.made.n).toBe(2);
  });

  it("are kept for files commands wrote within a budget for the worker, the least recently read going first", async () => {
    // Each costs its bytes and its text at two bytes a character: three times its size.
    const size = Math.floor(WRITTEN_TEXTS_MAX_BYTES / 3 / 4);
    const first = reader(written(size));
    await first.read();
    const others = Array.from({ length: 3 }, () => reader(written(size)));
    for (const other of others) await other.read();
    // Read again, the first is now the most recently read: the next one in pushes out the second.
    await first.read();
    expect(first.made.n).toBe(1);
    await reader(written(size)).read();
    await first.read();
    expect(first.made.n).toBe(1);
    await others[0]!.read();
    expect(others[0]!.made.n).toBe(2);
    // A model's hundred copies of a log keep the budget's worth, not a hundred.
    for (let i = 0; i < 100; i++) await reader(written(size)).read();
    await first.read();
    expect(first.made.n).toBe(2);
  });

  it("count the whole buffer a written file's bytes lie in, which they keep alive", async () => {
    // split leaves its pieces as views into the file it read: each keeps that whole buffer alive.
    const whole = new ArrayBuffer(WRITTEN_TEXTS_MAX_BYTES);
    const piece = reader(new Uint8Array(whole, 0, KEPT_TEXT_MIN_BYTES).fill(0x61));
    await piece.read();
    await piece.read();
    expect(piece.made.n).toBe(2);
  });

  it("charge a text made twice at once only once", async () => {
    // A quarter of the budget read twice at the same time still fits with three others of its size.
    const size = Math.floor(WRITTEN_TEXTS_MAX_BYTES / 3 / 4);
    const twice = reader(written(size));
    await Promise.all([twice.read(), twice.read()]);
    for (let i = 0; i < 3; i++) await reader(written(size)).read();
    await twice.read();
    expect(twice.made.n).toBe(2);
  });

  it("never keep a written file too big for the budget on its own", async () => {
    const huge = reader(written(Math.ceil(WRITTEN_TEXTS_MAX_BYTES / 3) + 1));
    await huge.read();
    await huge.read();
    expect(huge.made.n).toBe(2);
  });
});
